/**
 * The customer activity feed (`ByCustomer`; without a customer: all customers, for the library and
 * the dashboard) and the dashboard's figures (`GetTotals`).
 */
import type { components } from '../../../generated/server/openapi';
import { isManager, type RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { findCustomer } from '../customers';
import {
  countNew,
  listActivities,
  openPositionsPerCustomer,
  workingSeconds,
  type ActivityQuery,
  type ActivityRow,
  type ActivityTitles,
  type TotalsQuery,
} from './customer-activities.repository';
import { tenantTimeZone } from '../../db/tenant-settings';
import type { Deps } from '../../platform/handler';
import { inTenant } from '../../platform/tenant-transaction';

export type CustomerActivity = components['schemas']['CustomerActivity'];
export type CustomerActivityTotals = components['schemas']['CustomerActivityTotals'];

/** The feed's headings in a language (exported for the throughput benchmark's bare server). */
export function titles(lang: string): ActivityTitles {
  return {
    time: translate(lang, 'activity.time'),
    note: translate(lang, 'activity.note'),
    timeEntry: translate(lang, 'activity.timeEntry'),
    image: translate(lang, 'activity.image'),
    categories: {
      before: translate(lang, 'category.before'),
      after: translate(lang, 'category.after'),
      damage: translate(lang, 'category.damage'),
      material: translate(lang, 'category.material'),
      other: translate(lang, 'category.other'),
    },
  };
}

export function toActivity(row: ActivityRow): CustomerActivity {
  return {
    id: row.id,
    kind: row.kind,
    customerId: row.customerId,
    customerName: row.customerName,
    occurredAtUtc: row.occurredAt.toISOString(),
    title: row.title,
    text: row.text,
    durationSeconds: row.durationSeconds,
    quantity: row.quantity,
    unit: row.unit,
    amount: row.amount,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    processed: row.processed,
    archived: row.archived,
    locked: row.locked,
    refId: row.refId,
    invoice: row.invoice,
  };
}

const DAY_MS = 86_400_000;

/** Every day of the period (at most 366), with the days that have time filled in. */
function fillDays(perDay: { date: string; seconds: number }[], query: TotalsQuery, timeZone: string) {
  if (!query.fromDate || !query.toDate) return perDay;
  const localDate = (instant: number) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  const first = localDate(new Date(query.fromDate).getTime());
  const last = localDate(new Date(query.toDate).getTime() - 1);
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  if (!(end >= start) || (end - start) / DAY_MS > 365) return perDay;
  const known = new Map(perDay.map((d) => [d.date, d.seconds]));
  const out: { date: string; seconds: number }[] = [];
  for (let day = start; day <= end; day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    out.push({ date, seconds: known.get(date) ?? 0 });
  }
  return out;
}

/** The module's calls, built once per server with its dependencies (server/modules/services.ts). */
export class CustomerActivitiesService {
  constructor(private readonly deps: Deps) {}

  async getActivities(ctx: RequestContext, query: Omit<ActivityQuery, 'onlyOwnTimeOf'>) {
    const { database } = this.deps;
    const { totalCount, capped, rows } = await inTenant(database, ctx, async (tx) => {
      const list = await listActivities(tx, ctx.tenantId, { ...query, onlyOwnTimeOf: isManager(ctx) ? undefined : ctx.userId }, titles(ctx.lang));
      // Entries of the customer show that it is one of this firm's (row-level security); only an
      // empty answer asks whether the customer exists at all: 404 for an id unknown here.
      if (query.customerId && list.totalCount === 0 && !(await findCustomer(tx, ctx.tenantId, query.customerId))) throw notFound();
      return list;
    });
    return { totalCount, ...(capped ? { totalCountCapped: true } : {}), page: query.page, pageSize: query.pageSize, items: rows.map(toActivity) };
  }

  async getTotals(
    ctx: RequestContext,
    query: TotalsQuery,
    reportFailure: (error: unknown) => void,
  ): Promise<CustomerActivityTotals> {
    const { database } = this.deps;
    return inTenant(database, ctx, async (tx) => {
      const counts = await countNew(tx, ctx.tenantId, query);
      const timeZone = await tenantTimeZone(tx, ctx.tenantId);
      let working: Awaited<ReturnType<typeof workingSeconds>> | undefined;
      let open: Awaited<ReturnType<typeof openPositionsPerCustomer>> = [];
      try {
        // In a savepoint: a failure here (e.g. a statement timeout) leaves the counts standing.
        ({ working, open } = await tx.transaction(async (inner) => ({
          working: await workingSeconds(inner, ctx.tenantId, query, timeZone),
          open: await openPositionsPerCustomer(inner, ctx.tenantId, query),
        })));
      } catch (error) {
        reportFailure(error);
        working = undefined;
        open = [];
      }
      return {
        newCustomersCount: counts.customers,
        newInformationsCount: counts.information,
        totalWorkingSeconds: working ? working.total : -1,
        workingSecondsPerDay: working ? fillDays(working.perDay, query, timeZone) : [],
        workingSecondsPerMember: working ? working.perMember : [],
        openPositionsPerCustomer: working ? open : [],
      };
    });
  }
}
