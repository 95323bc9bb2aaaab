/**
 * One server process, two behind nginx, and the bare server, side by side on this machine.
 *
 *   npx tsx scripts/bench/scale.ts         (or: npm run bench:scale; about 5 minutes)
 *   BENCH_SHORT=1 npm run bench:scale      (a smaller seed, 2 s a load, one round: about 2 minutes)
 *
 * The seed of bench:throughput, smaller (BENCH_CUSTOMERS customers, default 10,000; BENCH_ENTRIES
 * activities over 200 of them, default 50,000; 10,000 products; BENCH_MEMBERS members' working
 * time over BENCH_DAYS days, defaults 30 and 365), in the benchmark's own embedded PostgreSQL.
 * Three variants answer the same calls on that database:
 * - one: a real server process (server/main.ts, as operators run it), called directly;
 * - two: two such processes behind Debian's nginx (round robin, keep-alive connections to both),
 *   files in a local S3-compatible bucket (s3rver), as tests/api/two-processes.test.ts runs them
 *   (the one process of the first variant is one of these two, with the same bucket);
 * - bare: the bare Fastify + pg server of bench:throughput (harness.ts), in this process: the app's
 *   queries and services without token, session check, transaction, row-level security, contract
 *   or idempotency keys.
 * For each call, a client process of its own keeps BENCH_CONCURRENCY requests in flight (default
 * 50) for 1 s of warm-up and then BENCH_SECONDS (default 5) counted, against each variant in turn, one, two, bare, and again
 * (BENCH_ROUNDS, default 2; the medians are printed), so that the machine's noise falls on all
 * three alike. The calls: the main lists, and a write mix as the app sends it (per loop: a note, a
 * free-text material, a timer started and stopped, each with an Idempotency-Key; each client loop
 * on a customer of its own, since a member runs one timer per customer).
 *
 * Printed per call and variant: answered requests per second, p95 ms under that load, and CPU ms
 * per answered request of the server processes (Node.js), of nginx, of PostgreSQL (the
 * benchmark's cluster only) and of the load generator, read from /proc; and how busy the machine's
 * cores were meanwhile (ours and everyone's). BENCH_ONLY runs only the calls whose label has it.
 */
import fs from 'node:fs';
import os from 'node:os';
import { startNginx, type LoadBalancer } from '../../tests/support/nginx';
import { startLocalS3, type LocalS3 } from '../../tests/support/s3';
import { startServer, type ServerProcess } from '../../tests/support/server-process';
import { ok } from '../../server/platform/errors';
import { CONCURRENCY, type Load, type LoadStep, machine, processCpu, runLoad, runMain, serverProcessEnv, startBareServer, startBench, stats } from './harness';
import { feedUrl, groupedUrl, ownerContext, seedCustomersAndFeed, seedProductsAndWorkingTime } from './list-seed';

const SHORT = process.env.BENCH_SHORT === '1';
// The AWS SDK's notice about Node.js 20 (the bucket's client in this process), as in the server processes.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SHORT ? 2 : 5));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SHORT ? 1 : 2));
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? (SHORT ? 2_000 : 10_000));
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? (SHORT ? 10_000 : 50_000));
const DAYS = Number(process.env.BENCH_DAYS ?? (SHORT ? 60 : 365));
/** Each load's client warms up first (a new process compiles its HTTP client), and the servers with it. */
const WARM_MS = 1000;

/** The write mix: what the app sends for a note, a material and a timer started and stopped. */
const WRITES: LoadStep[] = [
  { method: 'POST', path: '/api/Information/Create', body: { customerId: '$customer', subType: 'note', text: 'Zählerschrank geprüft, Sicherungen beschriftet' }, idempotent: true },
  { method: 'POST', path: '/api/Information/Create', body: { customerId: '$customer', subType: 'material', text: 'Kabel NYM-J 3x1,5 mm²', quantity: 12, unit: 'm', unitPrice: 0.89 }, idempotent: true },
  { method: 'POST', path: '/api/TimeTracks/Start', body: { customerId: '$customer', description: 'Steckdosen in der Küche setzen' }, idempotent: true, remember: true },
  { method: 'POST', path: '/api/TimeTracks/Stop', body: { id: '$id' }, idempotent: true },
];

/** A process and its children (nginx's master and its worker). */
function withChildren(pid: number): number[] {
  return [pid, ...fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name) && processCpu(name)?.ppid === pid).map(Number)];
}

interface Variant {
  name: 'one' | 'two' | 'bare';
  base: string;
  headers: Record<string, string>;
  servers: () => number[];
  nginx?: () => number[];
}

async function main() {
  const bench = await startBench({ poolSize: 10 });
  let s3: LocalS3 | undefined;
  let servers: ServerProcess[] = [];
  let nginx: LoadBalancer | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const { customerIds, activities } = await seedCustomersAndFeed(bench, CUSTOMERS, ENTRIES);
    const { byMonthUrl, shifts } = await seedProductsAndWorkingTime(bench, { days: DAYS });

    // The server processes: the bench's database and DATA_DIR, files in a bucket.
    s3 = await startLocalS3();
    const env = serverProcessEnv(bench, s3.env(await s3.createBucket()));
    servers = await Promise.all([startServer(env), startServer(env)]);
    nginx = await startNginx(
      servers.map((server) => server.baseUrl),
      { keepalive: 32 },
    );
    const nginxPid = nginx.pid;
    bare = await startBareServer(bench, ownerContext(bench), (app, { services, ctx }) => {
      app.post('/api/Information/Create', async (request, reply) => reply.code(201).send(ok(await services.information.create(ctx(), request.body as never))));
      app.post('/api/TimeTracks/Start', async (request) => ok(await services.timeTracks.start(ctx(), request.body as never)));
      app.post('/api/TimeTracks/Stop', async (request) => ok(await services.timeTracks.stop(ctx(), request.body as never)));
    });

    // The Owner's headers, renewed for each call (bench.headers() refreshes the token when it gets old).
    const headers: Record<string, string> = { ...(await bench.headers()) };
    const variants: Variant[] = [
      { name: 'one', base: servers[0].baseUrl, headers, servers: () => [servers[0].child.pid!] },
      { name: 'two', base: nginx.baseUrl, headers, servers: () => servers.map((server) => server.child.pid!), nginx: () => withChildren(nginxPid) },
      { name: 'bare', base: bare.base, headers: { 'Content-Type': 'application/json' }, servers: () => [process.pid] },
    ];

    const calls: Array<[string, LoadStep[]]> = [
      ['Customers, page 1', [{ method: 'GET', path: '/api/Customers/GetAll?page=1&pageSize=10&isDescending=false' }]],
      ['Feed, all customers, page 1', [{ method: 'GET', path: feedUrl('') }]],
      ['Photos, page 1', [{ method: 'GET', path: '/api/Images/GetAll?includeProcessed=true&includeUnprocessed=true&page=1&pageSize=48&isDescending=true' }]],
      ['Time tracks, page 1 of every member\u2019s', [{ method: 'GET', path: '/api/TimeTracks/Get?includeRunning=true&includeStopped=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true' }]],
      ['Working time by day, current month', [{ method: 'GET', path: groupedUrl('grouping=day') }]],
      ['Working time by month, last 12 months', [{ method: 'GET', path: byMonthUrl }]],
      ['Write mix (note, material, timer start + stop)', WRITES],
    ];
    const selected = calls.filter(([label]) => label.includes(process.env.BENCH_ONLY ?? ''));

    // Every variant answers every list alike: the count and the items' ids (or the groups' periods).
    for (const [label, steps] of selected) {
      if (steps[0].method !== 'GET') continue;
      const answers = await Promise.all(
        variants.map(async (variant) => {
          const response = await fetch(variant.base + steps[0].path, { headers: variant.headers });
          if (!response.ok) throw new Error(`${label}: ${variant.name} answered ${response.status}`);
          const { data } = (await response.json()) as { data: { totalCount: number; items: Array<{ id?: string; periodStart?: string }> } };
          return JSON.stringify([data.totalCount, data.items.map((item) => item.id ?? item.periodStart)]);
        }),
      );
      if (new Set(answers).size !== 1) throw new Error(`${label}: the variants answer differently`);
    }

    const loadOf = (variant: Variant, steps: LoadStep[], ms: number) =>
      runLoad({
        base: variant.base,
        steps,
        headers: variant.headers,
        ms,
        warmMs: WARM_MS,
        concurrency: CONCURRENCY,
        customers: customerIds.slice(1),
        clientApart: true,
        watch: { servers: variant.servers, ...(variant.nginx ? { nginx: variant.nginx } : {}) },
      });
    const rows: string[] = [];
    for (const [label, steps] of selected) {
      Object.assign(headers, await bench.headers());
      const measured = new Map<Variant['name'], Load[]>(variants.map((variant) => [variant.name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const variant of variants) measured.get(variant.name)!.push(await loadOf(variant, steps, SECONDS * 1000));
      }
      for (const variant of variants) {
        const list = measured.get(variant.name)!;
        const median = (pick: (load: Load) => number) => stats(list.map(pick)).median;
        const rate = median((l) => l.perSecond);
        const node = median((l) => l.cpu.watched.servers);
        const nginxMs = variant.nginx ? median((l) => l.cpu.watched.nginx) : 0;
        const postgres = median((l) => l.cpu.postgres);
        const client = median((l) => l.cpu.client);
        // Our processes' share of the machine's cores: CPU per request × requests per second.
        const ours = ((node + nginxMs + postgres + client) * rate) / 1000;
        const failures: Record<string, number> = {};
        for (const [status, n] of list.flatMap((l) => Object.entries(l.failures))) failures[status] = (failures[status] ?? 0) + n;
        const errors = Object.entries(failures).map(([status, n]) => `${n} × ${status}`).join(', ');
        const row = `| ${label} | ${variant.name} | ${rate.toFixed(0)} | ${median((l) => l.p95).toFixed(0)} | ${node.toFixed(2)} | ${variant.nginx ? nginxMs.toFixed(2) : '–'} | ${postgres.toFixed(2)} | ${client.toFixed(2)} | ${((node * rate) / 1000).toFixed(2)} | ${ours.toFixed(2)} | ${(median((l) => l.machineBusy) * 100).toFixed(0)} % |${errors ? ` failed: ${errors}` : ''}`;
        rows.push(row);
        process.stderr.write(`${row}\n`);
      }
    }

    console.log(
      `\n${CUSTOMERS.toLocaleString('en')} customers, ${activities.toLocaleString('en')} activities, ${shifts.toLocaleString('en')} shifts; ${CONCURRENCY} clients at once, ${SECONDS} s × ${ROUNDS} rounds each, variants alternating; ${machine()}\n`,
    );
    console.log('req/s: answered requests per second; p95: of all requests under that load, ms; CPU columns: ms of CPU per answered request;');
    console.log(`Node.js: the server processes (bare: this process, which serves it); cores busy (the machine has ${os.cpus().length}): the servers' = Node.js ms/req × req/s, ours = every CPU column × req/s; machine busy = all processes of the machine, whoever's (/proc/stat)\n`);
    console.log('| Call | variant | req/s | p95 ms | Node.js ms/req | nginx ms/req | PostgreSQL ms/req | load generator ms/req | servers\' cores busy | our cores busy | machine busy |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
  } finally {
    await bare?.close();
    await nginx?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await s3?.close();
    await bench.close();
  }
}

runMain(main);
