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
 * BENCH_SECONDS, BENCH_ROUNDS, BENCH_ONLY (only the calls whose label contains it).
 */
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
import { machine, startBench, stats } from './harness';

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

function load(url: string, headers: Record<string, string>, ms: number): Promise<{ perSecond: number; p95: number; errors: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD, { eval: true, workerData: { url, headers, concurrency: CONCURRENCY, ms } });
    worker.once('message', (result: { count: number; errors: number; latencies: number[] }) => {
      void worker.terminate();
      resolve({ perSecond: result.count / (ms / 1000), p95: stats(result.latencies).p95, errors: result.errors });
    });
    worker.once('error', reject);
  });
}

type Json = Record<string, unknown>;

/** The bare server: the same queries as the app's repositories, on the owner's pool. */
async function startBaseline(adminUrl: string, tenantId: string) {
  const pool = new pg.Pool({ connectionString: adminUrl, max: 10 });
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Tx;
  const headings = titles('de');
  const int = (value: unknown, fallback: number) => (value === undefined ? fallback : Number(value));
  const flag = (value: unknown) => value === 'true';
  const app = Fastify({ logger: false });
  app.get('/api/Customers/GetAll', async (request) => {
    const q = request.query as Record<string, string>;
    const query = { page: int(q.page, 1), pageSize: int(q.pageSize, 10), filter: q.filter, orderBy: q.orderBy as never, isDescending: flag(q.isDescending), includeArchived: flag(q.includeArchived) };
    const { totalCount, rows } = await listCustomers(db, tenantId, query);
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
    const { totalCount, rows } = await listImages(db, tenantId, query as never);
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
      const real: Array<{ perSecond: number; p95: number; errors: number }> = [];
      const bare: typeof real = [];
      const headers = await bench.headers();
      await load(bench.base + url, headers, 1000);
      await load(baseline.base + url, {}, 1000);
      for (let round = 0; round < ROUNDS; round++) {
        real.push(await load(bench.base + url, headers, SECONDS * 1000));
        bare.push(await load(baseline.base + url, {}, SECONDS * 1000));
      }
      const single: number[] = [];
      for (let i = 0; i < SINGLE_RUNS; i++) single.push((await bench.call('GET', url)).ms);
      const median = (list: number[]) => stats(list).median;
      const realRate = median(real.map((r) => r.perSecond));
      const bareRate = median(bare.map((r) => r.perSecond));
      const errors = [...real, ...bare].reduce((sum, r) => sum + r.errors, 0);
      const row = `| ${label} | ${realRate.toFixed(0)} | ${bareRate.toFixed(0)} | ${(realRate / bareRate).toFixed(2)} | ${median(real.map((r) => r.p95)).toFixed(0)} | ${median(bare.map((r) => r.p95)).toFixed(0)} | ${stats(single).p95.toFixed(1)} |${errors ? ` ${errors} errors` : ''}`;
      rows.push(row);
      process.stderr.write(`${row}\n`);
    }
    console.log(`\n${CUSTOMERS.toLocaleString('en')} customers, ${(Number(seeded.info) + Number(seeded.tracks) + Number(seeded.photos)).toLocaleString('en')} activities; ${CONCURRENCY} clients at once, ${SECONDS} s × ${ROUNDS} rounds each; ${machine()}\n`);
    console.log('| Call | real req/s | bare req/s | real / bare | real p95 ms under load | bare p95 ms under load | real p95 ms, one client |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
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
