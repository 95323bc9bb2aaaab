/**
 * Checks the SQL the server sends for joins a Citus cluster distributed by `tenant_id` could not run
 * on one node (decision 0046): two tenant tables joined without `tenant_id` in the join condition.
 * `test-server.ts` records every statement of its pool and runs this check when a test file closes
 * its server, so each API test file checks the queries it made.
 */
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema';

/** Tables that carry `tenant_id` as data but are Citus reference tables (tests/api/citus-shape.test.ts). */
const REFERENCE_TABLES = new Set(['account_directory']);

export const tenantTables: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => column.name === 'tenant_id') && !REFERENCE_TABLES.has(config.name))
    .map((config) => config.name),
);

const STOP = /^(?:inner\s+join|left\s+(?:outer\s+)?join|right\s+(?:outer\s+)?join|full\s+(?:outer\s+)?join|cross\s+join|join|where|group\s+by|order\s+by|limit|offset|having|union|returning|for\s+update|window)\b/i;

/** The condition after `on` up to the next clause at the same depth of parentheses. */
function conditionAt(sql: string, start: number): string {
  let depth = 0;
  for (let i = start; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === '(') depth++;
    else if (ch === ')') {
      if (depth === 0) return sql.slice(start, i);
      depth--;
    } else if (depth === 0 && /\s/.test(sql[i - 1] ?? ' ') && STOP.test(sql.slice(i, i + 16))) return sql.slice(start, i);
  }
  return sql.slice(start);
}

/** The joins of one statement between two tenant tables whose condition does not mention tenant_id. */
export function joinsWithoutTenant(statement: string): string[] {
  const sql = statement.replace(/\s+/g, ' ');
  const problems: string[] = [];
  const joined = /\bjoin\s+(?:only\s+)?"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?\s+(on|using)\b/gi;
  const named = [...sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)].map((m) => m[1].toLowerCase()).filter((name) => tenantTables.has(name));
  for (const match of sql.matchAll(joined)) {
    const table = match[1].toLowerCase();
    if (!tenantTables.has(table) || named.filter((name) => name !== table).length === 0 && named.filter((name) => name === table).length < 2) continue;
    const condition = conditionAt(sql, match.index! + match[0].length);
    if (!/tenant_id/i.test(condition)) problems.push(`join ${table} ${match[3]}${condition}`.trim());
  }
  return problems;
}
