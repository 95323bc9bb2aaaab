/** Small query helpers shared by the feature repositories. */
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { SORT_COLLATION } from './schema';

/** An expression compared and sorted by the app's collation (German order, case-insensitive). */
export const collated = (expression: SQL) => sql`${expression} collate ${sql.identifier(SORT_COLLATION)}`;

/**
 * The ORDER BY of a list that shows the newest first unless the caller names one of `sortable`:
 * that column in the asked direction (empty values last where `nullable` says it can be empty;
 * the plain default lets the (tenant, started_at) index serve it), then start time and id, which
 * keep pages stable among equal values.
 */
export function newestFirstOrder(
  query: { orderBy?: string; isDescending: boolean },
  sortable: Record<string, SQL>,
  nullable: ReadonlySet<string>,
  columns: { startedAt: AnyColumn; id: AnyColumn },
): SQL[] {
  const key = query.orderBy && Object.hasOwn(sortable, query.orderBy) ? query.orderBy : undefined;
  const descending = key ? query.isDescending : true;
  const nulls = key && nullable.has(key) ? sql` nulls last` : sql``;
  const by = descending ? desc : asc;
  return [sql`${key ? sortable[key] : columns.startedAt} ${descending ? sql`desc` : sql`asc`}${nulls}`, by(columns.startedAt), by(columns.id)];
}

/** `%text%` for LIKE with the user's `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The pattern of a list filter over a lower-case `search_text` column. */
export function searchPattern(filter: string): string {
  return containsPattern(filter.toLocaleLowerCase('de-DE'));
}

/** PostgreSQL's unique violation (23505), optionally of one constraint; drizzle wraps it in `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return hasPgError(error, '23505', constraint);
}

/** PostgreSQL's foreign key violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasPgError(error, '23503');
}

function hasPgError(error: unknown, code: string, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; cause?: unknown };
    if (e.code === code && (!constraint || e.constraint === constraint)) return true;
    current = e.cause;
  }
  return false;
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Paging as the contract has it: page from 1. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
