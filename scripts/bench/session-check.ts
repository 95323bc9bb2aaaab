/**
 * The session check every authenticated request makes, side by side in one process against the
 * same embedded PostgreSQL: before (a transaction: BEGIN, set the firm, read the session with role,
 * trial, subscription and seat, note the last use, COMMIT: five round trips) and now (migration
 * 0017's `app_session_state`: one statement). Then requests per second of a small authenticated
 * call over HTTP with 16 at once. Prints a Markdown table for docs/benchmarks.md.
 *
 * Environment: BENCH_CHECKS (checks per round and variant, default 3,000), BENCH_ROUNDS (default 3).
 */
import { and, eq, sql } from 'drizzle-orm';
import { licenses, sessions, subscriptions, tenants, users } from '../../server/db/schema';
import { sessionState } from '../../server/modules/auth/auth.repository';
import type { Database } from '../../server/db/database';
import { machine, startBench } from './harness';

const CHECKS = Number(process.env.BENCH_CHECKS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AT_ONCE = 8;

/** The check as it was before migration 0017. */
async function before(database: Database, tenantId: string, sessionId: string, userId: string) {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await tx
      .select({ revokedAt: sessions.revokedAt, role: users.role, archived: users.archived, trialEndsAt: tenants.trialEndsAt, subscriptionProvider: subscriptions.provider, subscriptionStatus: subscriptions.status, seatId: licenses.id })
      .from(sessions)
      .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
      .innerJoin(tenants, eq(tenants.tenantId, sessions.tenantId))
      .leftJoin(subscriptions, eq(subscriptions.tenantId, sessions.tenantId))
      .leftJoin(licenses, and(eq(licenses.tenantId, sessions.tenantId), eq(licenses.userId, sessions.userId)))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    if (row && !row.archived && !row.revokedAt) {
      await tx.update(sessions).set({ lastUsedAt: new Date() }).where(and(eq(sessions.id, sessionId), sql`${sessions.lastUsedAt} < now() - interval '1 minute'`));
    }
    return row;
  });
}

async function perSecond(work: () => Promise<unknown>, count: number) {
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next++ < count) await work();
    }),
  );
  return count / ((performance.now() - began) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const bench = await startBench({ poolSize: 10 });
  try {
    const [{ id: sessionId }] = (await bench.database.withTenant(bench.owner.tenantId, (tx) => tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, bench.owner.id)))) as { id: string }[];
    const args = [bench.owner.tenantId, sessionId, bench.owner.id] as const;
    const same = JSON.stringify(await before(bench.database, ...args)) === JSON.stringify((await sessionState(bench.database, ...args, false)).state);
    if (!same) throw new Error('the two checks answer differently');
    const old: number[] = [];
    const now: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      old.push(await perSecond(() => before(bench.database, ...args), CHECKS));
      now.push(await perSecond(() => sessionState(bench.database, ...args, false), CHECKS));
    }
    const http: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let next = 0;
      const began = performance.now();
      await Promise.all(Array.from({ length: 16 }, async () => {
        while (next++ < 2000) await bench.call('GET', '/api/Localisation/GetTextOverrides');
      }));
      http.push(2000 / ((performance.now() - began) / 1000));
    }
    console.log(`${machine()}, ${ROUNDS} rounds, ${CHECKS} checks each, ${AT_ONCE} at once\n`);
    console.log('| Measurement | median per second | rounds |');
    console.log('|---|---:|---:|');
    console.log(`| session check before (transaction, 5 round trips) | ${median(old).toFixed(0)} | ${ROUNDS} |`);
    console.log(`| session check now (one statement) | ${median(now).toFixed(0)} | ${ROUNDS} |`);
    console.log(`| ratio now / before | ${(median(now) / median(old)).toFixed(2)}× | |`);
    console.log(`| GET Localisation/GetTextOverrides over HTTP, 16 at once | ${median(http).toFixed(0)} | ${ROUNDS} |`);
  } finally {
    await bench.close();
  }
}

void main();
