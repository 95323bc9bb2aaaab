/**
 * The URL search of the library's report ("Auswertung", report.ts): a module of its own because the
 * library's route reads it before any screen, in the entry's JavaScript, while the report itself
 * loads when first shown (decision 0049).
 */
import type { PeriodPreset } from '../../lib/periods';
import { oneOfParam, searchSchema, type SearchType } from '../../lib/url-search';

const libraryViews = ['entries', 'report'] as const;
export type LibraryView = (typeof libraryViews)[number];

export const reportKinds = ['material', 'time', 'note'] as const;
export type ReportKind = (typeof reportKinds)[number];

const processedStates = ['open', 'processed', 'all'] as const;
export type ProcessedState = (typeof processedStates)[number];

/** Merged into the library's search; `page`, `pageSize` and the period are the library's own. */
export const reportSearchSchema = searchSchema({
  view: oneOfParam(libraryViews),
  subType: oneOfParam(reportKinds),
  processed: oneOfParam(processedStates),
});
export type ReportSearch = SearchType<typeof reportSearchSchema> & {
  page?: number;
  pageSize?: number;
  period?: PeriodPreset;
  from?: string;
  to?: string;
};
