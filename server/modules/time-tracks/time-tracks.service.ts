/**
 * Customer time tracks (billable project time, apart from the members' own working time): timers that start
 * and stop, several customers at once but one running timer per member and customer, manual
 * records and corrections, the lists and the caller's totals. Every change is written to the audit
 * trail in the same transaction. Locked (covered by a signed work confirmation) and archived tracks
 * refuse changes with 409 ENTRY_LOCKED.
 */
import type { components } from '../../../generated/server/openapi';
import type { Deps } from '../../platform/handler';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/helpers';
import { mayChangeRecordOf, type RequestContext } from '../../platform/context';
import { ACTED_AT_SKEW_MS, actedAt } from '../../platform/acted-at';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { diff, recordAudit, snapshot } from '../../db/audit';
import { customerForNewEntry } from '../customers';
import { positionUnderConsent } from './gps-consent';
import {
  deleteTimeTrack,
  findTimeTrack,
  insertTimeTrack,
  listTimeTracks,
  sumSince,
  updateTimeTrack,
  type TimeTrackListQuery,
  type TimeTrackRecord,
  type TimeTrackRow,
} from './time-tracks.repository';
import { durationSeconds, spanProblem, totalsPeriods, type SpanProblem } from './time-track.rules';
import type { QueryOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';

type TimeTrack = components['schemas']['TimeTrack'];
type TimeTrackStart = components['schemas']['TimeTrackStart'];
type TimeTrackStop = components['schemas']['TimeTrackStop'];
type TimeTrackCreate = components['schemas']['TimeTrackCreate'];
type TimeTrackUpdate = components['schemas']['TimeTrackUpdate'];
type TimeTrackTotals = components['schemas']['TimeTrackTotals'];

/** Clocks of phones and server differ a little; a time this close to now is not "in the future". */
export const CLOCK_SKEW_MS = 60_000;
const RUNNING_UNIQUE = 'time_tracks_one_running_uq';

const truncate = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function toTimeTrack(row: TimeTrackRow, nowMs: number): TimeTrack {
  const running = row.endedAt === null;
  const position = (lat: number | null, lon: number | null) =>
    lat === null || lon === null ? null : { latitude: lat, longitude: lon };
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: truncate(row.customerName, 402),
    ownerId: row.ownerId,
    ownerName: truncate(row.ownerName, 201),
    description: row.description,
    startedAtUtc: row.startedAt.toISOString(),
    endedAtUtc: row.endedAt?.toISOString() ?? null,
    durationSeconds: running ? durationSeconds(row.startedAt.getTime(), nowMs) : (row.durationSeconds ?? 0),
    status: running ? 'running' : 'stopped',
    startPosition: position(row.startLatitude, row.startLongitude),
    endPosition: position(row.endLatitude, row.endLongitude),
    processed: row.processedAt !== null || row.archivedAt !== null,
    archived: row.archivedAt !== null,
    locked: row.confirmationId !== null,
    createdAtUtc: row.createdAt.toISOString(),
    updatedAtUtc: row.updatedAt.toISOString(),
  };
}

/** The fields the audit trail keeps of a track. */
function auditFields(row: TimeTrackRecord) {
  return snapshot({
    customerId: row.customerId,
    ownerId: row.ownerId,
    description: row.description,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    durationSeconds: row.durationSeconds,
  });
}

function spanError(problem: SpanProblem): AppError {
  switch (problem) {
    case 'END_BEFORE_START':
      return new AppError('END_BEFORE_START', 'timeTracks.endBeforeStart', { fieldErrors: { endedAtUtc: ['timeTracks.endBeforeStart'] } });
    case 'IN_FUTURE':
      return new AppError('VALIDATION_ERROR', 'timeTracks.inFuture', { fieldErrors: { endedAtUtc: ['timeTracks.inFuture'] } });
    case 'TOO_LONG':
      return new AppError('VALIDATION_ERROR', 'timeTracks.tooLong', { fieldErrors: { endedAtUtc: ['timeTracks.tooLong'] } });
  }
}

export type TimeTrackListInput = QueryOf<'timeTracksGet'>;

export class TimeTracksService {
  constructor(private readonly deps: Deps) {}

  private async customerForNewTrack(tx: Tx, ctx: RequestContext, customerId: string) {
    await customerForNewEntry(tx, ctx.tenantId, customerId, 'timeTracks.customerArchived');
  }

  /** The track for a change by the caller: 404 unknown, 403 another's for an Employee, 409 locked. */
  private async trackForChange(tx: Tx, ctx: RequestContext, id: string): Promise<TimeTrackRow> {
    const row = await findTimeTrack(tx, ctx.tenantId, id, { lock: true });
    if (!row) throw notFound();
    if (!mayChangeRecordOf(ctx, row.ownerId)) throw forbidden();
    if (row.confirmationId !== null || row.archivedAt !== null) throw new AppError('ENTRY_LOCKED');
    return row;
  }

  private async reload(tx: Tx, ctx: RequestContext, id: string, nowMs: number) {
    const row = await findTimeTrack(tx, ctx.tenantId, id);
    if (!row) throw notFound();
    return toTimeTrack(row, nowMs);
  }

  /**
   * The caller's track of the customer stored under the app's id (a start sent again after its
   * answer was lost): answered as it is; an id taken by another track answers 409 (decision 0048).
   */
  private async startedBefore(tx: Tx, ctx: RequestContext, body: TimeTrackStart): Promise<TimeTrack | null> {
    if (!body.id) return null;
    const stored = await findTimeTrack(tx, ctx.tenantId, body.id);
    if (!stored) return null;
    if (stored.ownerId !== ctx.userId || stored.customerId !== body.customerId) throw new AppError('CONFLICT', 'timeTracks.idTaken');
    return toTimeTrack(stored, ctx.now.getTime());
  }

  async start(ctx: RequestContext, body: TimeTrackStart): Promise<TimeTrack> {
    const now = ctx.now;
    try {
      return await inTenant(this.deps.database, ctx, async (tx) => {
        const before = await this.startedBefore(tx, ctx, body);
        if (before) return before;
        await this.customerForNewTrack(tx, ctx, body.customerId);
        const startedAt = await actedAt(tx, ctx, body.atUtc);
        const position = await positionUnderConsent(tx, body.position);
        const row = await insertTimeTrack(tx, {
          tenantId: ctx.tenantId,
          ...(body.id ? { id: body.id } : {}),
          customerId: body.customerId,
          ownerId: ctx.userId,
          description: body.description?.trim() || null,
          startedAt,
          startLatitude: position?.latitude ?? null,
          startLongitude: position?.longitude ?? null,
        });
        await recordAudit(tx, ctx.tenantId, {
          actorId: ctx.userId,
          entity: 'time_track',
          entityId: row.id,
          action: 'create',
          changes: { after: auditFields(row), via: 'start' },
        });
        return this.reload(tx, ctx, row.id, now.getTime());
      });
    } catch (error) {
      if (isUniqueViolation(error) && body.id) {
        // The same start arrived twice at once: answer the one stored first.
        const before = await inTenant(this.deps.database, ctx, (tx) => this.startedBefore(tx, ctx, body));
        if (before) return before;
      }
      if (isUniqueViolation(error, RUNNING_UNIQUE)) throw new AppError('TIMER_ALREADY_RUNNING', 'timeTracks.alreadyRunning');
      throw error;
    }
  }

  async stop(ctx: RequestContext, body: TimeTrackStop): Promise<TimeTrack> {
    const now = ctx.now;
    return inTenant(this.deps.database, ctx, async (tx) => {
      const row = await this.trackForChange(tx, ctx, body.id);
      if (row.endedAt !== null) throw new AppError('TIMER_NOT_RUNNING', 'timeTracks.notRunning');
      const at = await actedAt(tx, ctx, body.atUtc);
      // A stop recorded on the phone well before the start it stops is no moment the member acted;
      // a little before is a phone's clock behind the server's (the track then ends at its start).
      if (at.getTime() < row.startedAt.getTime() - ACTED_AT_SKEW_MS) {
        throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { atUtc: ['timeTracks.stopBeforeStart'] } });
      }
      const position = await positionUnderConsent(tx, body.position);
      const endedAt = new Date(Math.max(at.getTime(), row.startedAt.getTime()));
      const updated = await updateTimeTrack(tx, ctx.tenantId, row.id, {
        endedAt,
        durationSeconds: durationSeconds(row.startedAt.getTime(), endedAt.getTime()),
        endLatitude: position?.latitude ?? null,
        endLongitude: position?.longitude ?? null,
      });
      await recordAudit(tx, ctx.tenantId, {
        actorId: ctx.userId,
        entity: 'time_track',
        entityId: row.id,
        action: 'update',
        changes: { ...diff(auditFields(row), auditFields(updated)), via: 'stop' },
      });
      await this.deps.jobs.webhookEvent(tx, ctx.tenantId, 'time_entry.created', { timeTrackId: row.id, customerId: row.customerId });
      return this.reload(tx, ctx, row.id, now.getTime());
    });
  }

  async create(ctx: RequestContext, body: TimeTrackCreate): Promise<TimeTrack> {
    const nowMs = ctx.now.getTime();
    const startMs = Date.parse(body.startedAtUtc);
    const endMs = Date.parse(body.endedAtUtc);
    const problem = spanProblem(startMs, endMs, nowMs + CLOCK_SKEW_MS);
    if (problem) throw spanError(problem);
    return inTenant(this.deps.database, ctx, async (tx) => {
      await this.customerForNewTrack(tx, ctx, body.customerId);
      const row = await insertTimeTrack(tx, {
        tenantId: ctx.tenantId,
        customerId: body.customerId,
        ownerId: ctx.userId,
        description: body.description?.trim() || null,
        startedAt: new Date(startMs),
        endedAt: new Date(endMs),
        durationSeconds: durationSeconds(startMs, endMs),
      });
      await recordAudit(tx, ctx.tenantId, {
        actorId: ctx.userId,
        entity: 'time_track',
        entityId: row.id,
        action: 'create',
        changes: { after: auditFields(row), via: 'manual' },
      });
      await this.deps.jobs.webhookEvent(tx, ctx.tenantId, 'time_entry.created', { timeTrackId: row.id, customerId: row.customerId });
      return this.reload(tx, ctx, row.id, nowMs);
    });
  }

  async update(ctx: RequestContext, body: TimeTrackUpdate): Promise<TimeTrack> {
    const nowMs = ctx.now.getTime();
    const startMs = Date.parse(body.startedAtUtc);
    const endMs = body.endedAtUtc === null || body.endedAtUtc === undefined ? null : Date.parse(body.endedAtUtc);
    return inTenant(this.deps.database, ctx, async (tx) => {
      const row = await this.trackForChange(tx, ctx, body.id);
      if (endMs === null && row.endedAt !== null) {
        throw new AppError('VALIDATION_ERROR', 'timeTracks.cannotReopen', { fieldErrors: { endedAtUtc: ['timeTracks.cannotReopen'] } });
      }
      const problem = spanProblem(startMs, endMs, nowMs + CLOCK_SKEW_MS);
      if (problem) throw spanError(problem);
      const updated = await updateTimeTrack(tx, ctx.tenantId, row.id, {
        startedAt: new Date(startMs),
        endedAt: endMs === null ? null : new Date(endMs),
        durationSeconds: endMs === null ? null : durationSeconds(startMs, endMs),
        description: body.description === undefined ? row.description : body.description?.trim() || null,
      });
      const changes = diff(auditFields(row), auditFields(updated));
      if (Object.keys(changes.after).length > 0) {
        await recordAudit(tx, ctx.tenantId, { actorId: ctx.userId, entity: 'time_track', entityId: row.id, action: 'update', changes });
      }
      return this.reload(tx, ctx, row.id, nowMs);
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<void> {
    await inTenant(this.deps.database, ctx, async (tx) => {
      const row = await this.trackForChange(tx, ctx, id);
      await deleteTimeTrack(tx, ctx.tenantId, row.id);
      await recordAudit(tx, ctx.tenantId, {
        actorId: ctx.userId,
        entity: 'time_track',
        entityId: row.id,
        action: 'delete',
        changes: { before: auditFields(row) },
      });
    });
  }

  async getById(ctx: RequestContext, id: string): Promise<TimeTrack> {
    const nowMs = ctx.now.getTime();
    const row = await inTenant(this.deps.database, ctx, (tx) => findTimeTrack(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    if (!mayChangeRecordOf(ctx, row.ownerId)) throw forbidden();
    return toTimeTrack(row, nowMs);
  }

  /** `Get` (every member's, Owner/Admin/Manager by the contract's roles) and `GetMy` (ownerId = caller). */
  async list(ctx: RequestContext, input: TimeTrackListInput) {
    const nowMs = ctx.now.getTime();
    const query: TimeTrackListQuery = {
      ...input,
      from: input.fromDate ? new Date(input.fromDate) : undefined,
      to: input.toDate ? new Date(input.toDate) : undefined,
    };
    const { totalCount, capped, rows } = await inTenant(this.deps.database, ctx, (tx) => listTimeTracks(tx, ctx.tenantId, query));
    return { totalCount, ...(capped ? { totalCountCapped: true } : {}), page: input.page, pageSize: input.pageSize, items: rows.map((r) => toTimeTrack(r, nowMs)) };
  }

  async myTotals(ctx: RequestContext, offsetMinutes: number, customerId?: string): Promise<TimeTrackTotals> {
    const now = ctx.now;
    const periods = totalsPeriods(now.getTime(), offsetMinutes);
    const sums = await inTenant(this.deps.database, ctx, (tx) =>
      sumSince(
        tx,
        ctx.tenantId,
        ctx.userId,
        { today: new Date(periods.todayStartMs), week: new Date(periods.weekStartMs), month: new Date(periods.monthStartMs) },
        now,
        customerId,
      ),
    );
    return { todaySeconds: sums.today, weekSeconds: sums.week, monthSeconds: sums.month };
  }
}
