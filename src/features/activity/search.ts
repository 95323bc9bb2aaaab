/**
 * The filters of the activity lists as URL search parameters (library, customer activity, gallery),
 * each falling back to its default when the URL holds nonsense, and the API queries built from them.
 */
import type { CustomerActivitiesByCustomerData, CustomerActivityKind, ImagesGetAllData } from '../../../generated/api/types.gen';
import { periodPresets, periodRange, rangeToQuery, type PeriodPreset } from '../../lib/periods';
import { dayParam, filterParam, flagParam, listOfParam, oneOfParam, pageParam, pageSizeParam, searchSchema, uuidParam, type SearchType } from '../../lib/url-search';

/** The archive filters of the library: open, processed (not archived), archived, or everything. */
const archiveStates = ['open', 'processed', 'archived', 'all'] as const;
export type ArchiveState = (typeof archiveStates)[number];

export const activityKinds = ['time', 'note', 'material', 'timeEntry', 'image', 'confirmation'] as const satisfies readonly CustomerActivityKind[];

export const activitySearchSchema = searchSchema({
  page: pageParam,
  pageSize: pageSizeParam,
  filter: filterParam,
  state: oneOfParam(archiveStates),
  period: oneOfParam(periodPresets),
  from: dayParam,
  to: dayParam,
  kinds: listOfParam(activityKinds, 6),
  asc: flagParam,
});
export type ActivitySearch = SearchType<typeof activitySearchSchema>;

function stateQuery(state: ArchiveState) {
  switch (state) {
    case 'open':
      return { includeProcessed: false, includeUnprocessed: true };
    case 'processed':
      return { includeProcessed: true, includeUnprocessed: false, archived: 'exclude' as const };
    case 'archived':
      return { includeProcessed: true, includeUnprocessed: false, archived: 'only' as const };
    case 'all':
      return { includeProcessed: true, includeUnprocessed: true };
  }
}

/**
 * The dashboard's period when the URL names none. Here, not in the screen: the route's loader needs
 * it, and importing the screen for it would pull its charts into the app's entry chunk.
 */
export const DASHBOARD_DEFAULT_PERIOD: PeriodPreset = 'currentMonth';

export function periodQuery(search: { period?: PeriodPreset; from?: string; to?: string }, fallback: PeriodPreset = 'all') {
  return rangeToQuery(periodRange(search.period ?? fallback, new Date(), { from: search.from, to: search.to }));
}

export function activityQuery(
  search: ActivitySearch,
  defaults: { customerId?: string; state: ArchiveState; pageSize?: number },
): CustomerActivitiesByCustomerData['query'] {
  return {
    customerId: defaults.customerId,
    ...stateQuery(search.state ?? defaults.state),
    ...periodQuery(search),
    filter: search.filter || undefined,
    kind: search.kinds?.length ? search.kinds : undefined,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? defaults.pageSize ?? 25,
    orderBy: 'occurredAtUtc',
    isDescending: !search.asc,
  };
}

export const photoCategories = ['before', 'after', 'damage', 'material', 'other'] as const;
export type PhotoCategory = (typeof photoCategories)[number];

export const gallerySearchSchema = searchSchema({
  page: pageParam,
  customerId: uuidParam,
  category: oneOfParam(photoCategories),
  processed: oneOfParam(['open', 'processed', 'all']),
  period: oneOfParam(periodPresets),
  from: dayParam,
  to: dayParam,
  filter: filterParam,
});
export type GallerySearch = SearchType<typeof gallerySearchSchema>;

export const GALLERY_PAGE_SIZE = 48;

export function galleryQuery(search: GallerySearch): ImagesGetAllData['query'] {
  const processed = search.processed ?? 'all';
  return {
    customerId: search.customerId,
    category: search.category,
    includeProcessed: processed !== 'open',
    includeUnprocessed: processed !== 'processed',
    ...periodQuery(search),
    filter: search.filter || undefined,
    page: search.page ?? 1,
    pageSize: GALLERY_PAGE_SIZE,
    orderBy: 'createdAtUtc',
    isDescending: true,
  };
}
