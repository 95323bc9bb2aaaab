/**
 * The filters of the activity lists as URL search parameters (library, customer activity, gallery),
 * each falling back to its default when the URL holds nonsense, and the API queries built from them.
 */
import { z } from 'zod';
import type { CustomerActivitiesByCustomerData, CustomerActivityKind, ImagesGetAllData } from '../../../generated/api/types.gen';
import { periodPresets, periodRange, rangeToQuery, type PeriodPreset } from '../../lib/periods';

/** The archive filters of the library: open, processed (not archived), archived, or everything. */
const archiveStates = ['open', 'processed', 'archived', 'all'] as const;
export type ArchiveState = (typeof archiveStates)[number];

export const activityKinds = ['time', 'note', 'material', 'timeEntry', 'image', 'confirmation'] as const satisfies readonly CustomerActivityKind[];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const activitySearchSchema = z.object({
  page: z.number().int().min(1).max(100000).optional().catch(undefined),
  pageSize: z.number().int().min(1).max(100).optional().catch(undefined),
  filter: z.string().max(200).optional().catch(undefined),
  state: z.enum(archiveStates).optional().catch(undefined),
  period: z.enum(periodPresets).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  kinds: z.array(z.enum(activityKinds)).max(6).optional().catch(undefined),
  asc: z.boolean().optional().catch(undefined),
});
export type ActivitySearch = z.infer<typeof activitySearchSchema>;

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

export const gallerySearchSchema = z.object({
  page: z.number().int().min(1).max(100000).optional().catch(undefined),
  customerId: z.uuid().optional().catch(undefined),
  category: z.enum(photoCategories).optional().catch(undefined),
  processed: z.enum(['open', 'processed', 'all']).optional().catch(undefined),
  period: z.enum(periodPresets).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  filter: z.string().max(200).optional().catch(undefined),
});
export type GallerySearch = z.infer<typeof gallerySearchSchema>;

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
