/** Display names the activity lists show, as SQL over the joined rows. */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** First and last name of a member, else the e-mail (what the member list shows). */
export function memberDisplayName(t: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL<string> {
  return sql<string>`coalesce(nullif(trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')), ''), ${t.email})`;
}
