/**
 * Throughput of the list calls at 100,000 entries, against a bare baseline.
 *
 *   npx tsx scripts/bench/throughput.ts         (or: npm run bench:throughput)
 *
 * One tenant with 50,000 customers (imported through the API) and 100,300 activities (the bulk
 * seed of scripts/bench/activity.ts over 200 of them). Two servers answer the same calls:
 * - the real server (`buildServer`): bearer token, session check, tenant transaction under forced
 *   row-level security, contract validation and serialization;
 * - a bare Fastify + pg server on the same database, connected as its owner (no row-level
 *   security), running the app's own list queries (which earlier benchmarks tuned: the indexes of
 *   migrations 0004, 0007 and 0008, the capped feed count) straight on the pool, no transaction,
 *   no authentication, and `JSON.stringify` of the same answer.
 * Then, on the same database, 10,000 products and a year of working time for 30 members (the seed
 * of scripts/bench/time-tracking.ts), and the lists of products, time tracks, shifts and working
 * time by period; the bare server answers these through the app's own services on its pool.
 * Both get the same pool size (10). A worker thread is the client, so its work does not share the
 * servers' event loop: `BENCH_CONCURRENCY` requests at once (default 50) for `BENCH_SECONDS`
 * (default 6) per measurement, real and bare alternating `BENCH_ROUNDS` times (default 2; the
 * medians are printed). Then the real server alone, one client, 40 calls: the p95 a user sees.
 *
 * Before it measures, the script checks that both answer the same items for every call.
 *
 * Environment: BENCH_CUSTOMERS (default 50000), BENCH_ENTRIES (default 100000), BENCH_CONCURRENCY,
 * BENCH_SECONDS, BENCH_ROUNDS, BENCH_ONLY (only the calls whose label matches it, a regular expression),
 * BENCH_APART=1 (a third server in the comparison: the real one with every session check on its own
 * round trip, as before the check began the handler's transaction; decision 0020),
 * BENCH_PROFILE=dir (after the measurements, one more load of each server under the CPU profiler of
 * the servers' thread: a `.cpuprofile` per server and call, for Chromium's DevTools or
 * `node scripts/bench/profile-summary.mjs FILE`),
 * BENCH_EXPLAIN=1 (instead of the loads: every query the real server runs for each call, captured
 * on its way to PostgreSQL, run under `EXPLAIN ANALYZE` as the app role in a tenant transaction,
 * with the tenant as a value, in the policy's own words, `app_current_tenant()`, and as an init
 * plan, `(select app_current_tenant())`; the median of 7 runs of planning and execution;
 * BENCH_EXPLAIN=plans prints the plans too).
 */
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { CONCURRENCY, load, type Load, machine, profiled, runMain, startBareServer, startBench, stats } from './harness';
import { feedUrl, groupedUrl, ownerContext, seedCustomersAndFeed, seedProductsAndWorkingTime } from './list-seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const SINGLE_RUNS = 40;

type Json = Record<string, unknown>;

/** Runs `work` with the real server's session checks on a round trip of their own (BENCH_APART). */
async function checkingApart<T>(bench: Awaited<ReturnType<typeof startBench>>, work: () => Promise<T>): Promise<T> {
  const auth = bench.app.services.auth;
  const own = Object.getOwnPropertyDescriptor(auth, 'assertSessionOpen');
  const check = auth.assertSessionOpen.bind(auth);
  auth.assertSessionOpen = (tenantId, sessionId, userId) => check(tenantId, sessionId, userId, false);
  try {
    return await work();
  } finally {
    if (own) Object.defineProperty(auth, 'assertSessionOpen', own);
    else delete (auth as Partial<typeof auth>).assertSessionOpen;
  }
}

/** A query's parameter as an SQL literal, for EXPLAIN of the query with its values in it. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return literal(`{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The statements of one call of the real server, as sent to PostgreSQL (without the transaction's own). */
async function queriesOf(work: () => Promise<unknown>): Promise<string[]> {
  const captured: string[] = [];
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === 'string' ? config : config.text;
    const params = (typeof config === 'string' ? values : (config.values ?? values)) ?? [];
    if (!/^\s*(begin|commit|rollback|select set_config|select \* from app_session_state)/i.test(text)) {
      captured.push(text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])));
    }
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return captured;
}

/** BENCH_EXPLAIN: each query of each call in three forms of its tenant condition, timed as the app role. */
async function explainCalls(bench: Awaited<ReturnType<typeof startBench>>, calls: Array<[string, string]>) {
  const tenant = bench.owner.tenantId;
  const column = String.raw`((?:"?\w+"?\.)?"?tenant_id"?)`;
  const asValue = (text: string) => text.replace(new RegExp(`${column} = app_current_tenant\\(\\)`, 'g'), `$1 = '${tenant}'`);
  const asPolicy = (text: string) => text.replace(new RegExp(`${column} = '${tenant}'(::uuid)?`, 'g'), '$1 = app_current_tenant()');
  const asInitPlan = (text: string) => asPolicy(text).replace(new RegExp(`${column} = app_current_tenant\\(\\)`, 'g'), '$1 = (select app_current_tenant())');
  for (const [label, url] of calls) {
    const queries = await queriesOf(() => bench.call('GET', url));
    console.log(`\n### ${label}`);
    for (const query of queries) {
      const times: Record<string, number> = {};
      for (const [variant, text] of [['value', asValue(query)], ['policy', asPolicy(query)], ['init plan', asInitPlan(query)]] as const) {
        const samples: number[] = [];
        let plan = '';
        for (let run = 0; run < 7; run++) {
          const rows = await bench.database.withTenant(tenant, async (tx) =>
            (await tx.execute(sql.raw(`explain (analyze, costs off, timing off, summary on) ${text}`))).rows.map((row) => row['QUERY PLAN'] as string),
          );
          plan = rows.join('\n');
          samples.push(Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? 0) + Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 0));
        }
        times[variant] = stats(samples).median;
        if (process.env.BENCH_EXPLAIN === 'plans') console.log(`\n${variant}:\n${plan}`);
      }
      console.log(`- ${query.replace(/\s+/g, ' ').slice(0, 90)}…: ${times.value.toFixed(2)} ms with the tenant as a value, ${times.policy.toFixed(2)} ms as app_current_tenant(), ${times['init plan'].toFixed(2)} ms as (select app_current_tenant())`);
    }
  }
}

async function main() {
  const bench = await startBench({ poolSize: 10 });
  let baseline: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const { customerIds, activities } = await seedCustomersAndFeed(bench, CUSTOMERS);
    const bare = (baseline = await startBareServer(bench, ownerContext(bench)));
    /** Checks that both servers answer the same, then measures each call (a row of the table each). */
    const measureCalls = async (calls: Array<[string, string]>, rows: string[]) => {
      if (process.env.BENCH_EXPLAIN) return explainCalls(bench, calls);
      // Same answers: the items (ids and order) and the count of every call.
      for (const [label, url] of calls) {
        const real = (await bench.call('GET', url)).body as { data: Json };
        const bareAnswer = (await (await fetch(bare.base + url)).json()) as { data: Json };
        // Items by id; the groups of working time (no id) by their period and their tracks' ids
        // (not their work: a shift running now grows between the two calls).
        const key = (item: Json) => item.id ?? [item.periodStart, (item.tracks as Json[]).map((track) => track.id), item.targetSeconds];
        const ids = (body: { data: Json }) => JSON.stringify([body.data.totalCount, (body.data.items as Json[]).map(key)]);
        if (ids(real) !== ids(bareAnswer)) throw new Error(`${label}: the baseline answers differently`);
        const realItems = real.data.items as Json[];
        const bareItems = bareAnswer.data.items as Json[];
        const differing = realItems.flatMap((item, i) => Object.keys({ ...item, ...bareItems[i] }).filter((key) => JSON.stringify(item[key]) !== JSON.stringify(bareItems[i][key])));
        if (differing.length) process.stderr.write(`${label}: same items; fields that differ: ${[...new Set(differing)].join(', ')}\n`);
      }

      for (const [label, url] of calls) {
        const real: Load[] = [];
        const bareLoads: typeof real = [];
        const headers = await bench.headers();
        await load(bench.base + url, headers, 1000);
        await load(bare.base + url, {}, 1000);
        const apart: Load[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          real.push(await load(bench.base + url, headers, SECONDS * 1000));
          bareLoads.push(await load(bare.base + url, {}, SECONDS * 1000));
          if (process.env.BENCH_APART) apart.push(await checkingApart(bench, () => load(bench.base + url, headers, SECONDS * 1000)));
        }
        if (process.env.BENCH_PROFILE) {
          // After the measurements: the profiler costs time of its own.
          await profiled(`real ${label}`, () => load(bench.base + url, headers, SECONDS * 1000));
          await profiled(`bare ${label}`, () => load(bare.base + url, {}, SECONDS * 1000));
        }
        const counts = { ...bench.database.counts };
        await load(bench.base + url, headers, 500);
        const joined = (bench.database.counts.taken - counts.taken) / (bench.database.counts.opened - counts.opened);
        process.stderr.write(`${label}: ${(joined * 100).toFixed(0)} % of the calls went on in their session check's transaction\n`);
        const single: number[] = [];
        for (let i = 0; i < SINGLE_RUNS; i++) single.push((await bench.call('GET', url)).ms);
        const median = (list: number[]) => stats(list).median;
        const realRate = median(real.map((r) => r.perSecond));
        const bareRate = median(bareLoads.map((r) => r.perSecond));
        const errors = [...real, ...bareLoads].reduce((sum, r) => sum + r.errors, 0);
        const cpu = (list: Load[]) => `${median(list.map((r) => r.cpu.node)).toFixed(2)} + ${median(list.map((r) => r.cpu.postgres)).toFixed(2)}`;
        const serverCpu = (list: Load[]) => median(list.map((r) => r.cpu.server));
        const row = `| ${label} | ${realRate.toFixed(0)} | ${bareRate.toFixed(0)} | ${(realRate / bareRate).toFixed(2)} | ${median(real.map((r) => r.p95)).toFixed(0)} | ${median(bareLoads.map((r) => r.p95)).toFixed(0)} | ${stats(single).p95.toFixed(1)} | ${cpu(real)} | ${cpu(bareLoads)} | ${serverCpu(real).toFixed(2)} | ${serverCpu(bareLoads).toFixed(2)} | ${(serverCpu(real) / serverCpu(bareLoads)).toFixed(2)} |${errors ? ` ${errors} errors` : ''}`;
        rows.push(row);
        if (apart.length) {
          const apartRate = median(apart.map((r) => r.perSecond));
          process.stderr.write(`${label}: session check apart ${apartRate.toFixed(0)} req/s (${(apartRate / bareRate).toFixed(2)} of bare), CPU ${cpu(apart)}; pairs real/apart ${real.map((r, i) => (r.perSecond / apart[i].perSecond).toFixed(2)).join(' ')}\n`);
        }
        process.stderr.write(`${row}\n`);
      }
    };

    const feed = feedUrl;
    const allCalls: Array<[string, string]> = [
      ['Customers/GetAll, page 1', '/api/Customers/GetAll?page=1&pageSize=10&isDescending=false'],
      ['Customers/GetAll, search "müller"', `/api/Customers/GetAll?page=1&pageSize=10&isDescending=false&filter=${encodeURIComponent('müller')}`],
      ['Customers/GetAll, search "kunde4711@" (one hit)', `/api/Customers/GetAll?page=1&pageSize=10&isDescending=false&filter=${encodeURIComponent('kunde4711@')}`],
      ['Feed, all customers (library), page 1', feed('')],
      ['Feed, one customer (10,030 entries), page 1', feed(`&customerId=${customerIds[0]}`)],
      ['Feed, one typical customer, page 1', feed(`&customerId=${customerIds[57]}`)],
      ['Feed, all customers, filter "rückruf"', feed(`&filter=${encodeURIComponent('rückruf')}`)],
      ['Images/GetAll, page 1', '/api/Images/GetAll?includeProcessed=true&includeUnprocessed=true&page=1&pageSize=48&isDescending=true'],
    ];
    const selected = (list: Array<[string, string]>) => list.filter(([label]) => new RegExp(process.env.BENCH_ONLY ?? '').test(label));
    const rows: string[] = [];
    await measureCalls(selected(allCalls), rows);

    // Then, on the same database, 10,000 products and a year of working time for 30 members (the
    // seed of bench:time-tracking: 200 more customers, 18,000 more customer time tracks; measured
    // after the calls above, so that those read the same rows as in earlier runs).
    const grouped = groupedUrl;
    const moreCalls: Array<[string, string]> = [
      ['Products/GetAll, page 1', '/api/Products/GetAll?page=1&pageSize=10&isDescending=false'],
      ['TimeTracks/Get, page 1 of every member\u2019s', '/api/TimeTracks/Get?includeRunning=true&includeStopped=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true'],
      ['UserTimeTracks/GetList, page 1 of every member\u2019s', '/api/UserTimeTracks/GetList?includeActive=true&includeEnded=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true'],
      ['UserTimeTracks/GetListGrouped by day, current month', grouped('grouping=day')],
      ['UserTimeTracks/GetListGrouped by month, last 12 months', ''],
      ['Information/GetAll, page 1 (notes, materials, times of every customer)', '/api/Information/GetAll?includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true'],
      ['Invoices (the register), page 1', '/api/Invoices?page=1&pageSize=25'],
      ['Payments/GetOverdue', '/api/Payments/GetOverdue'],
    ];
    if (selected(moreCalls).length) {
      moreCalls[4][1] = (await seedProductsAndWorkingTime(bench)).byMonthUrl;
      await measureCalls(selected(moreCalls), rows);
    }

    console.log(`\n${CUSTOMERS.toLocaleString('en')} customers, ${activities.toLocaleString('en')} activities; ${CONCURRENCY} clients at once, ${SECONDS} s × ${ROUNDS} rounds each; ${machine()}\n`);
    console.log('| Call | real req/s | bare req/s | real / bare | real p95 ms under load | bare p95 ms under load | real p95 ms, one client | real CPU ms per call, Node.js + PostgreSQL | bare CPU ms per call | real server thread CPU ms per call | bare server thread | real / bare, server thread |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
  } finally {
    await baseline?.close();
    await bench.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  runMain(main);
}
