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
 * Both get the same pool size (10). A worker thread is the client, so its work does not share the
 * servers' event loop: `BENCH_CONCURRENCY` requests at once (default 50) for `BENCH_SECONDS`
 * (default 6) per measurement, real and bare alternating `BENCH_ROUNDS` times (default 2; the
 * medians are printed). Then the real server alone, one client, 40 calls: the p95 a user sees.
 *
 * Before it measures, the script checks that both answer the same items for every call.
 *
 * Environment: BENCH_CUSTOMERS (default 50000), BENCH_ENTRIES (default 100000), BENCH_CONCURRENCY,
 * BENCH_SECONDS, BENCH_ROUNDS, BENCH_ONLY (only the calls whose label contains it),
 * BENCH_APART=1 (a third server in the comparison: the real one with every session check on its own
 * round trip, as before the check began the handler's transaction; decision 0020),
 * BENCH_PROFILE=dir (after the measurements, one more load of each server under the CPU profiler of
 * the servers' thread: a `.cpuprofile` per server and call, for Chromium's DevTools or
 * `node scripts/bench/profile-summary.mjs FILE`).
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../server/db/schema';
import type { Tx } from '../../server/db/database';
import { listCustomers } from '../../server/modules/customers/customers.repository';
import { toCustomer } from '../../server/modules/customers/customers.service';
import { listActivities } from '../../server/modules/customer-activities/customer-activities.repository';
import { titles, toActivity } from '../../server/modules/customer-activities/customer-activities.service';
import { listImages } from '../../server/modules/images/images.repository';
import { toImage } from '../../server/modules/images/images.service';
import { customerIdsByExternalId, seed } from './activity';
import { customerRow } from './catalog';
import { machine, processCpu, startBench, stats } from './harness';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const SINGLE_RUNS = 40;

/** The load: `concurrency` loops of GET for `ms`, in a thread of its own. */
const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, concurrency, ms } = workerData;
(async () => {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + ms;
  const loop = async () => {
    while (Date.now() < end) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  parentPort.postMessage({ count: latencies.length, errors, latencies });
})();
`;

/** CPU time so far, in ms: this process (the servers and the load's thread), and each PostgreSQL process. */
function cpuMs() {
  const own = process.cpuUsage();
  const postgres = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const cpu = processCpu(pid);
    if (cpu?.name.startsWith('postgres')) postgres.set(pid, cpu.ms);
  }
  return { node: (own.user + own.system) / 1000, postgres };
}

/** PostgreSQL's CPU between two readings: of the processes alive at the second (one that ended took its time along). */
function postgresDelta(before: Map<string, number>, after: Map<string, number>) {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

interface Load {
  perSecond: number;
  p95: number;
  errors: number;
  /** CPU per answered request, ms: Node.js (servers and client thread) and PostgreSQL. */
  cpu: { node: number; postgres: number };
}

function load(url: string, headers: Record<string, string>, ms: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const before = cpuMs();
    const worker = new Worker(LOAD, { eval: true, workerData: { url, headers, concurrency: CONCURRENCY, ms } });
    worker.once('message', (result: { count: number; errors: number; latencies: number[] }) => {
      const after = cpuMs();
      void worker.terminate();
      resolve({
        perSecond: result.count / (ms / 1000),
        p95: stats(result.latencies).p95,
        errors: result.errors,
        cpu: { node: (after.node - before.node) / result.count, postgres: postgresDelta(before.postgres, after.postgres) / result.count },
      });
    });
    worker.once('error', reject);
  });
}

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

/** With BENCH_PROFILE: runs `work` under the CPU profiler of this thread and writes the profile. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** The bare server: the same queries as the app's repositories, on the owner's pool. */
async function startBaseline(adminUrl: string, tenantId: string) {
  const pool = new pg.Pool({ connectionString: adminUrl, max: 10 });
  pool.on('error', () => undefined);
  // The lists' tenant condition is `app_current_tenant()` (server/db/helpers.ts): set once per connection.
  pool.on('connect', (client) => void client.query(`select set_config('app.tenant_id', $1, false)`, [tenantId]));
  const db = drizzle(pool, { schema }) as unknown as Tx;
  const headings = titles('de');
  const int = (value: unknown, fallback: number) => (value === undefined ? fallback : Number(value));
  const flag = (value: unknown) => value === 'true';
  const app = Fastify({ logger: false });
  app.get('/api/Customers/GetAll', async (request) => {
    const q = request.query as Record<string, string>;
    const query = { page: int(q.page, 1), pageSize: int(q.pageSize, 10), filter: q.filter, orderBy: q.orderBy as never, isDescending: flag(q.isDescending), includeArchived: flag(q.includeArchived) };
    const { totalCount, rows } = await listCustomers(db, query);
    return { data: { totalCount, page: query.page, pageSize: query.pageSize, items: rows.map(toCustomer) } };
  });
  app.get('/api/CustomerActivities/ByCustomer', async (request) => {
    const q = request.query as Record<string, string>;
    const query = {
      customerId: q.customerId,
      filter: q.filter,
      includeProcessed: flag(q.includeProcessed),
      includeUnprocessed: flag(q.includeUnprocessed),
      page: int(q.page, 1),
      pageSize: int(q.pageSize, 25),
      isDescending: flag(q.isDescending),
      orderBy: (q.orderBy ?? 'occurredAtUtc') as never,
    };
    const { totalCount, capped, rows } = await listActivities(db, tenantId, query as never, headings);
    return { data: { totalCount, ...(capped ? { totalCountCapped: true } : {}), page: query.page, pageSize: query.pageSize, items: rows.map(toActivity) } };
  });
  app.get('/api/Images/GetAll', async (request) => {
    const q = request.query as Record<string, string>;
    const query = { customerId: q.customerId, filter: q.filter, includeProcessed: flag(q.includeProcessed), includeUnprocessed: flag(q.includeUnprocessed), page: int(q.page, 1), pageSize: int(q.pageSize, 48), isDescending: flag(q.isDescending), orderBy: (q.orderBy ?? 'createdAtUtc') as never };
    const { totalCount, rows } = await listImages(db, query as never);
    return { data: { totalCount, page: query.page, pageSize: query.pageSize, items: rows.map(toImage) } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    base,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

async function main() {
  const bench = await startBench({ poolSize: 10 });
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  try {
    for (let start = 0; start < CUSTOMERS; start += 10_000) {
      const rows = Array.from({ length: Math.min(10_000, CUSTOMERS - start) }, (_, k) => customerRow(start + k));
      await bench.call('POST', '/api/Customers/ImportCsv', { rows, dryRun: false });
      process.stderr.write(`imported ${start + rows.length} customers\n`);
    }
    const customerIds = await customerIdsByExternalId(bench, 200);
    const admin = new pg.Client({ connectionString: bench.adminUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    const seeded = await seed(admin, bench.owner.tenantId, bench.owner.id, customerIds, customerIds[0]);
    await admin.query('vacuum analyze');
    await admin.end();
    process.stderr.write(`seeded ${JSON.stringify(seeded)}\n`);

    baseline = await startBaseline(bench.adminUrl, bench.owner.tenantId);
    const feed = (query: string) => `/api/CustomerActivities/ByCustomer?includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true${query}`;
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
    const calls = allCalls.filter(([label]) => label.includes(process.env.BENCH_ONLY ?? ''));

    // Same answers: the items (ids and order) and the count of every call.
    for (const [label, url] of calls) {
      const real = (await bench.call('GET', url)).body as { data: Json };
      const bare = (await (await fetch(baseline.base + url)).json()) as { data: Json };
      const ids = (body: { data: Json }) => JSON.stringify([body.data.totalCount, (body.data.items as Array<{ id: string }>).map((i) => i.id)]);
      if (ids(real) !== ids(bare)) throw new Error(`${label}: the baseline answers differently`);
      const realItems = real.data.items as Json[];
      const bareItems = bare.data.items as Json[];
      const differing = realItems.flatMap((item, i) => Object.keys({ ...item, ...bareItems[i] }).filter((key) => JSON.stringify(item[key]) !== JSON.stringify(bareItems[i][key])));
      if (differing.length) process.stderr.write(`${label}: same items; fields that differ: ${[...new Set(differing)].join(', ')}\n`);
    }

    const rows: string[] = [];
    for (const [label, url] of calls) {
      const real: Load[] = [];
      const bare: typeof real = [];
      const headers = await bench.headers();
      await load(bench.base + url, headers, 1000);
      await load(baseline.base + url, {}, 1000);
      const apart: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        real.push(await load(bench.base + url, headers, SECONDS * 1000));
        bare.push(await load(baseline.base + url, {}, SECONDS * 1000));
        if (process.env.BENCH_APART) apart.push(await checkingApart(bench, () => load(bench.base + url, headers, SECONDS * 1000)));
      }
      if (process.env.BENCH_PROFILE) {
        // After the measurements: the profiler costs time of its own.
        await profiled(`real ${label}`, () => load(bench.base + url, headers, SECONDS * 1000));
        await profiled(`bare ${label}`, () => load(baseline!.base + url, {}, SECONDS * 1000));
      }
      const counts = { ...bench.database.counts };
      await load(bench.base + url, headers, 500);
      const joined = (bench.database.counts.taken - counts.taken) / (bench.database.counts.opened - counts.opened);
      process.stderr.write(`${label}: ${(joined * 100).toFixed(0)} % of the calls went on in their session check's transaction\n`);
      const single: number[] = [];
      for (let i = 0; i < SINGLE_RUNS; i++) single.push((await bench.call('GET', url)).ms);
      const median = (list: number[]) => stats(list).median;
      const realRate = median(real.map((r) => r.perSecond));
      const bareRate = median(bare.map((r) => r.perSecond));
      const errors = [...real, ...bare].reduce((sum, r) => sum + r.errors, 0);
      const cpu = (list: Load[]) => `${median(list.map((r) => r.cpu.node)).toFixed(2)} + ${median(list.map((r) => r.cpu.postgres)).toFixed(2)}`;
      const row = `| ${label} | ${realRate.toFixed(0)} | ${bareRate.toFixed(0)} | ${(realRate / bareRate).toFixed(2)} | ${median(real.map((r) => r.p95)).toFixed(0)} | ${median(bare.map((r) => r.p95)).toFixed(0)} | ${stats(single).p95.toFixed(1)} | ${cpu(real)} | ${cpu(bare)} |${errors ? ` ${errors} errors` : ''}`;
      rows.push(row);
      if (apart.length) {
        const apartRate = median(apart.map((r) => r.perSecond));
        process.stderr.write(`${label}: session check apart ${apartRate.toFixed(0)} req/s (${(apartRate / bareRate).toFixed(2)} of bare), CPU ${cpu(apart)}; pairs real/apart ${real.map((r, i) => (r.perSecond / apart[i].perSecond).toFixed(2)).join(' ')}\n`);
      }
      process.stderr.write(`${row}\n`);
    }
    console.log(`\n${CUSTOMERS.toLocaleString('en')} customers, ${(Number(seeded.info) + Number(seeded.tracks) + Number(seeded.photos)).toLocaleString('en')} activities; ${CONCURRENCY} clients at once, ${SECONDS} s × ${ROUNDS} rounds each; ${machine()}\n`);
    console.log('| Call | real req/s | bare req/s | real / bare | real p95 ms under load | bare p95 ms under load | real p95 ms, one client | real CPU ms per call, Node.js + PostgreSQL | bare CPU ms per call |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
  } finally {
    await baseline?.close();
    await bench.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
