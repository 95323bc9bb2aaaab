/**
 * What every benchmark shares: its own embedded PostgreSQL in a temporary directory, the real
 * server on a free port, one firm signed up through the API, calls over HTTP timed at the client
 * (the access token refreshed before it expires), median and p95, and the Markdown table of
 * docs/benchmarks.md.
 *
 * Environment: BENCH_RUNS (calls per measurement after 5 warm-up calls, default 40).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildServer } from '../../server/app';
import { appUrlFrom, connectDatabase, migrateDatabase, type Database, type Tx } from '../../server/db/database';
import { ensureDatabase, startEmbeddedPostgres } from '../../server/db/embedded';
import { loadConfig } from '../../server/platform/config';
import type { RequestContext } from '../../server/platform/context';
import { ok } from '../../server/platform/errors';
import { createServices } from '../../server/modules/services';
import { listCustomers } from '../../server/modules/customers/customers.repository';
import { toCustomer } from '../../server/modules/customers/customers.service';
import { listActivities } from '../../server/modules/customer-activities/customer-activities.repository';
import { titles, toActivity } from '../../server/modules/customer-activities/customer-activities.service';
import { listImages } from '../../server/modules/images/images.repository';
import { startServer, type ServerProcess } from '../../tests/support/server-process';
import { toImage } from '../../server/modules/images/images.service';
import { freePort } from '../../tests/support/pg-global-setup';

export const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const WARM_UP = 5;

/**
 * The benchmark's own PostgreSQL server (its postmaster's pid): the machine may run other
 * PostgreSQL servers (other benchmarks, tests), whose CPU is not this benchmark's.
 */
let postmaster: number | undefined;
const REFRESH_AFTER_MS = 10 * 60_000;

/**
 * A process's name, its parent's pid and the CPU time it has used so far in ms (utime + stime,
 * fields 14 and 15 of `/proc/PID/stat`, in ticks of 10 ms); undefined when it has ended.
 */
export function processCpu(pid: number | string): { name: string; ppid: number; ms: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { name: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return undefined;
  }
}

export interface BenchResult {
  call: string;
  median: number;
  p95: number;
  runs: number;
  note?: string;
}

export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: at(0.5), p95: at(0.95), runs: samples.length };
}

export function markdownTable(results: BenchResult[]): string {
  return [
    '| Call | median ms | p95 ms | runs | note |',
    '|---|---:|---:|---:|---|',
    ...results.map((r) => `| ${r.call} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.runs} | ${r.note ?? ''} |`),
  ].join('\n');
}

/** The machine a table was measured on. */
export function machine(): string {
  return `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`;
}

/** A parsed answer: the scripts read into it freely, as into `JSON.parse`'s result. */
type Json = ReturnType<typeof JSON.parse>;

export interface Bench {
  base: string;
  /** The superuser's connection (seeding in bulk, `VACUUM ANALYZE`). */
  adminUrl: string;
  /** The app's own connection, under row-level security. */
  database: Database;
  /** The real server itself (its services, for a comparison that swaps one of them). */
  app: Awaited<ReturnType<typeof buildServer>>;
  /** The signed-up Owner. */
  owner: { id: string; tenantId: string };
  results: BenchResult[];
  /** The Owner's session as the sign-up answered it, and the device it was signed in on. */
  signedIn(): { session: Record<string, unknown>; deviceId: string };
  /** The Owner's request headers (bearer token, device id), refreshed when the token gets old. */
  headers(): Promise<Record<string, string>>;
  /** One call as the Owner; throws on an error answer. */
  call(method: string, url: string, body?: unknown): Promise<{ ms: number; body: Json }>;
  /**
   * Times `RUNS` GETs of `url` after the warm-up and records median and p95. The note may be
   * made from the last answer (e.g. its `totalCount`).
   */
  measure(label: string, url: string, note?: string | ((body: Json) => string)): Promise<void>;
  close(): Promise<void>;
}

/**
 * The environment of a real server process (server/main.ts, as operators run it) on the bench's
 * database and DATA_DIR: its signing secrets, so the Owner's token is good there too, and the app
 * role's password the bench migrated with. `extra` adds to it (a bucket's settings).
 */
export function serverProcessEnv(bench: Pick<Bench, 'app' | 'adminUrl'>, extra: Record<string, string> = {}): Record<string, string> {
  const dataDir = bench.app.deps.config.dataDir;
  const secretsFile = path.join(dataDir, 'secrets.json');
  fs.writeFileSync(secretsFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(secretsFile, 'utf8')), appRolePassword: 'bench-app' }), { mode: 0o600 });
  // The tokens' issuer is the public address: the same as the bench's own server's.
  return { DATA_DIR: dataDir, DATABASE_URL: bench.adminUrl, PUBLIC_URL: bench.app.deps.config.publicUrl, TRUST_PROXY: '1', ...extra };
}

/**
 * `ownProcess`: after the sign-up, the calls go to a server process of their own (server/main.ts,
 * `serverProcessEnv`) instead of the server in the bench's process, so that the bench's client
 * (reading and parsing each answer) does not share the server's thread, as no browser does.
 */
export async function startBench(options: { poolSize?: number; serveApp?: boolean; ownProcess?: boolean } = {}): Promise<Bench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-bench-'));
  // The embedded PostgreSQL runs as another user when started as root: it must reach the directory.
  fs.chmodSync(dir, 0o755);
  const pgServer = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort(), password: 'bench-admin' });
  const adminUrl = pgServer.adminUrl('bench');
  postmaster = Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  await ensureDatabase(adminUrl, 'bench');
  await migrateDatabase(adminUrl, 'bench-app');
  const database = connectDatabase(appUrlFrom(adminUrl, 'bench-app'), options.poolSize);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: adminUrl, LOG_LEVEL: 'silent', PORT: '0', SERVE_APP: options.serveApp ? 'true' : 'false' });
  const app = await buildServer({ config, database });
  let ownProcess: ServerProcess | undefined;
  const close = async () => {
    await ownProcess?.stop();
    await app.close();
    await database.close();
    await pgServer.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    let base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const deviceId = `backoffice_${crypto.randomUUID()}`;
    const post = (url: string, body: unknown) =>
      fetch(base + url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Device-Id': deviceId }, body: JSON.stringify(body) });

    const signUp = await post('/api/Auth/SignUp', {
      email: 'bench@elektro-schneider.example',
      password: 'Kabeltrommel-Sommer-2026',
      tenantName: 'bench',
      termsConfirmed: true,
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    let session = (await signUp.json()).data as { token: string; refreshToken: string; id: string; tenantId: string };
    let tokenAt = Date.now();
    const owner = { id: session.id, tenantId: session.tenantId };
    if (options.ownProcess) {
      ownProcess = await startServer(serverProcessEnv({ app, adminUrl }));
      base = ownProcess.baseUrl;
    }

    const headers = async () => {
      if (Date.now() - tokenAt > REFRESH_AFTER_MS) {
        session = { ...session, ...(await (await post('/api/Auth/RefreshToken', { token: session.refreshToken })).json()).data };
        tokenAt = Date.now();
      }
      return { Authorization: `Bearer ${session.token}`, 'X-Device-Id': deviceId, 'Content-Type': 'application/json' };
    };
    const call = async (method: string, url: string, body?: unknown) => {
      const started = performance.now();
      const response = await fetch(base + url, { method, headers: await headers(), body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${method} ${url} → ${response.status}: ${text.slice(0, 300)}`);
      return { ms, body: JSON.parse(text) };
    };
    const results: BenchResult[] = [];
    const measure = async (label: string, url: string, note?: string | ((body: Json) => string)) => {
      for (let i = 0; i < WARM_UP; i++) await call('GET', url);
      const samples: number[] = [];
      let last: unknown;
      for (let i = 0; i < RUNS; i++) {
        const { ms, body } = await call('GET', url);
        samples.push(ms);
        last = body;
      }
      const result = { call: label, ...stats(samples), note: typeof note === 'function' ? note(last) : note };
      results.push(result);
      process.stderr.write(`${label}: ${result.median.toFixed(1)} ms\n`);
    };
    const signedIn = () => ({ session: session as unknown as Record<string, unknown>, deviceId });
    return { base, adminUrl, database, app, owner, results, signedIn, headers, call, measure, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * With BENCH_PROFILE=dir: runs `work` under the CPU profiler of this thread (the in-process server's
 * and the bench's client's) and writes it as `name.cpuprofile` (for `scripts/bench/profile-summary.mjs`).
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
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

/** The page's `first-contentful-paint` in milliseconds, once the browser has painted. */
export function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/** Runs a benchmark's `main`; a failure prints its error and exits with 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * The session after one more refresh of its chain (`Auth/RefreshToken`): a fresh access token for a
 * browser profile, which lives far shorter than the token and never refreshes it itself.
 */
export async function refreshedSession(base: string, deviceId: string, session: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await fetch(`${base}/api/Auth/RefreshToken`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Device-Id': deviceId },
    body: JSON.stringify({ token: session.refreshToken }),
  });
  if (!answer.ok) throw new Error(`refresh failed: ${answer.status}`);
  return { ...session, ...((await answer.json()) as { data: Record<string, unknown> }).data };
}

/** Requests at once of a load (BENCH_CONCURRENCY, default 50). */
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);

/**
 * One request of a load's loop. In `body`, the string "$customer" stands for the loop's customer
 * (loop n takes `customers[n % length]`) and "$id" for the `data.id` of the loop's last answer
 * that had `remember`; `idempotent` sends a new `Idempotency-Key` (a UUID), as the app does.
 */
export interface LoadStep {
  method: string;
  path: string;
  body?: unknown;
  idempotent?: boolean;
  remember?: boolean;
}

/**
 * The load generator: `concurrency` loops, each sending its steps in order and again until `ms`
 * have passed (a loop finishes the round of steps it began, so no timer is left running; a
 * failed step ends its round). Runs as a worker thread or, with its settings in the environment
 * variable BENCH_LOAD, as a process of its own.
 */
const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
const { base, steps, headers, concurrency, ms, warmMs, customers } = workerData ?? JSON.parse(process.env.BENCH_LOAD);
const send = (message) => (parentPort ? parentPort.postMessage(message) : process.stdout.write(JSON.stringify(message) + '\\n'));
const run = async (ms) => {
  const latencies = [];
  let errors = 0;
  const failures = {};
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const end = Date.now() + ms;
  const loop = async (n) => {
    let id = '';
    while (Date.now() < end) {
      for (const step of steps) {
        const body = step.body === undefined ? undefined : JSON.stringify(step.body).replaceAll('"$customer"', JSON.stringify(customers[n % customers.length])).replaceAll('"$id"', JSON.stringify(id));
        const at = performance.now();
        let status = 'no answer';
        try {
          const response = await fetch(base + step.path, { method: step.method, headers: step.idempotent ? { ...headers, 'Idempotency-Key': randomUUID() } : headers, body });
          const text = await response.text();
          status = response.status;
          if (response.ok && step.remember) id = JSON.parse(text).data.id;
        } catch {}
        latencies.push(performance.now() - at);
        if (!(status >= 200 && status < 300)) {
          errors++;
          failures[status] = (failures[status] ?? 0) + 1;
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, n) => loop(n)));
  // The whole process's CPU since this run began: the client's own when it runs as a process.
  const cpu = process.cpuUsage(cpuBefore);
  return { count: latencies.length, errors, failures, seconds: (performance.now() - started) / 1000, cpuMs: (cpu.user + cpu.system) / 1000, latencies };
};
(async () => {
  // A warm-up first, not counted: a new process loads and compiles its HTTP client on its first calls.
  if (warmMs) await run(warmMs);
  send('go');
  send(await run(ms));
})();
`;

/**
 * CPU time so far, in ms: this process (the servers in it and, unless the client runs apart, the
 * client's thread), its main thread alone (the servers' event loop without the client's thread:
 * what one call costs the serving process), and each process of the benchmark's PostgreSQL.
 */
function cpuMs() {
  const own = process.cpuUsage();
  const server = processCpu(`self/task/${process.pid}`)?.ms ?? 0;
  const postgres = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const cpu = processCpu(pid);
    if (cpu?.name.startsWith('postgres') && (postmaster === undefined || Number(pid) === postmaster || cpu.ppid === postmaster)) postgres.set(pid, cpu.ms);
  }
  return { node: (own.user + own.system) / 1000, server, postgres };
}

/** PostgreSQL's CPU between two readings: of the processes alive at the second (one that ended took its time along). */
function postgresDelta(before: Map<string, number>, after: Map<string, number>) {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** The machine's busy and total CPU time so far in ticks, over all cores (`/proc/stat`; idle and iowait are not busy). */
function machineTicks() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - fields[3] - fields[4], total };
}

/** The CPU ms so far of these processes together (ended ones count 0). */
function cpuOf(pids: number[]) {
  return pids.reduce((sum, pid) => sum + (processCpu(pid)?.ms ?? 0), 0);
}

export interface Load {
  perSecond: number;
  p95: number;
  errors: number;
  /** The failed requests by their status (or "no answer"). */
  failures: Record<string, number>;
  /**
   * CPU per answered request, ms: Node.js (this process: the servers in it and, unless the client
   * ran apart, the client's thread), PostgreSQL, the client when it ran apart, and each watched
   * group of processes.
   */
  cpu: { node: number; server: number; postgres: number; client: number; watched: Record<string, number> };
  /** The share of the machine's CPU (all cores) that was busy meanwhile, 0 to 1, whoever used it. */
  machineBusy: number;
}

export interface LoadOptions {
  base: string;
  steps: LoadStep[];
  headers: Record<string, string>;
  ms: number;
  /** A load before, in the same client, that is not counted (nor its CPU). */
  warmMs?: number;
  concurrency?: number;
  customers?: string[];
  /** The client as a process of its own (its CPU apart from this process's), not a thread. */
  clientApart?: boolean;
  /** Groups of processes whose CPU is counted apart, by name: their pids, asked before and after. */
  watch?: Record<string, () => number[]>;
}

/** Runs a load and measures it: rate, p95, errors, CPU per answered request. */
export async function runLoad(options: LoadOptions): Promise<Load> {
  const data = { base: options.base, steps: options.steps, headers: options.headers, ms: options.ms, warmMs: options.warmMs ?? 0, concurrency: options.concurrency ?? CONCURRENCY, customers: options.customers ?? [] };
  const watch = Object.entries(options.watch ?? {}).map(([name, pids]) => ({ name, pids: pids() }));
  // The readings before: when the client says it begins to count, after its warm-up.
  let watchedBefore: number[] = [];
  let before = cpuMs();
  let ticksBefore = machineTicks();
  const begin = () => {
    watchedBefore = watch.map(({ pids }) => cpuOf(pids));
    before = cpuMs();
    ticksBefore = machineTicks();
  };
  const result = await new Promise<{ count: number; errors: number; failures: Record<string, number>; seconds: number; cpuMs: number; latencies: number[] }>((resolve, reject) => {
    const receive = (message: unknown) => (message === 'go' ? begin() : resolve(message as never));
    if (!options.clientApart) {
      const worker = new Worker(LOAD, { eval: true, workerData: data });
      worker.on('message', (message) => {
        receive(message);
        if (message !== 'go') void worker.terminate();
      });
      worker.once('exit', () => reject(new Error('the load ended without a result')));
      worker.once('error', reject);
      return;
    }
    const child = spawn(process.execPath, ['-e', LOAD], { env: { PATH: process.env.PATH ?? '', BENCH_LOAD: JSON.stringify(data) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (let end = output.indexOf('\n'); end >= 0; end = output.indexOf('\n')) {
        receive(JSON.parse(output.slice(0, end)));
        output = output.slice(end + 1);
      }
    });
    child.once('close', () => reject(new Error('the load\'s process ended without a result')));
    child.once('error', reject);
  });
  const after = cpuMs();
  const ticksAfter = machineTicks();
  const per = (ms: number) => ms / Math.max(1, result.count - result.errors);
  return {
    perSecond: (result.count - result.errors) / result.seconds,
    p95: stats(result.latencies).p95,
    errors: result.errors,
    failures: result.failures,
    cpu: {
      node: per(after.node - before.node),
      server: per(after.server - before.server),
      postgres: per(postgresDelta(before.postgres, after.postgres)),
      client: options.clientApart ? per(result.cpuMs) : 0,
      watched: Object.fromEntries(watch.map(({ name, pids }, i) => [name, per(cpuOf(pids) - watchedBefore[i])])),
    },
    machineBusy: (ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total),
  };
}

/** `CONCURRENCY` loops of GET `url` for `ms`, the client in a thread of this process. */
export function load(url: string, headers: Record<string, string>, ms: number): Promise<Load> {
  const { origin, pathname, search } = new URL(url);
  return runLoad({ base: origin, steps: [{ method: 'GET', path: pathname + search }], headers, ms });
}

/** The app's services as the bare server runs them, and the context of its one caller. */
export interface BareRoutes {
  services: ReturnType<typeof createServices>;
  ctx: () => RequestContext;
}

/**
 * The bare server of bench:throughput and bench:scale: a Fastify + pg server on the same database,
 * connected as its owner (no row-level security), running the app's own list queries (the
 * repositories' functions) and services straight on its pool (10 connections): no transaction,
 * no authentication, no session check, no contract validation, `JSON.stringify` of the same
 * answer. `routes` adds calls of a benchmark's own.
 */
export async function startBareServer(bench: Bench, owner: Omit<RequestContext, 'now'>, routes?: (app: FastifyInstance, bare: BareRoutes) => void) {
  const { adminUrl } = bench;
  const { tenantId } = owner;
  const pool = new pg.Pool({ connectionString: adminUrl, max: 10 });
  pool.on('error', () => undefined);
  // The lists' tenant condition is `app_current_tenant()` (server/db/helpers.ts): set once per connection.
  pool.on('connect', (client) => void client.query(`select set_config('app.tenant_id', $1, false)`, [tenantId]));
  // Without the schema, as the app's own (server/db/database.ts).
  const db = drizzle(pool) as unknown as Tx;
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
    const { totalCount, rows } = await listImages(db, query as never);
    return { data: { totalCount, page: query.page, pageSize: query.pageSize, items: rows.map(toImage) } };
  });
  // The calls of products and working time: the app's own services (queries and the grouping in
  // JavaScript) on the owner's connection, without session check, transaction or row-level
  // security, their query taken as it comes (numbers and booleans from the query string).
  const services = createServices({ ...bench.app.deps, database: { ...bench.database, withTenant: (_tenant, fn) => fn(db) } as Database });
  const ctx = (): RequestContext => ({ ...owner, now: new Date() });
  const coerced = (query: unknown) =>
    Object.fromEntries(Object.entries(query as Record<string, string>).map(([key, value]) => [key, /^\d+$/.test(value) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value]));
  app.get('/api/Products/GetAll', async (request) => ok(await services.products.list(ctx(), coerced(request.query) as never)));
  app.get('/api/TimeTracks/Get', async (request) => ok(await services.timeTracks.list(ctx(), coerced(request.query) as never)));
  app.get('/api/UserTimeTracks/GetList', async (request) => ok(await services.userTimeTracks.list(ctx(), coerced(request.query) as never)));
  app.get('/api/UserTimeTracks/GetListGrouped', async (request) => ok(await services.userTimeTracks.listGrouped(ctx(), coerced(request.query) as never)));
  app.get('/api/Information/GetAll', async (request) => ok(await services.information.list(ctx(), coerced(request.query) as never)));
  app.get('/api/Invoices', async (request) => ok(await services.issuedInvoices.list(ctx(), coerced(request.query) as never)));
  app.get('/api/Payments/GetOverdue', async () => ok(await services.payments.overdue(ctx())));
  routes?.(app, { services, ctx });
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
