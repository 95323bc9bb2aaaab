/**
 * The search parameters of /timetracking, each falling back to its default when the URL holds
 * nonsense: tab, member (`all` or a member id; the back office only), period preset with an
 * optional manual range, grouping, whether days without work show, and the customer-times list.
 */
import { z } from 'zod';
import { boundedPeriodPresets } from '../../lib/periods';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const timeTrackingSearchSchema = z.object({
  tab: z.enum(['working', 'customer']).optional().catch(undefined),
  member: z.union([z.literal('all'), z.uuid()]).optional().catch(undefined),
  period: z.enum(boundedPeriodPresets).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  grouping: z.enum(['day', 'week', 'month']).optional().catch(undefined),
  empty: z.boolean().optional().catch(undefined),
  page: z.number().int().min(1).max(100000).optional().catch(undefined),
  pageSize: z.number().int().min(1).max(100).optional().catch(undefined),
  filter: z.string().max(200).optional().catch(undefined),
});

export type TimeTrackingSearch = z.infer<typeof timeTrackingSearchSchema>;

export const DEFAULT_PERIOD = 'thisWeek' as const;
/** The longest manual range: the day groups of one request (the contract's page size is 500). */
export const MAX_RANGE_DAYS = 400;
