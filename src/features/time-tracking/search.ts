/**
 * The search parameters of /timetracking, each falling back to its default when the URL holds
 * nonsense: tab, member (`all` or a member id; the back office only), period preset with an
 * optional manual range, grouping, whether days without work show, and the customer-times list.
 */
import { boundedPeriodPresets } from '../../lib/periods';
import { dayParam, filterParam, flagParam, oneOfParam, pageParam, pageSizeParam, searchSchema, uuidParam, type Param, type SearchType } from '../../lib/url-search';

/** `all` or a member's id. */
const memberParam: Param<string> = (value) => (value === 'all' ? value : uuidParam(value));

export const timeTrackingSearchSchema = searchSchema({
  tab: oneOfParam(['working', 'customer']),
  member: memberParam,
  period: oneOfParam(boundedPeriodPresets),
  from: dayParam,
  to: dayParam,
  grouping: oneOfParam(['day', 'week', 'month']),
  empty: flagParam,
  page: pageParam,
  pageSize: pageSizeParam,
  filter: filterParam,
});

export type TimeTrackingSearch = SearchType<typeof timeTrackingSearchSchema>;

export const DEFAULT_PERIOD = 'thisWeek' as const;
/** The longest manual range: the day groups of one request (the contract's page size is 500). */
export const MAX_RANGE_DAYS = 400;
