/**
 * The status of an issued invoice in SQL, the one place the register computes it (decision 0031).
 * `paidCentsSql` is the hook for payments: it answers the amount paid towards invoice `i`
 * (an `issued_invoices` row): the sum of its payments (`invoice_payments`).
 */
import { sql, type SQL } from 'drizzle-orm';

/** Cents paid towards the issued invoice of alias `i`: its payments not removed (decision 0032). */
export const paidCentsSql = (alias: string): SQL =>
  sql`(select coalesce(sum(p.amount_cents), 0)::bigint from invoice_payments p where p.tenant_id = ${sql.raw(alias)}.tenant_id and p.invoice_id = ${sql.raw(alias)}.id and p.deleted_at is null)`;

/**
 * The status of invoice `alias` on `today` (the firm's date, `YYYY-MM-DD`): cancelled when it is a
 * cancellation or one cancels it, paid / partly paid by `paidCentsSql`, overdue after its due date.
 */
export function statusSql(alias: string, today: string): SQL {
  const i = sql.raw(alias);
  const paid = paidCentsSql(alias);
  return sql`case
    when ${i}.kind = 'cancellation' or exists (select 1 from issued_invoices c where c.tenant_id = ${i}.tenant_id and c.cancels_id = ${i}.id) then 'cancelled'
    when ${paid} >= ${i}.gross_cents and ${i}.gross_cents > 0 then 'paid'
    when ${paid} > 0 then 'partlyPaid'
    when ${i}.due_date < ${today}::date then 'overdue'
    else 'open' end`;
}
