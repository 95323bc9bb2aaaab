/**
 * How people are named wherever the server shows them: a member by first and last name, else by
 * e-mail (as the member list shows them); a customer by company name, else first and last name
 * (the contract's `displayName`), with the person as a second line under a company. Each rule is
 * written once for rows in TypeScript and once as SQL for queries that sort, filter or group by it.
 */
import { sql, type SQL } from 'drizzle-orm';

type Text = string | null | undefined;
/** A column of a drizzle table, or a column of a hand-written query's alias (`columnsOf('u')`). */
type Column = SQL | SQL.Aliased | { getSQL(): SQL } | unknown;

export interface PersonName {
  firstName?: Text;
  lastName?: Text;
}

const joined = (name: PersonName) => [name.firstName, name.lastName].filter(Boolean).join(' ');

export function customerName(customer: PersonName & { companyName?: Text }): string {
  return customer.companyName ?? joined(customer);
}

/** The person under a company's name on an address; empty when the name already is the person. */
export function customerContactPerson(customer: PersonName & { companyName?: Text }): string {
  return customer.companyName ? joined(customer) : '';
}

export function memberName(member: PersonName & { email?: Text }): string {
  return joined(member) || member.email || '';
}

export function customerNameSql(t: { companyName: Column; firstName: Column; lastName: Column }): SQL<string> {
  return sql<string>`coalesce(${t.companyName}, trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')))`;
}

export function memberNameSql(t: { firstName: Column; lastName: Column; email: Column }): SQL<string> {
  return sql<string>`coalesce(nullif(trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')), ''), ${t.email})`;
}

/** The name columns of a table aliased in hand-written SQL (`from users u`, `join customers c`). */
export function columnsOf(alias: 'u' | 'c') {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    firstName: column('first_name'),
    lastName: column('last_name'),
    email: column('email'),
    companyName: column('company_name'),
  };
}
