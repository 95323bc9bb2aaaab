/**
 * The search parameters of /timetracking, each falling back to its default when the URL holds
 * nonsense: tab, member (`all` or a member id; the back office only), period preset with an
 * optional manual range, grouping, whether days without work show, and the customer-times list.
 */
import * as z from 'zod/mini';
import { boundedPeriodPresets } from '../../lib/periods';
import { dayParam, filterParam, flagParam, oneOfParam, optionalParam, pageParam, pageSizeParam } from '../../lib/url-search';

export const timeTrackingSearchSchema = z.object({
  tab: oneOfParam(['working', 'customer']),
  member: optionalParam(z.union([z.literal('all'), z.uuid()])),
  period: oneOfParam(boundedPeriodPresets),
  from: dayParam,
  to: dayParam,
  grouping: oneOfParam(['day', 'week', 'month']),
  empty: flagParam,
  page: pageParam,
  pageSize: pageSizeParam,
  filter: filterParam,
});

export type TimeTrackingSearch = z.infer<typeof timeTrackingSearchSchema>;

export const DEFAULT_PERIOD = 'thisWeek' as const;
/** The longest manual range: the day groups of one request (the contract's page size is 500). */
export const MAX_RANGE_DAYS = 400;
