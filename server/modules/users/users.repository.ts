/** Queries of the member list; single members are read and written through auth.repository. */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema';
import { collated, containsPattern } from '../../db/helpers';

/** The members by last and first name; `filter` matches first name, last name, user name and e-mail. */
export async function listMembers(tx: Tx, query: { includeArchived: boolean; filter?: string }) {
  const conditions = [];
  if (!query.includeArchived) conditions.push(eq(users.archived, false));
  const filter = query.filter?.trim();
  if (filter) {
    const like = containsPattern(filter);
    conditions.push(
      sql`(${users.email} ilike ${like} or ${users.userName} ilike ${like} or coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') ilike ${like})`,
    );
  }
  return tx
    .select()
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(sql`${collated(sql`${users.lastName}`)} nulls last`, collated(sql`${users.firstName}`), users.email);
}
