/**
 * The join check every API test file runs over its server's SQL (tests/support/sql-joins.ts,
 * decision 0046) flags joins of two tenant tables without tenant_id and passes the rest.
 */
import { describe, expect, it } from 'vitest';
import { joinsWithoutTenant, tenantTables } from '../support/sql-joins';

describe('joinsWithoutTenant', () => {
  it('knows the tenant tables from the schema, without the reference tables', () => {
    expect(tenantTables.has('customers')).toBe(true);
    expect(tenantTables.has('invoice_payments')).toBe(true);
    expect(tenantTables.has('account_directory')).toBe(false);
    expect(tenantTables.has('auth_attempts')).toBe(false);
  });

  it('flags a join of two tenant tables on their ids alone, as drizzle and hand-written SQL write it', () => {
    expect(joinsWithoutTenant('select "x" from "invoice_payments" left join "users" on "users"."id" = "invoice_payments"."created_by" where "invoice_payments"."invoice_id" = $1')).toEqual([
      'join users on "users"."id" = "invoice_payments"."created_by"',
    ]);
    expect(joinsWithoutTenant('select c.id from customers c\n  join time_tracks t on t.customer_id = c.id\n order by 1')).toHaveLength(1);
    expect(joinsWithoutTenant('select 1 from images i inner join customers as c using (id)')).toHaveLength(1);
  });

  it('passes joins with tenant_id in the condition, joins with reference tables and statements without joins', () => {
    expect(joinsWithoutTenant('select "x" from "invoice_payments" left join "users" on ("users"."tenant_id" = "invoice_payments"."tenant_id" and "users"."id" = "invoice_payments"."created_by") where true')).toEqual([]);
    expect(joinsWithoutTenant('select 1 from customers c join time_tracks t on t.tenant_id = c.tenant_id and t.customer_id = c.id')).toEqual([]);
    expect(joinsWithoutTenant('select 1 from account_directory d join users u on u.id = d.user_id')).toEqual([]);
    expect(joinsWithoutTenant('select count(*) from customers where tenant_id = $1')).toEqual([]);
  });
});
