/** The working-time law checks (ArbZG) over recorded shifts: each rule, its edges, midnight and DST. */
import { describe, expect, it } from 'vitest';
import {
  checkWorkingTime,
  longestRunWithoutBreak,
  qualifyingBreakSeconds,
  requiredBreakMinutes,
  segmentTotals,
  workingDays,
  type LawSegment,
  type LawTrack,
} from '../../server/modules/user-time-tracks/working-time-law';
import { describeFinding } from '../../server/modules/user-time-tracks/track-answers';
import { epochDay, isoDateOfEpochDay } from '../../server/platform/time-zone';

const BERLIN = 'Europe/Berlin';
const H = 3_600_000;
const M = 60_000;
const NOW = Date.parse('2027-01-01T00:00:00Z');

/** A shift from a Berlin wall-clock start (winter: UTC+1) with alternating work/break lengths in minutes. */
function shift(localStart: string, ...minutes: number[]): LawTrack {
  let t = Date.parse(`${localStart}+01:00`);
  const segments: LawSegment[] = minutes.map((length, i) => {
    const s: LawSegment = { kind: i % 2 === 0 ? 'work' : 'break', startMs: t, endMs: t + length * M };
    t += length * M;
    return s;
  });
  return { startMs: segments[0].startMs, segments };
}

const codes = (tracks: LawTrack[]) => checkWorkingTime(tracks, BERLIN, NOW).map((f) => `${isoDateOfEpochDay(f.day)} ${f.code}`);

describe('break rules', () => {
  it('asks for 30 minutes over 6 hours and 45 over 9 hours', () => {
    expect(requiredBreakMinutes(6 * 3600)).toBe(0);
    expect(requiredBreakMinutes(6 * 3600 + 1)).toBe(30);
    expect(requiredBreakMinutes(9 * 3600)).toBe(30);
    expect(requiredBreakMinutes(9 * 3600 + 1)).toBe(45);
  });

  it('counts only interruptions of at least 15 minutes', () => {
    const work = [
      { startMs: 0, endMs: 2 * H },
      { startMs: 2 * H + 14 * M, endMs: 4 * H },
      { startMs: 4 * H + 15 * M, endMs: 6 * H },
      { startMs: 6 * H + 20 * M, endMs: 8 * H },
    ];
    expect(qualifyingBreakSeconds(work)).toBe(35 * 60);
  });

  it('warns when 7 hours of work have only 15 minutes of break, with the numbers in the message', () => {
    const findings = checkWorkingTime([shift('2026-11-20T07:00', 240, 15, 180)], BERLIN, NOW);
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'BREAK_TOO_SHORT',
        day: epochDay(2026, 11, 20),
        params: { afterHours: 6, requiredMinutes: 30, recordedMinutes: 15, shortBreakSeconds: 0 },
      }),
    ]);
  });

  it('accepts 30 minutes made of two 15-minute blocks, but not of three 10-minute ones', () => {
    expect(codes([shift('2026-11-20T07:00', 180, 15, 120, 15, 120)])).toEqual([]);
    // and without a real break the 7 hours are also one run of work
    expect(codes([shift('2026-11-20T07:00', 120, 10, 120, 10, 120, 10, 60)])).toEqual([
      '2026-11-20 BREAK_TOO_SHORT',
      '2026-11-20 WORK_WITHOUT_BREAK_OVER_6H',
    ]);
  });

  it('wants 45 minutes after more than 9 hours', () => {
    expect(codes([shift('2026-11-20T06:00', 240, 30, 300, 30, 30)])).toEqual([]);
    const findings = checkWorkingTime([shift('2026-11-20T06:00', 240, 30, 300, 10, 60)], BERLIN, NOW);
    expect(findings.map((f) => f.code)).toEqual(['BREAK_TOO_SHORT']);
    expect(findings[0].params).toEqual({ afterHours: 9, requiredMinutes: 45, recordedMinutes: 30, shortBreakSeconds: 600 });
  });

  it('counts the time between clocking out and in again on the same day as a break', () => {
    expect(codes([shift('2026-11-20T07:00', 240), shift('2026-11-20T11:30', 240)])).toEqual([]);
  });

  it('does not ask for breaks at exactly 6 hours', () => {
    expect(codes([shift('2026-11-20T07:00', 360)])).toEqual([]);
  });
});

describe('no more than 6 hours in a row', () => {
  it('measures the longest run of work, short interruptions do not end it', () => {
    const work = [
      { startMs: 0, endMs: 3 * H },
      { startMs: 3 * H + 10 * M, endMs: 6 * H + 15 * M },
      { startMs: 6 * H + 45 * M, endMs: 8 * H },
    ];
    expect(longestRunWithoutBreak(work)).toBe(6 * 3600 + 5 * 60);
  });

  it('warns after 6:30 h of work with the break only at the end of the day', () => {
    expect(codes([shift('2026-11-20T07:00', 390, 30, 60)])).toEqual(['2026-11-20 WORK_WITHOUT_BREAK_OVER_6H']);
  });

  it('does not warn when a 30-minute break comes in time', () => {
    expect(codes([shift('2026-11-20T07:00', 300, 30, 150)])).toEqual([]);
  });
});

describe('10 hours a day at most', () => {
  it('warns over 10 hours of work, not at exactly 10', () => {
    expect(codes([shift('2026-11-20T06:00', 300, 45, 300)])).toEqual([]);
    expect(codes([shift('2026-11-20T06:00', 300, 45, 301)])).toEqual(['2026-11-20 DAILY_WORK_OVER_10H']);
  });

  it('adds up all shifts that began on the day', () => {
    expect(codes([shift('2026-11-20T06:00', 330, 30, 30), shift('2026-11-20T14:00', 300)])).toEqual([
      '2026-11-20 DAILY_WORK_OVER_10H',
    ]);
  });
});

describe('11 hours of rest', () => {
  it('warns on the day after an evening shift ending late', () => {
    // Friday 14:00-22:00 (8 h with 30 min break), Saturday from 06:00: 8 h of rest
    const findings = checkWorkingTime(
      [shift('2026-11-20T14:00', 240, 30, 210), shift('2026-11-21T06:00', 240)],
      BERLIN,
      NOW,
    );
    expect(findings.map((f) => `${isoDateOfEpochDay(f.day)} ${f.code}`)).toEqual(['2026-11-21 REST_UNDER_11H']);
    expect(findings[0].params.seconds).toBe(8 * 3600);
  });

  it('accepts exactly 11 hours', () => {
    expect(codes([shift('2026-11-19T07:00', 240, 30, 210), shift('2026-11-20T02:00', 60)])).toEqual([]);
  });

  it('measures rest from the end of a night shift that crossed midnight', () => {
    // Thursday 20:00 to Friday 04:00 belongs to Thursday; Friday 12:00 leaves 8 h of rest
    const night = shift('2026-11-19T20:00', 240, 30, 210);
    expect(isoDateOfEpochDay(workingDays([night], BERLIN, NOW)[0].day)).toBe('2026-11-19');
    expect(codes([night, shift('2026-11-20T12:00', 120)])).toEqual(['2026-11-20 REST_UNDER_11H']);
  });
});

describe('Sunday work', () => {
  it('flags a shift that began on a Sunday', () => {
    expect(codes([shift('2026-11-22T09:00', 120)])).toEqual(['2026-11-22 SUNDAY_WORK']);
  });

  it('gives a Saturday night shift into Sunday to Saturday, the day it began', () => {
    expect(codes([shift('2026-11-21T22:00', 240)])).toEqual([]);
  });
});

describe('working days', () => {
  it('puts a shift crossing midnight wholly on the day it began', () => {
    const days = workingDays([shift('2026-11-20T22:00', 240, 30, 120)], BERLIN, NOW);
    expect(days).toHaveLength(1);
    expect(isoDateOfEpochDay(days[0].day)).toBe('2026-11-20');
    expect(days[0].workSeconds).toBe(6 * 3600);
  });

  it('counts real hours on the night the clocks go back (25-hour day)', () => {
    // 2026-10-25: 00:00 to 06:00 local is 7 real hours (02:00-03:00 happens twice)
    const start = Date.parse('2026-10-24T22:00:00Z');
    const track: LawTrack = { startMs: start, segments: [{ kind: 'work', startMs: start, endMs: Date.parse('2026-10-25T05:00:00Z') }] };
    const days = workingDays([track], BERLIN, NOW);
    expect(isoDateOfEpochDay(days[0].day)).toBe('2026-10-25');
    expect(days[0].workSeconds).toBe(7 * 3600);
    expect(checkWorkingTime([track], BERLIN, NOW).map((f) => f.code)).toEqual(['BREAK_TOO_SHORT', 'WORK_WITHOUT_BREAK_OVER_6H', 'SUNDAY_WORK']);
  });

  it('counts an open segment up to now', () => {
    const start = NOW - 2 * H;
    expect(segmentTotals([{ kind: 'work', startMs: start, endMs: NOW - H }, { kind: 'break', startMs: NOW - H, endMs: null }], NOW)).toEqual({
      workSeconds: 3600,
      breakSeconds: 3600,
    });
  });

  it('measures a break by one rule: every interruption between stretches of work of the day, and a break running now', () => {
    const at = (time: string) => Date.parse(`2026-11-20T${time}:00Z`);
    // Clocked in, 8 s of break, work, clocked out; clocked in again 26 s later: 34 s of breaks.
    const first: LawTrack = {
      startMs: at('06:00'),
      segments: [
        { kind: 'work', startMs: at('06:00'), endMs: at('10:00') },
        { kind: 'break', startMs: at('10:00'), endMs: at('10:00') + 8_000 },
        { kind: 'work', startMs: at('10:00') + 8_000, endMs: at('11:00') },
      ],
    };
    const second: LawTrack = { startMs: at('11:00') + 26_000, segments: [{ kind: 'work', startMs: at('11:00') + 26_000, endMs: at('15:00') }] };
    expect(segmentTotals(first.segments, NOW).breakSeconds).toBe(8);
    expect(workingDays([first, second], BERLIN, NOW)[0].breakSeconds).toBe(34);
    // The warning splits the same 34 s: none counted, all of it too short (under a minute: no sentence).
    const finding = checkWorkingTime([first, second], BERLIN, NOW).find((f) => f.code === 'BREAK_TOO_SHORT')!;
    expect(finding.params).toMatchObject({ recordedMinutes: 0, shortBreakSeconds: 34 });
    // A break running now counts up to now.
    const onBreak: LawTrack = { startMs: NOW - 2 * H, segments: [{ kind: 'work', startMs: NOW - 2 * H, endMs: NOW - H }, { kind: 'break', startMs: NOW - H, endMs: null }] };
    expect(workingDays([onBreak], BERLIN, NOW)[0].breakSeconds).toBe(3600);
  });

  it('finds nothing in an ordinary day', () => {
    expect(codes([shift('2026-11-20T07:00', 240, 30, 240)])).toEqual([]);
  });
});

describe('break warning text', () => {
  const breakWarning = (track: LawTrack, lang: 'de' | 'en' = 'de') =>
    describeFinding(checkWorkingTime([track], BERLIN, NOW).find((f) => f.code === 'BREAK_TOO_SHORT')!, lang).message;

  it('says that breaks under 15 minutes do not count, and how long they were, instead of contradicting the day', () => {
    expect(breakWarning(shift('2026-11-20T06:00', 300, 1, 270))).toBe(
      'Bei mehr als 9 Stunden Arbeit sind 45 Minuten Pause vorgeschrieben; gezählt sind 0 Minuten. Pausen unter 15 Minuten zählen nicht (§ 4 ArbZG): 0:01 h nicht gezählt.',
    );
    expect(breakWarning(shift('2026-11-20T06:00', 300, 12, 270), 'en')).toBe(
      'More than 9 hours of work require 45 minutes of breaks; 0 minutes count. Breaks under 15 minutes do not count (§ 4 ArbZG): 0:12 h not counted.',
    );
    // Under a minute of interruptions is not worth a sentence (the day's breaks show "0:00 h").
    expect(breakWarning(shift('2026-11-20T06:00', 300, 0.75, 270), 'en')).toBe('More than 9 hours of work require 45 minutes of breaks; 0 minutes count.');
  });

  it('names only the counted breaks when there were no shorter ones', () => {
    expect(breakWarning(shift('2026-11-20T07:00', 240, 15, 180))).toBe('Bei mehr als 6 Stunden Arbeit sind 30 Minuten Pause vorgeschrieben; gezählt sind 15 Minuten.');
  });
});
