/**
 * The pure parts of the time-tracking screens: period presets, the instants the
 * lists get, durations in both languages, and the payroll export (CSV with semicolons, German
 * numbers, formula cells neutralised; the XLSX workbook).
 */
import { describe, expect, it, beforeEach } from 'vitest';
import ExcelJS from 'exceljs';
import { activateLocale, i18n } from '../../src/lib/i18n';
import { toCsv, toXlsx, type ExportTable } from '../../src/lib/table-export';
import { neutralise } from '../../common/spreadsheet-cells';
import { decimalHours, formatClock, formatDuration, formatOvertime, formatTime } from '../../src/features/time-tracking/format';
import { boundedPeriodPresets, periodRange, rangeDays, rangeToQuery } from '../../src/lib/periods';
import { totalsOf, workingTimeTable } from '../../src/features/time-tracking/working-time-export';
import { workingDay } from './contract-data';
import type { UserTimeTrackGroup } from '../../generated/api/types.gen';

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function readBlob(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

// Friday 20 November 2026, mid-morning local time
const friday = new Date(2026, 10, 20, 10, 30);

/** Each bounded preset but `manual`, in the order the picker lists them, with its range on `friday`. */
const presetRanges = [
  ['today', '2026-11-20', '2026-11-20'],
  ['yesterday', '2026-11-19', '2026-11-19'],
  ['thisWeek', '2026-11-16', '2026-11-20'],
  ['currentMonth', '2026-11-01', '2026-11-20'],
  ['last7Days', '2026-11-14', '2026-11-20'],
  ['last14Days', '2026-11-07', '2026-11-20'],
  ['last30Days', '2026-10-22', '2026-11-20'],
  ['last2Weeks', '2026-11-02', '2026-11-15'],
  ['lastWeek', '2026-11-09', '2026-11-15'],
  ['lastMonth', '2026-10-01', '2026-10-31'],
  ['lastYear', '2025-01-01', '2025-12-31'],
] as const;

describe('period presets', () => {
  it('covers every period preset', () => {
    expect(boundedPeriodPresets).toEqual([...presetRanges.map(([preset]) => preset), 'manual']);
  });

  it.each(presetRanges)('%s is %s to %s', (preset, from, to) => {
    expect(periodRange(preset, friday)).toEqual({ from, to });
  });

  it('starts this week on Monday also on a Sunday', () => {
    expect(periodRange('thisWeek', new Date(2026, 10, 22, 9))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodRange('lastWeek', new Date(2026, 10, 22, 9))).toEqual({ from: '2026-11-09', to: '2026-11-15' });
  });

  it('takes a manual range in either order and falls back to today', () => {
    expect(periodRange('manual', friday, { from: '2026-11-10', to: '2026-11-03' })).toEqual({ from: '2026-11-03', to: '2026-11-10' });
    expect(periodRange('manual', friday, {})).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(rangeDays({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
  });

  it('turns days into local midnights, the end exclusive', () => {
    const { fromDate, toDate } = rangeToQuery({ from: '2026-11-16', to: '2026-11-20' });
    expect(new Date(fromDate).getTime()).toBe(new Date(2026, 10, 16).getTime());
    expect(new Date(toDate).getTime()).toBe(new Date(2026, 10, 21).getTime());
  });
});

describe('durations', () => {
  beforeEach(async () => {
    await activateLocale('de');
  });

  it('formats a ticking clock, hours and signed overtime', () => {
    expect(formatClock(0)).toBe('0:00:00');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatDuration(27900)).toBe('7:45 h');
    // One format for every duration: under a minute is "0:00 h" too, never "45 s" beside "h:mm h".
    expect(formatDuration(8)).toBe('0:00 h');
    expect(formatDuration(45)).toBe('0:00 h');
    expect(formatDuration(0)).toBe('0:00 h');
    expect(formatDuration(60)).toBe('0:01 h');
    expect(formatOvertime(1800)).toBe('+0:30 h');
    expect(formatOvertime(-4500)).toBe('−1:15 h');
    expect(formatOvertime(0)).toBe('0:00 h');
    expect(decimalHours(27000)).toBe(7.5);
    expect(decimalHours(1000)).toBe(0.28);
  });

  it('shows clock times 24-hour in German and 12-hour in English', async () => {
    const at = new Date(2026, 10, 20, 14, 5).toISOString();
    expect(formatTime(at)).toBe('14:05');
    await activateLocale('en');
    expect(formatTime(at)).toBe('2:05 PM');
  });
});

describe('payroll export', () => {
  const table: ExportTable = {
    columns: [{ header: 'Mitarbeiter' }, { header: 'Hinweis' }, { header: 'Arbeit (Std.)', numeric: true, decimals: 2 }, { header: 'Überstunden (Std.)', numeric: true, decimals: 2 }],
    rows: [
      ['Anna Schneider', '=HYPERLINK("http://evil")', 7.5, -0.5],
      ['+49 89 123', '-5', 8, 0.25],
      ['@SUM(A1)', '\tTab', 0, null],
      ['Müller; "Chef"', 'Zeile\r\nzwei', 10.125, 2],
    ],
  };

  it('neutralises cells that begin with = + - @ tab or carriage return', () => {
    expect(neutralise('=1+1')).toBe("'=1+1");
    expect(neutralise('+49')).toBe("'+49");
    expect(neutralise('-5')).toBe("'-5");
    expect(neutralise('@x')).toBe("'@x");
    expect(neutralise('\tx')).toBe("'\tx");
    expect(neutralise('\rx')).toBe("'\rx");
    expect(neutralise('Anna')).toBe('Anna');
  });

  it('writes CSV with semicolons, German decimal commas and quoted cells', () => {
    const csv = toCsv(table, 'de');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Mitarbeiter;Hinweis;Arbeit (Std.);Überstunden (Std.)');
    expect(lines[1]).toBe(`Anna Schneider;"'=HYPERLINK(""http://evil"")";7,50;-0,50`);
    expect(lines[2]).toBe("'+49 89 123;'-5;8,00;0,25");
    expect(lines[3]).toBe("'@SUM(A1);'\tTab;0,00;");
    expect(lines[4]).toBe('"Müller; ""Chef""";"Zeile');
    expect(lines[5]).toBe('zwei";10,13;2,00');
    expect(toCsv(table, 'en').split('\r\n')[1]).toBe(`Anna Schneider;"'=HYPERLINK(""http://evil"")";7.50;-0.50`);
  });

  it('writes an XLSX workbook with numbers as numbers and text neutralised', async () => {
    const blob = await toXlsx(table, 'Arbeitszeit');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await readBlob(blob));
    const sheet = workbook.getWorksheet('Arbeitszeit')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Mitarbeiter', 'Hinweis', 'Arbeit (Std.)', 'Überstunden (Std.)']);
    expect(sheet.getCell('B2').value).toBe(`'=HYPERLINK("http://evil")`);
    expect(sheet.getCell('C2').value).toBe(7.5);
    expect(sheet.getCell('D2').value).toBe(-0.5);
    expect(sheet.getCell('A3').value).toBe("'+49 89 123");
  });

  it('makes one row per period and a total per member from the groups on screen', async () => {
    await activateLocale('de');
    const group = (label: string, work: number, target: number, tracks: number, warnings: string[] = []): UserTimeTrackGroup => ({
      periodStart: `2026-11-${label}T00:00:00Z`,
      periodEnd: '2026-11-21T00:00:00Z',
      label,
      workSeconds: work,
      breakSeconds: tracks ? 1800 : 0,
      targetSeconds: target,
      overtimeSeconds: work - target,
      warnings: warnings.map((message) => ({ code: 'BREAK_TOO_SHORT', message, date: '2026-11-20' })),
      // As the all-members view gets them: the span and count, no shifts.
      trackCount: tracks,
      daysWorked: tracks ? 1 : 0,
      firstStartedAtUtc: tracks ? new Date(2026, 10, 20, 7).toISOString() : null,
      lastEndedAtUtc: tracks ? new Date(2026, 10, 20, 15, 30).toISOString() : null,
      tracks: [],
    });
    // newest first, as the server answers
    const exported = workingTimeTable(i18n, [{ memberName: 'Anna', groups: [group('22', 0, 0, 0), group('21', 0, 28800, 0), group('20', 28800, 28800, 1, ['Pause zu kurz'])] }], {
      includeEmpty: false,
    });
    expect(exported.columns.map((c) => c.header)).toEqual(['Mitarbeiter', 'Zeitraum', 'Beginn', 'Ende', 'Arbeit (Std.)', 'Pausen (Std.)', 'Soll (Std.)', 'Überstunden (Std.)', 'Hinweise']);
    expect(exported.rows).toEqual([
      ['Anna', '20', '07:00', '15:30', 8, 0.5, 8, 0, 'Pause zu kurz'],
      ['Anna', '21', '', '', 0, 0, 8, -8, ''],
      ['Anna', 'Summe', '', '', 8, 0.5, 16, -8, ''],
    ]);
  });

  it('counts the days worked, not the periods: a week with three working days is three', () => {
    const week = { ...workingDay({ label: 'KW 47/2026', periodStart: '2026-11-15T23:00:00Z', workSeconds: 24 * 3600 }), trackCount: 4, daysWorked: 3 };
    const empty = workingDay({ label: 'KW 46/2026', periodStart: '2026-11-08T23:00:00Z' });
    expect(totalsOf([week, empty])).toMatchObject({ days: 3, workSeconds: 24 * 3600 });
  });
});
