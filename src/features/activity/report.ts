/**
 * The library's report ("Auswertung"): one entry kind of all customers for the back office, the
 * API query of its URL search (report-search.ts), and the table its CSV and XLSX exports write:
 * every row of the period with the server's totals under them.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Information, InformationReportingData, InformationReportTotals } from '../../../generated/api/types.gen';
import { periodRange } from '../../lib/periods';
import { dateTimeFormat } from '../../lib/format';
import { informationReporting } from '../../../generated/api/sdk.gen';
import { periodQuery } from './search';
import type { ExportTable } from '../../lib/table-export';
import type { ReportKind, ReportSearch } from './report-search';

export const REPORT_DEFAULT_KIND: ReportKind = 'material';
export const REPORT_DEFAULT_PERIOD = 'currentMonth' as const;

export function reportQuery(search: ReportSearch): InformationReportingData['query'] {
  const processed = search.processed ?? 'all';
  return {
    subType: search.subType ?? REPORT_DEFAULT_KIND,
    includeProcessed: processed !== 'open',
    includeUnprocessed: processed !== 'processed',
    ...periodQuery(search, REPORT_DEFAULT_PERIOD),
    page: search.page ?? 1,
    pageSize: search.pageSize ?? 50,
    orderBy: 'occurredAtUtc',
    isDescending: true,
  };
}

/** The file name of an export: report, kind and the period's local days (none for all time). */
export function reportFileName(search: ReportSearch, report: string, kindLabel: string): string {
  const range = periodRange(search.period ?? REPORT_DEFAULT_PERIOD, new Date(), { from: search.from, to: search.to });
  const name = [report, kindLabel, range ? `${range.from}_${range.to}` : ''].filter(Boolean).join('_');
  return name.normalize('NFKD').replace(/[^\w.@-]+/g, '_').slice(0, 80);
}

/** A day of the report in the UI's language. */
export const formatReportDay = (iso: string, locale: string) => dateTimeFormat(locale || 'de', { dateStyle: 'medium' }).format(new Date(iso));

/** `2:05` for 2 hours 5 minutes, rounded to the minute. */
export function formatHoursMinutes(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** What a material row names: its product, else its free text. */
export const materialName = (row: Information) => row.productName ?? row.text ?? '';

export type ReportTable = ExportTable;

const EXPORT_PAGE_SIZE = 500;
/** Pages asked for at once after the first (which says how many there are). */
const EXPORT_PAGES_AT_ONCE = 4;

/**
 * Every row the report's filters match (the export covers the period, not one page): the first
 * page, then the others four at a time, in their order. One after the other, 10,000 rows took 20
 * round trips before the file could be written (docs/benchmarks.md, exports).
 */
export async function allReportRows(query: InformationReportingData['query']): Promise<Information[]> {
  const page = async (number: number) =>
    (await informationReporting({ query: { ...query, page: number, pageSize: EXPORT_PAGE_SIZE }, throwOnError: true })).data.data;
  const first = await page(1);
  const pageCount = Math.ceil(first.totalCount / EXPORT_PAGE_SIZE);
  const pages: Information[][] = [first.items];
  let next = 2;
  const worker = async () => {
    while (next <= pageCount) {
      const number = next++;
      pages[number - 1] = (await page(number)).items;
    }
  };
  await Promise.all(Array.from({ length: Math.min(EXPORT_PAGES_AT_ONCE, Math.max(0, pageCount - 1)) }, worker));
  return pages.flat();
}

const day = (iso: string, i18n: I18n) => formatReportDay(iso, i18n.locale);

/** The rows as an export table, with the server's totals of the whole period under them. */
export function reportTable(i18n: I18n, kind: ReportKind, rows: Information[], totals: InformationReportTotals): ReportTable {
  const base = [{ header: i18n._(msg`Customer`), width: 28 }, { header: i18n._(msg`Date`), width: 14 }];
  const member = { header: i18n._(msg`Member`), width: 22 };
  if (kind === 'material') {
    return {
      columns: [...base, { header: i18n._(msg`Product`), width: 34 }, { header: i18n._(msg`Quantity`), numeric: true }, { header: i18n._(msg`Unit`), width: 10 }, member],
      rows: [
        ...rows.map((r) => [r.customerName, day(r.occurredAtUtc, i18n), materialName(r), r.quantity, r.unit, r.ownerName]),
        ...totals.materials.map((t) => [i18n._(msg`Total`), null, t.name, t.quantity, t.unit, null]),
      ],
    };
  }
  if (kind === 'time') {
    return {
      columns: [...base, { header: i18n._(msg`Text`), width: 40 }, { header: i18n._(msg`Hours`), numeric: true }, { header: i18n._(msg`Duration`), width: 10 }, member],
      rows: [
        ...rows.map((r) => [r.customerName, day(r.occurredAtUtc, i18n), r.text, hours(r.durationSeconds ?? 0), formatHoursMinutes(r.durationSeconds ?? 0), r.ownerName]),
        [i18n._(msg`Total`), null, null, hours(totals.durationSeconds), formatHoursMinutes(totals.durationSeconds), null],
      ],
    };
  }
  return {
    columns: [...base, { header: i18n._(msg`Text`), width: 60 }, member],
    rows: rows.map((r) => [r.customerName, day(r.occurredAtUtc, i18n), r.text, r.ownerName]),
  };
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
