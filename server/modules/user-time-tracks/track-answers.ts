/**
 * A user time track as the contract answers it: its segments, totals and the working-time law
 * findings of its working day (shown, never applied).
 */
import { asHolidayRegion, type HolidayRegion } from '../../platform/holidays';
import type { components } from '../../../generated/server/openapi';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { translate, type Lang } from '../../platform/i18n';
import {
  isoDateOfEpochDay,
  zoneOrDefault,
  localEpochDay,
  startOfLocalDay,
} from '../../platform/time-zone';
import {
  findTrack,
  segmentsOf,
  tenantSettings,
  tracksOfOwnerBetween,
  type SegmentRecord,
  type TrackRow,
} from './user-time-tracks.repository';
import { checkWorkingTime, segmentTotals, type LawFinding, type LawTrack, type SegmentKind } from './working-time-law';
import { hoursAndMinutes } from '../../platform/durations';

export type UserTimeTrack = components['schemas']['UserTimeTrack'];
type LawWarning = components['schemas']['LawWarning'];

export interface Settings {
  timeZone: string;
  dailyTargetSeconds: number;
  workingDays: number[];
  holidayRegion: HolidayRegion;
  /** How many days back an Employee may add working time afterwards. */
  lateEntryDays: number;
}



/**
 * The warning as a person reads it. A break warning says what counted, and, when there were
 * shorter interruptions, that those do not count (§ 4 ArbZG) and how long they were, so it never
 * seems to contradict the breaks the day shows.
 */
export function describeFinding(finding: LawFinding, lang: Lang): LawWarning {
  const p = finding.params;
  if (finding.code === 'BREAK_TOO_SHORT') {
    // In the figures' own format ("0:12 h", whole minutes, as the screens and exports show
    // breaks); interruptions that do not make a minute are not worth a sentence.
    const short = p.shortBreakSeconds ?? 0;
    const params = { afterHours: p.afterHours, requiredMinutes: p.requiredMinutes, recordedMinutes: p.recordedMinutes, shortBreaks: hoursAndMinutes(short) };
    const key = short >= 60 ? 'law.BREAK_TOO_SHORT_WITH_SHORT' : 'law.BREAK_TOO_SHORT';
    return { code: finding.code, message: translate(lang, key, params), date: isoDateOfEpochDay(finding.day) };
  }
  const params = { duration: hoursAndMinutes(p.seconds ?? 0) };
  return { code: finding.code, message: translate(lang, `law.${finding.code}`, params), date: isoDateOfEpochDay(finding.day) };
}

const position = (lat: number | null, lon: number | null) => (lat === null || lon === null ? null : { latitude: lat, longitude: lon });

export const lawTrack = (track: TrackRow, segments: SegmentRecord[]): LawTrack => ({
  startMs: track.startedAt.getTime(),
  segments: segments.map((s) => ({ kind: s.kind as SegmentKind, startMs: s.startedAt.getTime(), endMs: s.endedAt?.getTime() ?? null })),
});

export async function timeSettings(tx: Tx, ctx: RequestContext): Promise<Settings> {
  const row = await tenantSettings(tx, ctx.tenantId);
  const timeZone = zoneOrDefault(row?.timeZone);
  return {
    timeZone,
    dailyTargetSeconds: Math.max(0, row?.dailyTargetMinutes ?? 0) * 60,
    workingDays: row?.workingDays ?? [1, 2, 3, 4, 5],
    holidayRegion: asHolidayRegion(row?.holidayRegion),
    lateEntryDays: row?.lateEntryDays ?? 7,
  };
}

/** The track as the contract answers it; `totals` when the caller has already counted its segments. */
export function trackDto(
  track: TrackRow,
  segments: SegmentRecord[],
  warnings: LawFinding[],
  lang: Lang,
  nowMs: number,
  totals = segmentTotals(lawTrack(track, segments).segments, nowMs),
): UserTimeTrack {
  return {
    id: track.id,
    ownerId: track.ownerId,
    ownerName: track.ownerName.slice(0, 201),
    startedAtUtc: track.startedAt.toISOString(),
    endedAtUtc: track.endedAt?.toISOString() ?? null,
    active: track.endedAt === null,
    segments: segments.map((s) => ({
      id: s.id,
      kind: s.kind as SegmentKind,
      startedAtUtc: s.startedAt.toISOString(),
      endedAtUtc: s.endedAt?.toISOString() ?? null,
    })),
    workSeconds: totals.workSeconds,
    breakSeconds: totals.breakSeconds,
    processed: track.processedAt !== null,
    addedLater: track.addedLater,
    startPosition: position(track.startLatitude, track.startLongitude),
    endPosition: position(track.endLatitude, track.endLongitude),
    warnings: warnings.slice(0, 50).map((w) => describeFinding(w, lang)),
  };
}

/**
 * Law findings of the members' working days `fromDay`..`toDay`, by member and day. Loads two
 * days before, so the rest before the first day can be judged.
 */
export async function findingsByDay(tx: Tx, ctx: RequestContext, ownerIds: string[], fromDay: number, toDay: number, settings: Settings, nowMs: number) {
  const { tracks, segments } = await tracksOfOwnerBetween(
    tx,
    ctx.tenantId,
    ownerIds,
    new Date(startOfLocalDay(fromDay - 2, settings.timeZone)),
    new Date(startOfLocalDay(toDay + 1, settings.timeZone)),
  );
  const out = new Map<string, Map<number, LawFinding[]>>(ownerIds.map((id) => [id, new Map()]));
  for (const ownerId of ownerIds) {
    const own = tracks.filter((t) => t.ownerId === ownerId);
    const byDay = out.get(ownerId)!;
    for (const f of checkWorkingTime(own.map((t) => lawTrack(t, segments.get(t.id) ?? [])), settings.timeZone, nowMs)) {
      if (f.day < fromDay || f.day > toDay) continue;
      byDay.set(f.day, [...(byDay.get(f.day) ?? []), f]);
    }
  }
  return out;
}

/** Tracks as answers, each with the findings of its working day. */
export async function trackDtos(tx: Tx, ctx: RequestContext, tracks: TrackRow[], nowMs: number): Promise<UserTimeTrack[]> {
  if (tracks.length === 0) return [];
  const settings = await timeSettings(tx, ctx);
  const segments = await segmentsOf(tx, ctx.tenantId, tracks.map((t) => t.id));
  const dayOf = (t: TrackRow) => localEpochDay(t.startedAt.getTime(), settings.timeZone);
  const days = tracks.map(dayOf);
  const owners = [...new Set(tracks.map((t) => t.ownerId))];
  const findings = new Map<string, Map<number, LawFinding[]>>();
  if (Math.max(...days) - Math.min(...days) <= 62) {
    // A page of recent tracks (the usual newest-first list): one query for all its members.
    for (const [ownerId, byDay] of await findingsByDay(tx, ctx, owners, Math.min(...days), Math.max(...days), settings, nowMs)) {
      findings.set(ownerId, byDay);
    }
  } else {
    for (const ownerId of owners) {
      const own = tracks.filter((t) => t.ownerId === ownerId).map(dayOf);
      const [byDay] = (await findingsByDay(tx, ctx, [ownerId], Math.min(...own), Math.max(...own), settings, nowMs)).values();
      findings.set(ownerId, byDay);
    }
  }
  return tracks.map((t) => trackDto(t, segments.get(t.id) ?? [], findings.get(t.ownerId)?.get(dayOf(t)) ?? [], ctx.lang, nowMs));
}

export async function trackAnswer(tx: Tx, ctx: RequestContext, trackId: string, nowMs: number): Promise<UserTimeTrack> {
  const track = await findTrack(tx, ctx.tenantId, trackId);
  if (!track) throw notFound();
  const [dto] = await trackDtos(tx, ctx, [track], nowMs);
  return dto;
}
