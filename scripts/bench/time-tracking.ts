/**
 * Benchmark of time tracking with a year of entries for 30 members in one tenant.
 *
 *   npx tsx scripts/bench/time-tracking.ts
 *
 * Starts its own embedded PostgreSQL in a temporary directory and the real server on a free port,
 * signs up one firm through the API (its Owner is the first of the 30 members), writes 29 more
 * members, 200 customers and, for every member, a year of working days straight into the tables:
 * one shift per weekday (work, a 30-minute break, work; now and then a long day or a Saturday),
 * and two or three customer time tracks per working day. After `VACUUM ANALYZE` (the state
 * autovacuum reaches on its own) it times over HTTP, at the client: `GetListGrouped` by day, week
 * and month over the periods the screen offers, for the caller and for another member, the
 * "all members" view (30 calls at once), `GetMyTotals`, and the running-timers bar's `GetMy`.
 * Prints median and p95 per call as a Markdown table (docs/benchmarks.md).
 *
 * Environment: BENCH_MEMBERS (default 30), BENCH_DAYS (default 365), BENCH_RUNS (default 40);
 * BENCH_PROCESS=1 sends the calls to a server process of its own (server/main.ts) instead of the
 * server in this process, so the client's reading and parsing of each answer does not share its thread.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { customers, timeTracks, users, userTimeTracks, userTimeTrackSegments } from '../../server/db/schema';
import { chunk } from '../../server/db/helpers';
import { firstOfMonthOf, firstOfNextMonthOf, localEpochDay, startOfLocalDay, weekdayOfEpochDay } from '../../server/platform/time-zone';
import { markdownTable, RUNS, startBench, stats, type Bench } from './harness';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 30);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const ZONE = 'Europe/Berlin';
const MINUTE = 60_000;

// A small deterministic generator, so every run seeds the same data.
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

/**
 * Writes `members - 1` members beside the Owner, 200 customers and `days` of working days for
 * every member straight into the tables (the API only clocks in "now"): one shift per weekday in
 * the zone (work, a break, work; now and then a long day or a Saturday; 6 % days off) and two or
 * three customer time tracks per working day; the Owner is at work right now with two timers
 * running. Deterministic: the same rows on every run. Also used by `bench:throughput`.
 */
export async function seedWorkingTime(
  { adminUrl, database }: Pick<Bench, 'adminUrl' | 'database'>,
  owner: { tenantId: string; id: string },
  { members = MEMBERS, days = DAYS } = {},
) {
  const { tenantId } = owner;
  const memberIds = [owner.id];
  const customerIds: string[] = [];
  await database.withTenant(tenantId, async (tx) => {
    const more = Array.from({ length: members - 1 }, (_, i) => ({
      tenantId,
      email: `mitarbeiter${i}@elektro-schneider.example`,
      userName: `mitarbeiter${i}`,
      firstName: ['Anna', 'Jonas', 'Lena', 'Tobias', 'Özlem', 'Marie'][i % 6],
      lastName: `Muster ${i}`,
      role: i % 10 === 0 ? 'Manager' : 'Employee',
      activatedAt: new Date(),
    }));
    memberIds.push(...(await tx.insert(users).values(more).returning({ id: users.id })).map((r) => r.id));
    const rows = Array.from({ length: 200 }, (_, i) => ({ tenantId, companyName: `Kunde ${i} GmbH`, city: 'München' }));
    customerIds.push(...(await tx.insert(customers).values(rows).returning({ id: customers.id })).map((r) => r.id));
  });

  const today = localEpochDay(Date.now(), ZONE);
  const at = (day: number, hours: number) => new Date(startOfLocalDay(day, ZONE) + hours * 3_600_000);
  let shifts = 0;
  let segments = 0;
  let timers = 0;
  for (const ownerId of memberIds) {
    const trackRows: (typeof userTimeTracks.$inferInsert)[] = [];
    const segmentRows: (typeof userTimeTrackSegments.$inferInsert)[] = [];
    const timerRows: (typeof timeTracks.$inferInsert)[] = [];
    for (let day = today - days; day < today; day++) {
      const weekday = weekdayOfEpochDay(day);
      const saturday = weekday === 6 && random() < 0.1;
      if ((weekday === 0 || weekday === 6) && !saturday) continue;
      if (random() < 0.06) continue; // holidays, sick days
      const start = at(day, 6.5 + random());
      const long = random() < 0.1;
      const morning = (3.5 + random()) * 60;
      const breakMinutes = random() < 0.15 ? 15 : 30;
      const afternoon = (long ? 5.5 : 3.5) * 60 + random() * 60;
      const id = crypto.randomUUID();
      const t1 = new Date(start.getTime() + morning * MINUTE);
      const t2 = new Date(t1.getTime() + breakMinutes * MINUTE);
      const end = new Date(t2.getTime() + afternoon * MINUTE);
      trackRows.push({ tenantId, id, ownerId, startedAt: start, endedAt: end });
      segmentRows.push(
        { tenantId, trackId: id, kind: 'work', startedAt: start, endedAt: t1 },
        { tenantId, trackId: id, kind: 'break', startedAt: t1, endedAt: t2 },
        { tenantId, trackId: id, kind: 'work', startedAt: t2, endedAt: end },
      );
      let cursor = start.getTime() + 15 * MINUTE;
      for (let k = 0; k < 2 + Math.floor(random() * 2); k++) {
        const seconds = Math.floor((60 + random() * 120) * 60);
        timerRows.push({
          tenantId,
          customerId: customerIds[Math.floor(random() * customerIds.length)],
          ownerId,
          description: 'Arbeiten vor Ort',
          startedAt: new Date(cursor),
          endedAt: new Date(cursor + seconds * 1000),
          durationSeconds: seconds,
          processedAt: day < today - 60 ? new Date() : null,
        });
        cursor += seconds * 1000 + 20 * MINUTE;
      }
    }
    await database.withTenant(tenantId, async (tx) => {
      for (const part of chunk(trackRows, 2000)) await tx.insert(userTimeTracks).values(part);
      for (const part of chunk(segmentRows, 3000)) await tx.insert(userTimeTrackSegments).values(part);
      for (const part of chunk(timerRows, 2000)) await tx.insert(timeTracks).values(part);
    });
    shifts += trackRows.length;
    segments += segmentRows.length;
    timers += timerRows.length;
  }
  // The Owner is at work right now with two timers running, as the bar would show it.
  await database.withTenant(tenantId, async (tx) => {
    const id = crypto.randomUUID();
    await tx.insert(userTimeTracks).values({ tenantId, id, ownerId: owner.id, startedAt: new Date(Date.now() - 2 * 3_600_000) });
    await tx.insert(userTimeTrackSegments).values({ tenantId, trackId: id, kind: 'work', startedAt: new Date(Date.now() - 2 * 3_600_000) });
    await tx.insert(timeTracks).values(
      customerIds.slice(0, 2).map((customerId) => ({ tenantId, customerId, ownerId: owner.id, startedAt: new Date(Date.now() - 3_600_000) })),
    );
  });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const table of ['users', 'customers', 'user_time_tracks', 'user_time_track_segments', 'time_tracks']) await admin.query(`vacuum analyze ${table}`);
  await admin.end();
  return { memberIds, customerIds, shifts, segments, timers, today };
}

async function main() {
  // The "all members" view sends 30 calls at once: a pool that size keeps them from queueing.
  // BENCH_PROCESS=1: the calls go to a server process of its own, not the one in this process.
  const { adminUrl, database, owner, results, call: callAs, measure, close } = await startBench({ poolSize: 20, ownProcess: process.env.BENCH_PROCESS === '1' });
  const call = (url: string) => callAs('GET', url);

  try {
    const measureBatch = async (label: string, urls: string[], note?: string) => {
      for (let i = 0; i < 3; i++) await Promise.all(urls.map(call));
      const samples: number[] = [];
      for (let i = 0; i < Math.max(10, RUNS / 4); i++) {
        const started = performance.now();
        await Promise.all(urls.map(call));
        samples.push(performance.now() - started);
      }
      results.push({ call: label, ...stats(samples), note });
    };

    const seedStarted = performance.now();
    const { memberIds, customerIds, shifts, segments, timers, today } = await seedWorkingTime({ adminUrl, database }, owner);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    process.stderr.write(`seeded ${MEMBERS} members, ${shifts} shifts, ${segments} segments, ${timers} customer time tracks in ${seedSeconds.toFixed(1)} s\n`);

    // ---- measure ----
    const localMidnight = (day: number) => new Date(startOfLocalDay(day, ZONE)).toISOString();
    const range = (days: number) => `fromDate=${encodeURIComponent(localMidnight(today - days + 1))}&toDate=${encodeURIComponent(localMidnight(today + 1))}`;
    const grouped = (query: string) => `/api/UserTimeTracks/GetListGrouped?page=1&pageSize=500&fillEmpty=true&${query}`;
    const other = memberIds[Math.min(7, memberIds.length - 1)];

    await measure('GetListGrouped by day, current month (default period), own', grouped('grouping=day'), 'what /timetracking opens with');
    await measure('GetListGrouped by day, last 7 days, own', grouped(`grouping=day&${range(7)}`));
    await measure('GetListGrouped by day, last 30 days, another member', grouped(`grouping=day&${range(30)}&ownerId=${other}`), 'back office');
    // Weeks and months come without their shifts (as the screen asks); opening one loads its shifts.
    await measure('GetListGrouped by week, last 13 weeks, own', grouped(`grouping=week&includeTracks=false&${range(91)}`));
    await measure('GetListGrouped by month, last 12 months, own', grouped(`grouping=month&includeTracks=false&${range(365)}`), 'what the screen asks: totals and warnings');
    // Last month, as its row asks when opened: the month's own period.
    const lastMonth = firstOfMonthOf(firstOfMonthOf(today) - 1);
    await measure(
      'GetListGrouped, one month opened (its shifts)',
      grouped(`grouping=month&fromDate=${encodeURIComponent(localMidnight(lastMonth))}&toDate=${encodeURIComponent(localMidnight(firstOfNextMonthOf(lastMonth)))}`),
      'a month of shifts with their segments',
    );
    await measure('GetListGrouped by month, last 12 months, own, with every shift', grouped(`grouping=month&${range(365)}`), 'includeTracks=true (the default): 255 shifts, 230 KB');
    // More than a month of days comes without the shifts too.
    await measure('GetListGrouped by day, last 365 days (365 groups), another member', grouped(`grouping=day&includeTracks=false&${range(365)}&ownerId=${other}`), 'the "last year" view and export');
    await measureBatch(
      `"All members": ${MEMBERS} × GetListGrouped by day, last 30 days, at once`,
      memberIds.map((id) => grouped(`grouping=day&includeTracks=false&${range(30)}&ownerId=${id}`)),
      'wall time of the whole view',
    );
    await measure('GetMyTotals', '/api/TimeTracks/GetMyTotals?callerUTCOffsetMinutes=60');
    await measure('GetMyTotals, one customer', `/api/TimeTracks/GetMyTotals?callerUTCOffsetMinutes=60&customerId=${customerIds[0]}`);
    await measure(
      'GetMy, running timers only (the bar, polled every 30 s)',
      '/api/TimeTracks/GetMy?includeRunning=true&includeStopped=false&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=50&orderBy=startedAtUtc&isDescending=false',
    );
    await measure('UserTimeTracks/GetActive (the bar)', '/api/UserTimeTracks/GetActive');
    await measure(
      'TimeTracks/Get, page 1 of every member’s (newest first)',
      '/api/TimeTracks/Get?includeRunning=true&includeStopped=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true',
      `${timers.toLocaleString('en')} tracks`,
    );
    await measure(
      'UserTimeTracks/GetList, page 1 of every member’s (newest first)',
      '/api/UserTimeTracks/GetList?includeActive=true&includeEnded=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true',
      `${shifts.toLocaleString('en')} shifts`,
    );

    const lines = [
      `${MEMBERS} members, ${DAYS} days: ${shifts.toLocaleString('en')} shifts with ${segments.toLocaleString('en')} segments, ${timers.toLocaleString('en')} customer time tracks (seeded in ${seedSeconds.toFixed(1)} s)`,
      '',
      markdownTable(results),
    ];
    console.log(lines.join('\n'));
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) await main();
