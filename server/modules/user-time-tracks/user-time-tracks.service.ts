/**
 * Personal working time (clock in/out, apart from the billable customer time tracks): one active user time track
 * per member, made of contiguous `work` and `break` segments. Corrections keep the segments
 * contiguous and never overlapping, processed tracks are locked, and every change goes to the audit
 * trail. Working-time law findings (working-time-law.ts) come with every track and group; they are
 * shown, never applied.
 */
import type { components } from '../../../generated/server/openapi';
import type { Deps } from '../../platform/handler';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/helpers';
import { isManager, mayChangeRecordOf, type RequestContext } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import {
  firstOfMonthOf,
  epochDayOfIsoDate,
  localEpochDay,
  startOfLocalDay,
} from '../../platform/time-zone';
import { recordAudit, snapshot, type AuditEntry } from '../../db/audit';
import { positionUnderConsent, CLOCK_SKEW_MS } from '../time-tracks';
import { actedAt } from '../../platform/acted-at';
import { groupByPeriod, periodLabel, type Grouping } from './grouping';
import {
  deleteSegment,
  findActiveTrack,
  findMember,
  findTrack,
  insertSegment,
  insertTrack,
  listTracks,
  lockOwnerTracks,
  overlapsOtherTrack,
  segmentsOf,
  trackMomentsOfOwnerBetween,
  tracksOfOwnerBetween,
  updateSegment,
  updateTrack,
  type SegmentRecord,
  type TrackListQuery,
  type TrackMoments,
  type TrackRow,
} from './user-time-tracks.repository';
import { checkWorkingTime, segmentTotals, workingDays, type LawFinding, type SegmentKind } from './working-time-law';
import type { BodyOf, QueryOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';
import { describeFinding, lawTrack, trackAnswer, trackDto, trackDtos, timeSettings, type UserTimeTrack } from './track-answers';

type UserTimeTrackGroup = components['schemas']['UserTimeTrackGroup'];
type Position = components['schemas']['GeoPosition'];

const ACTIVE_UNIQUE = 'user_time_tracks_one_active_uq';
/** Longest working day that can be added afterwards. */
const MAX_ADDED_DAY_MS = 24 * 60 * 60 * 1000;
/** Longest span `GetListGrouped` cuts into periods (about three years). */
export const MAX_GROUPED_DAYS = 1100;

function segmentAudit(segment: SegmentRecord) {
  return snapshot({ trackId: segment.trackId, kind: segment.kind, startedAt: segment.startedAt, endedAt: segment.endedAt });
}

export class UserTimeTracksService {
  constructor(private readonly deps: Deps) {}

  async start(ctx: RequestContext, body: { position?: Position | null; atUtc?: string | null }): Promise<UserTimeTrack> {
    const now = ctx.now;
    try {
      return await inTenant(this.deps.database, ctx, async (tx) => {
        const at = await actedAt(tx, ctx, body.atUtc);
        const position = await positionUnderConsent(tx, body.position);
        const track = await insertTrack(tx, {
          tenantId: ctx.tenantId,
          ownerId: ctx.userId,
          startedAt: at,
          startLatitude: position?.latitude ?? null,
          startLongitude: position?.longitude ?? null,
        });
        const segment = await insertSegment(tx, { tenantId: ctx.tenantId, trackId: track.id, kind: 'work', startedAt: at });
        await recordAudit(tx, ctx.tenantId, [
          { actorId: ctx.userId, entity: 'user_time_track', entityId: track.id, action: 'create', changes: { after: snapshot({ ownerId: track.ownerId, startedAt: track.startedAt }) } },
          { actorId: ctx.userId, entity: 'user_time_track_segment', entityId: segment.id, action: 'create', changes: { after: segmentAudit(segment) } },
        ]);
        return trackAnswer(tx, ctx, track.id, now.getTime());
      });
    } catch (error) {
      if (isUniqueViolation(error, ACTIVE_UNIQUE)) {
        throw new AppError('ACTIVE_USER_TIME_TRACK_EXISTS', 'userTimeTracks.activeExists');
      }
      throw error;
    }
  }

  async getActive(ctx: RequestContext): Promise<UserTimeTrack | null> {
    const nowMs = ctx.now.getTime();
    return inTenant(this.deps.database, ctx, async (tx) => {
      const track = await findActiveTrack(tx, ctx.tenantId, ctx.userId);
      return track ? (await trackDtos(tx, ctx, [track], nowMs))[0] : null;
    });
  }

  private async activeWithOpenSegment(tx: Tx, ctx: RequestContext) {
    const track = await findActiveTrack(tx, ctx.tenantId, ctx.userId, { lock: true });
    if (!track) throw new AppError('NO_ACTIVE_USER_TIME_TRACK', 'userTimeTracks.noActive');
    const segments = (await segmentsOf(tx, ctx.tenantId, [track.id])).get(track.id) ?? [];
    const open = segments[segments.length - 1];
    return { track, open: open && open.endedAt === null ? open : undefined };
  }

  async appendSegment(ctx: RequestContext, kind: SegmentKind, atUtc?: string | null): Promise<UserTimeTrack> {
    const now = ctx.now;
    return inTenant(this.deps.database, ctx, async (tx) => {
      const { track, open } = await this.activeWithOpenSegment(tx, ctx);
      if (open?.kind === kind) {
        throw new AppError('CONFLICT', kind === 'break' ? 'userTimeTracks.alreadyOnBreak' : 'userTimeTracks.alreadyWorking');
      }
      const acted = await actedAt(tx, ctx, atUtc);
      const at = new Date(Math.max(acted.getTime(), open?.startedAt.getTime() ?? 0));
      const audit: AuditEntry[] = [];
      if (open) {
        const closed = await updateSegment(tx, ctx.tenantId, open.id, { endedAt: at });
        audit.push({ actorId: ctx.userId, entity: 'user_time_track_segment', entityId: open.id, action: 'update', changes: { before: { endedAt: null }, after: { endedAt: closed.endedAt?.toISOString() } } });
      }
      const segment = await insertSegment(tx, { tenantId: ctx.tenantId, trackId: track.id, kind, startedAt: at });
      audit.push({ actorId: ctx.userId, entity: 'user_time_track_segment', entityId: segment.id, action: 'create', changes: { after: segmentAudit(segment) } });
      await updateTrack(tx, ctx.tenantId, track.id, {});
      await recordAudit(tx, ctx.tenantId, audit);
      return trackAnswer(tx, ctx, track.id, now.getTime());
    });
  }

  async stop(ctx: RequestContext, body: { position?: Position | null; atUtc?: string | null }): Promise<UserTimeTrack> {
    const now = ctx.now;
    return inTenant(this.deps.database, ctx, async (tx) => {
      const { track, open } = await this.activeWithOpenSegment(tx, ctx);
      const acted = await actedAt(tx, ctx, body.atUtc);
      const at = new Date(Math.max(acted.getTime(), open?.startedAt.getTime() ?? track.startedAt.getTime()));
      const audit: AuditEntry[] = [];
      if (open) {
        await updateSegment(tx, ctx.tenantId, open.id, { endedAt: at });
        audit.push({ actorId: ctx.userId, entity: 'user_time_track_segment', entityId: open.id, action: 'update', changes: { before: { endedAt: null }, after: { endedAt: at.toISOString() } } });
      }
      const position = await positionUnderConsent(tx, body.position);
      await updateTrack(tx, ctx.tenantId, track.id, {
        endedAt: at,
        endLatitude: position?.latitude ?? null,
        endLongitude: position?.longitude ?? null,
      });
      audit.push({ actorId: ctx.userId, entity: 'user_time_track', entityId: track.id, action: 'update', changes: { before: { endedAt: null }, after: { endedAt: at.toISOString() }, via: 'stop' } });
      await recordAudit(tx, ctx.tenantId, audit);
      return trackAnswer(tx, ctx, track.id, now.getTime());
    });
  }

  /** The track for a correction: 404 unknown, 403 another's for an Employee, 409 processed. */
  private async trackForChange(tx: Tx, ctx: RequestContext, trackId: string, segmentId: string) {
    const track = await findTrack(tx, ctx.tenantId, trackId, { lock: true });
    if (!track) throw notFound();
    if (!mayChangeRecordOf(ctx, track.ownerId)) throw forbidden();
    if (track.processedAt !== null) throw new AppError('ENTRY_LOCKED', 'userTimeTracks.processed');
    const segments = (await segmentsOf(tx, ctx.tenantId, [track.id])).get(track.id) ?? [];
    const index = segments.findIndex((s) => s.id === segmentId);
    if (index < 0) throw notFound();
    return { track, segments, index };
  }

  async updateSegment(
    ctx: RequestContext,
    body: BodyOf<'userTimeTracksUpdateSegment'>,
  ): Promise<UserTimeTrack> {
    const nowMs = ctx.now.getTime();
    const startMs = Date.parse(body.startedAtUtc);
    const endMs = body.endedAtUtc ? Date.parse(body.endedAtUtc) : null;
    return inTenant(this.deps.database, ctx, async (tx) => {
      const { track, segments, index } = await this.trackForChange(tx, ctx, body.userTimeTrackId, body.segmentId);
      // The day's limit as for a day added afterwards (decision 0027): neither the track's day nor
      // the day the segment is moved to may lie further back.
      await this.checkLateEntry(tx, ctx, Math.min(track.startedAt.getTime(), startMs));
      const segment = segments[index];
      const previous = segments[index - 1];
      const next = segments[index + 1];
      const isOpen = segment.endedAt === null;
      if (isOpen && endMs !== null) {
        throw new AppError('VALIDATION_ERROR', 'userTimeTracks.openSegmentEnds', { fieldErrors: { endedAtUtc: ['userTimeTracks.openSegmentEnds'] } });
      }
      if (!isOpen && endMs === null) {
        throw new AppError('VALIDATION_ERROR', 'userTimeTracks.endRequired', { fieldErrors: { endedAtUtc: ['userTimeTracks.endRequired'] } });
      }
      if (endMs !== null && endMs <= startMs) {
        throw new AppError('END_BEFORE_START', 'timeTracks.endBeforeStart', { fieldErrors: { endedAtUtc: ['timeTracks.endBeforeStart'] } });
      }
      if (startMs > nowMs + CLOCK_SKEW_MS || (endMs !== null && endMs > nowMs + CLOCK_SKEW_MS)) {
        throw new AppError('VALIDATION_ERROR', 'timeTracks.inFuture', { fieldErrors: { endedAtUtc: ['timeTracks.inFuture'] } });
      }
      // Neighbours move with the segment but may neither vanish nor turn round.
      const swallowsPrevious = previous && startMs <= previous.startedAt.getTime();
      const swallowsNext =
        next && endMs !== null && (next.endedAt === null ? endMs >= nowMs : endMs >= next.endedAt.getTime());
      if (swallowsPrevious || swallowsNext) {
        throw new AppError('SEGMENT_OVERLAP', 'userTimeTracks.overlapNeighbour');
      }
      const trackStart = index === 0 ? new Date(startMs) : track.startedAt;
      const trackEnd = !next && track.endedAt !== null && endMs !== null ? new Date(endMs) : track.endedAt;
      if (await overlapsOtherTrack(tx, ctx.tenantId, track.ownerId, track.id, trackStart, trackEnd)) {
        throw new AppError('SEGMENT_OVERLAP', 'userTimeTracks.overlapTrack');
      }

      const audit: AuditEntry[] = [];
      const change = async (s: SegmentRecord, values: { startedAt?: Date; endedAt?: Date | null }) => {
        const updated = await updateSegment(tx, ctx.tenantId, s.id, values);
        const before = segmentAudit(s);
        const after = segmentAudit(updated);
        const changed = Object.keys(after).filter((k) => before[k] !== after[k]);
        if (changed.length > 0) {
          audit.push({
            actorId: ctx.userId,
            entity: 'user_time_track_segment',
            entityId: s.id,
            action: 'update',
            changes: {
              before: Object.fromEntries(changed.map((k) => [k, before[k]])),
              after: Object.fromEntries(changed.map((k) => [k, after[k]])),
            },
          });
        }
      };
      await change(segment, { startedAt: new Date(startMs), endedAt: endMs === null ? null : new Date(endMs) });
      if (previous) await change(previous, { endedAt: new Date(startMs) });
      if (next && endMs !== null) await change(next, { startedAt: new Date(endMs) });
      await this.moveTrackBounds(tx, ctx, track, trackStart, trackEnd, audit);
      await recordAudit(tx, ctx.tenantId, audit);
      return trackAnswer(tx, ctx, track.id, nowMs);
    });
  }

  private async moveTrackBounds(tx: Tx, ctx: RequestContext, track: TrackRow, start: Date, end: Date | null, audit: AuditEntry[]) {
    const before = snapshot({ startedAt: track.startedAt, endedAt: track.endedAt });
    const after = snapshot({ startedAt: start, endedAt: end });
    const changed = Object.keys(after).filter((k) => before[k] !== after[k]);
    await updateTrack(tx, ctx.tenantId, track.id, { startedAt: start, endedAt: end });
    if (changed.length > 0) {
      audit.push({
        actorId: ctx.userId,
        entity: 'user_time_track',
        entityId: track.id,
        action: 'update',
        changes: {
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        },
      });
    }
  }

  async deleteSegment(ctx: RequestContext, body: BodyOf<'userTimeTracksDeleteSegment'>): Promise<UserTimeTrack> {
    const nowMs = ctx.now.getTime();
    return inTenant(this.deps.database, ctx, async (tx) => {
      const { track, segments, index } = await this.trackForChange(tx, ctx, body.userTimeTrackId, body.segmentId);
      await this.checkLateEntry(tx, ctx, track.startedAt.getTime());
      const segment = segments[index];
      if (segments.length === 1) throw new AppError('VALIDATION_ERROR', 'userTimeTracks.onlySegment');
      if (segment.endedAt === null) throw new AppError('VALIDATION_ERROR', 'userTimeTracks.openSegmentDelete');
      const previous = segments[index - 1];
      const next = segments[index + 1];
      const audit: AuditEntry[] = [];
      const remove = async (s: SegmentRecord) => {
        await deleteSegment(tx, ctx.tenantId, s.id);
        audit.push({ actorId: ctx.userId, entity: 'user_time_track_segment', entityId: s.id, action: 'delete', changes: { before: segmentAudit(s) } });
      };
      const extend = async (s: SegmentRecord, endedAt: Date | null) => {
        await updateSegment(tx, ctx.tenantId, s.id, { endedAt });
        audit.push({
          actorId: ctx.userId,
          entity: 'user_time_track_segment',
          entityId: s.id,
          action: 'update',
          changes: { before: { endedAt: s.endedAt?.toISOString() ?? null }, after: { endedAt: endedAt?.toISOString() ?? null } },
        });
      };
      let start = track.startedAt;
      let end = track.endedAt;
      await remove(segment);
      if (!previous) {
        start = next.startedAt; // the first one: the track starts later
      } else if (!next) {
        end = segment.startedAt; // the last one of an ended track: it ends earlier
      } else if (previous.kind === next.kind) {
        // In between: the time goes to the segment before, and equal neighbours become one.
        await remove(next);
        await extend(previous, next.endedAt);
      } else {
        await extend(previous, segment.endedAt);
      }
      await this.moveTrackBounds(tx, ctx, track, start, end, audit);
      await recordAudit(tx, ctx.tenantId, audit);
      return trackAnswer(tx, ctx, track.id, nowMs);
    });
  }

  /**
   * An Employee may enter or correct working time afterwards only for a day at most the firm's
   * `lateEntryDays` back (in the firm's zone): AddDay, AddBreak, UpdateSegment, DeleteSegment.
   * The back office has no limit.
   */
  private async checkLateEntry(tx: Tx, ctx: RequestContext, startMs: number) {
    if (isManager(ctx)) return;
    const settings = await timeSettings(tx, ctx);
    const days = localEpochDay(ctx.now.getTime(), settings.timeZone) - localEpochDay(startMs, settings.timeZone);
    if (days > settings.lateEntryDays) {
      throw new AppError('LATE_ENTRY_TOO_OLD', 'userTimeTracks.lateEntryTooOld', { params: { days: settings.lateEntryDays } });
    }
  }

  /** A forgotten working day, entered afterwards as work segments around its breaks. */
  async addDay(ctx: RequestContext, body: BodyOf<'userTimeTracksAddDay'>): Promise<UserTimeTrack> {
    const nowMs = ctx.now.getTime();
    const ownerId = body.ownerId ?? ctx.userId;
    if (!mayChangeRecordOf(ctx, ownerId)) throw forbidden();
    const startMs = Date.parse(body.startedAtUtc);
    const endMs = Date.parse(body.endedAtUtc);
    if (endMs <= startMs) {
      throw new AppError('END_BEFORE_START', 'timeTracks.endBeforeStart', { fieldErrors: { endedAtUtc: ['timeTracks.endBeforeStart'] } });
    }
    if (endMs > nowMs + CLOCK_SKEW_MS) {
      throw new AppError('VALIDATION_ERROR', 'timeTracks.inFuture', { fieldErrors: { endedAtUtc: ['timeTracks.inFuture'] } });
    }
    if (endMs - startMs > MAX_ADDED_DAY_MS) {
      throw new AppError('VALIDATION_ERROR', 'timeTracks.tooLong', { fieldErrors: { endedAtUtc: ['timeTracks.tooLong'] } });
    }
    const breaks = body.breaks
      .map((b) => ({ startMs: Date.parse(b.startedAtUtc), endMs: Date.parse(b.endedAtUtc) }))
      .sort((a, b) => a.startMs - b.startMs);
    for (const b of breaks) {
      if (b.endMs <= b.startMs) {
        throw new AppError('END_BEFORE_START', 'timeTracks.endBeforeStart', { fieldErrors: { breaks: ['timeTracks.endBeforeStart'] } });
      }
      if (b.startMs <= startMs || b.endMs >= endMs) {
        throw new AppError('VALIDATION_ERROR', 'userTimeTracks.breakOutsideDay', { fieldErrors: { breaks: ['userTimeTracks.breakOutsideDay'] } });
      }
    }
    for (let i = 1; i < breaks.length; i++) {
      if (breaks[i].startMs <= breaks[i - 1].endMs) {
        throw new AppError('SEGMENT_OVERLAP', 'userTimeTracks.breaksOverlap', { fieldErrors: { breaks: ['userTimeTracks.breaksOverlap'] } });
      }
    }
    return inTenant(this.deps.database, ctx, async (tx) => {
      const member = await findMember(tx, ctx.tenantId, ownerId);
      if (!member) throw notFound();
      await this.checkLateEntry(tx, ctx, startMs);
      await lockOwnerTracks(tx, ctx.tenantId, ownerId);
      if (await overlapsOtherTrack(tx, ctx.tenantId, ownerId, null, new Date(startMs), new Date(endMs))) {
        throw new AppError('SEGMENT_OVERLAP', 'userTimeTracks.overlapTrack');
      }
      const track = await insertTrack(tx, {
        tenantId: ctx.tenantId,
        ownerId,
        startedAt: new Date(startMs),
        endedAt: new Date(endMs),
        addedLater: true,
      });
      const audit: AuditEntry[] = [
        {
          actorId: ctx.userId,
          entity: 'user_time_track',
          entityId: track.id,
          action: 'create',
          changes: { after: snapshot({ ownerId, startedAt: track.startedAt, endedAt: track.endedAt, addedLater: true }), via: 'addDay' },
        },
      ];
      // Work, then each break and the work after it: contiguous from the day's start to its end.
      const parts: { kind: SegmentKind; startMs: number; endMs: number }[] = [];
      let at = startMs;
      for (const b of breaks) {
        parts.push({ kind: 'work', startMs: at, endMs: b.startMs }, { kind: 'break', startMs: b.startMs, endMs: b.endMs });
        at = b.endMs;
      }
      parts.push({ kind: 'work', startMs: at, endMs });
      for (const part of parts) {
        const segment = await insertSegment(tx, {
          tenantId: ctx.tenantId,
          trackId: track.id,
          kind: part.kind,
          startedAt: new Date(part.startMs),
          endedAt: new Date(part.endMs),
        });
        audit.push({ actorId: ctx.userId, entity: 'user_time_track_segment', entityId: segment.id, action: 'create', changes: { after: segmentAudit(segment), via: 'addDay' } });
      }
      await recordAudit(tx, ctx.tenantId, audit);
      return trackAnswer(tx, ctx, track.id, nowMs);
    });
  }

  /**
   * A forgotten break, cut out of one work segment. It may not begin at the track's start or end
   * at its end (the day would begin or end with a break: that is a shorter day); a break that
   * touches a neighbouring break becomes one with it.
   */
  async addBreak(ctx: RequestContext, body: BodyOf<'userTimeTracksAddBreak'>): Promise<UserTimeTrack> {
    const nowMs = ctx.now.getTime();
    const startMs = Date.parse(body.startedAtUtc);
    const endMs = Date.parse(body.endedAtUtc);
    if (endMs <= startMs) {
      throw new AppError('END_BEFORE_START', 'timeTracks.endBeforeStart', { fieldErrors: { endedAtUtc: ['timeTracks.endBeforeStart'] } });
    }
    if (endMs > nowMs) {
      throw new AppError('VALIDATION_ERROR', 'timeTracks.inFuture', { fieldErrors: { endedAtUtc: ['timeTracks.inFuture'] } });
    }
    return inTenant(this.deps.database, ctx, async (tx) => {
      const track = await findTrack(tx, ctx.tenantId, body.userTimeTrackId, { lock: true });
      if (!track) throw notFound();
      if (!mayChangeRecordOf(ctx, track.ownerId)) throw forbidden();
      if (track.processedAt !== null) throw new AppError('ENTRY_LOCKED', 'userTimeTracks.processed');
      await this.checkLateEntry(tx, ctx, track.startedAt.getTime());
      const segments = (await segmentsOf(tx, ctx.tenantId, [track.id])).get(track.id) ?? [];
      const index = segments.findIndex(
        (s) => s.kind === 'work' && s.startedAt.getTime() <= startMs && endMs <= (s.endedAt?.getTime() ?? nowMs),
      );
      const atTrackStart = startMs <= track.startedAt.getTime();
      const atTrackEnd = track.endedAt !== null && endMs >= track.endedAt.getTime();
      if (index < 0 || atTrackStart || atTrackEnd) {
        throw new AppError('SEGMENT_OVERLAP', 'userTimeTracks.breakNotInWork', { fieldErrors: { startedAtUtc: ['userTimeTracks.breakNotInWork'] } });
      }
      const work = segments[index];
      const previous = segments[index - 1];
      const next = segments[index + 1];
      const workEnd = work.endedAt;
      const workBefore = startMs > work.startedAt.getTime();
      const workAfter = workEnd === null || endMs < workEnd.getTime();
      const audit: AuditEntry[] = [];
      const change = async (s: SegmentRecord, values: { startedAt?: Date; endedAt?: Date | null }) => {
        const updated = await updateSegment(tx, ctx.tenantId, s.id, values);
        audit.push({ actorId: ctx.userId, entity: 'user_time_track_segment', entityId: s.id, action: 'update', changes: { before: segmentAudit(s), after: segmentAudit(updated), via: 'addBreak' } });
      };
      const create = async (kind: SegmentKind, from: number, to: Date | null) => {
        const segment = await insertSegment(tx, { tenantId: ctx.tenantId, trackId: track.id, kind, startedAt: new Date(from), endedAt: to });
        audit.push({ actorId: ctx.userId, entity: 'user_time_track_segment', entityId: segment.id, action: 'create', changes: { after: segmentAudit(segment), via: 'addBreak' } });
      };
      const remove = async (s: SegmentRecord) => {
        await deleteSegment(tx, ctx.tenantId, s.id);
        audit.push({ actorId: ctx.userId, entity: 'user_time_track_segment', entityId: s.id, action: 'delete', changes: { before: segmentAudit(s), via: 'addBreak' } });
      };
      // The work shrinks to what lies before (or after) the break, or goes when the break covers it.
      if (workBefore) await change(work, { endedAt: new Date(startMs) });
      else if (workAfter) await change(work, { startedAt: new Date(endMs) });
      else await remove(work);
      // A break touching the break before or after becomes one with it.
      const mergeBefore = !workBefore && previous?.kind === 'break' ? previous : undefined;
      const mergeAfter = !workAfter && next?.kind === 'break' ? next : undefined;
      if (mergeBefore && mergeAfter) {
        await remove(mergeAfter);
        await change(mergeBefore, { endedAt: mergeAfter.endedAt });
      } else if (mergeBefore) {
        await change(mergeBefore, { endedAt: new Date(endMs) });
      } else if (mergeAfter) {
        await change(mergeAfter, { startedAt: new Date(startMs) });
      } else {
        await create('break', startMs, new Date(endMs));
      }
      if (workBefore && workAfter) await create('work', endMs, workEnd);
      await updateTrack(tx, ctx.tenantId, track.id, { addedLater: true });
      if (!track.addedLater) {
        audit.push({ actorId: ctx.userId, entity: 'user_time_track', entityId: track.id, action: 'update', changes: { before: { addedLater: false }, after: { addedLater: true }, via: 'addBreak' } });
      }
      await recordAudit(tx, ctx.tenantId, audit);
      return trackAnswer(tx, ctx, track.id, nowMs);
    });
  }

  async list(ctx: RequestContext, input: QueryOf<'userTimeTracksGetList'>) {
    const nowMs = ctx.now.getTime();
    let ownerId = input.ownerId;
    if (!isManager(ctx)) {
      if (ownerId && ownerId !== ctx.userId) throw forbidden();
      ownerId = ctx.userId;
    }
    const query: TrackListQuery = {
      ...input,
      ownerId,
      from: input.fromDate ? new Date(input.fromDate) : undefined,
      to: input.toDate ? new Date(input.toDate) : undefined,
    };
    return inTenant(this.deps.database, ctx, async (tx) => {
      const { totalCount, capped, rows } = await listTracks(tx, ctx.tenantId, query);
      return { totalCount, ...(capped ? { totalCountCapped: true } : {}), page: input.page, pageSize: input.pageSize, items: await trackDtos(tx, ctx, rows, nowMs) };
    });
  }

  /**
   * The caller's (or, for the back office, one member's) working time by day, week or month.
   * `fromDate` and `toDate` select whole days in the tenant's zone: the day of `fromDate` up to the
   * day of the last instant before `toDate`.
   */
  async listGrouped(
    ctx: RequestContext,
    input: {
      ownerId?: string;
      grouping: Grouping;
      fromDate?: string;
      toDate?: string;
      filter?: string;
      page: number;
      pageSize: number;
      fillEmpty: boolean;
      includeTracks?: boolean;
    },
  ) {
    const nowMs = ctx.now.getTime();
    const includeTracks = input.includeTracks ?? true;
    const ownerId = input.ownerId ?? ctx.userId;
    if (!mayChangeRecordOf(ctx, ownerId)) throw forbidden();
    return inTenant(this.deps.database, ctx, async (tx) => {
      const member = await findMember(tx, ctx.tenantId, ownerId);
      if (!member) throw notFound();
      const settings = await timeSettings(tx, ctx);
      const tz = settings.timeZone;
      const today = localEpochDay(nowMs, tz);
      const fromDay = input.fromDate ? localEpochDay(Date.parse(input.fromDate), tz) : firstOfMonthOf(today);
      const toDay = input.toDate ? localEpochDay(Date.parse(input.toDate) - 1, tz) : today;
      if (toDay < fromDay) {
        throw new AppError('VALIDATION_ERROR', 'userTimeTracks.rangeInverted', { fieldErrors: { toDate: ['userTimeTracks.rangeInverted'] } });
      }
      if (toDay - fromDay + 1 > MAX_GROUPED_DAYS) {
        throw new AppError('VALIDATION_ERROR', 'userTimeTracks.rangeTooLong', {
          fieldErrors: { toDate: ['userTimeTracks.rangeTooLong'] },
          params: { days: MAX_GROUPED_DAYS },
        });
      }
      const filter = input.filter?.trim().toLocaleLowerCase('de-DE');
      const matches = !filter || member.name.toLocaleLowerCase('de-DE').includes(filter);

      // Two days before the range too: the rest period of its first day looks back at them.
      const from = new Date(startOfLocalDay(fromDay - 2, tz));
      const to = new Date(startOfLocalDay(toDay + 1, tz));
      // With the shifts: the tracks as answered; without: their moments only (a third of the bytes).
      const { tracks, segments } =
        matches && includeTracks ? await tracksOfOwnerBetween(tx, ctx.tenantId, ownerId, from, to) : { tracks: [] as TrackRow[], segments: new Map<string, SegmentRecord[]>() };
      const moments = matches && !includeTracks ? await trackMomentsOfOwnerBetween(tx, ctx.tenantId, ownerId, from, to) : [];
      // Each track's law segments and totals are built once: for the law check, the periods' sums and the answer.
      const lawTracks: TrackMoments[] = includeTracks
        ? tracks.map((t) => ({ ...lawTrack(t, segments.get(t.id) ?? []), endMs: t.endedAt?.getTime() ?? null }))
        : moments;
      const days = workingDays(lawTracks, tz, nowMs);
      const findings = checkWorkingTime(lawTracks, tz, nowMs, days);
      const breakSecondsOfDay = new Map(days.map((d) => [d.day, d.breakSeconds]));
      const findingsOfDay = new Map<number, LawFinding[]>();
      for (const f of findings) {
        const ofDay = findingsOfDay.get(f.day);
        if (ofDay) ofDay.push(f);
        else findingsOfDay.set(f.day, [f]);
      }

      const groupable = lawTracks.map((t, index) => {
        const totals = segmentTotals(t.segments, nowMs);
        return { startMs: t.startMs, endMs: t.endMs, ...totals, totals, index };
      });
      const groups = groupByPeriod(groupable, findings, {
        grouping: input.grouping,
        fromDay,
        toDay,
        timeZone: tz,
        nowMs,
        dailyTargetSeconds: settings.dailyTargetSeconds,
        workingDays: settings.workingDays,
        holidayRegion: settings.holidayRegion,
        // The member's first day, else the day they were added: nothing is owed before it.
        memberStartDay: member.startDate ? epochDayOfIsoDate(member.startDate) : localEpochDay(member.createdAt.getTime(), tz),
        fillEmpty: input.fillEmpty,
        breakSecondsOfDay,
      });
      const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
      const offset = (input.page - 1) * input.pageSize;
      const items: UserTimeTrackGroup[] = groups.slice(offset, offset + input.pageSize).map((g) => {
        const open = g.tracks.some((t) => t.endMs === null);
        return {
          periodStart: new Date(g.periodStartMs).toISOString(),
          periodEnd: new Date(g.periodEndMs).toISOString(),
          label: periodLabel(g.startDay, input.grouping, ctx.lang),
          workSeconds: g.workSeconds,
          breakSeconds: g.breakSeconds,
          targetSeconds: g.targetSeconds,
          overtimeSeconds: g.overtimeSeconds,
          warnings: g.findings.slice(0, 200).map((f) => describeFinding(f, ctx.lang)),
          trackCount: g.tracks.length,
          daysWorked: new Set(g.tracks.map((t) => localEpochDay(t.startMs, tz))).size,
          firstStartedAtUtc: g.tracks.length > 0 ? iso(g.tracks[0].startMs) : null,
          lastEndedAtUtc: open || g.tracks.length === 0 ? null : iso(Math.max(...g.tracks.map((t) => t.endMs ?? 0))),
          tracks: includeTracks
            ? g.tracks.slice(0, 500).map((t) => {
                const row = tracks[t.index];
                return trackDto(row, segments.get(row.id) ?? [], findingsOfDay.get(localEpochDay(t.startMs, tz)) ?? [], ctx.lang, nowMs, t.totals);
              })
            : [],
        };
      });
      return { totalCount: groups.length, page: input.page, pageSize: input.pageSize, items };
    });
  }
}
