/**
 * The search parameters of /invoicelist (paging, text, status, kind, customer, period) and the
 * query of `Invoice/Register` from them. Kept apart from the screen so the route's search check
 * stays small.
 */
import type { InvoiceListIssuedData } from '../../../generated/api/types.gen';
import { periodPresets, periodRange } from '../../lib/periods';
import { dayParam, filterParam, oneOfParam, pageParam, pageSizeParam, searchSchema, uuidParam, type SearchType } from '../../lib/url-search';

export const registerStatuses = ['open', 'partlyPaid', 'paid', 'overdue', 'cancelled'] as const;
export const registerKinds = ['invoice', 'cancellation'] as const;

export const registerSearchSchema = searchSchema({
  page: pageParam,
  pageSize: pageSizeParam,
  filter: filterParam,
  status: oneOfParam(registerStatuses),
  kind: oneOfParam(registerKinds),
  customerId: uuidParam,
  period: oneOfParam(periodPresets),
  from: dayParam,
  to: dayParam,
});

export type RegisterSearch = SearchType<typeof registerSearchSchema>;

export function registerQuery(search: RegisterSearch): InvoiceListIssuedData['query'] {
  // The register filters by invoice date, a calendar day: the period's days, not instants.
  const range = periodRange(search.period ?? 'all', new Date(), { from: search.from, to: search.to });
  return {
    page: search.page ?? 1,
    pageSize: search.pageSize ?? 10,
    filter: search.filter || undefined,
    status: search.status,
    kind: search.kind,
    customerId: search.customerId,
    fromDate: range?.from,
    toDate: range?.to,
  };
}
