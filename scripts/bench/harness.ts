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
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildServer } from '../../server/app';
import { appUrlFrom, connectDatabase, migrateDatabase, type Database } from '../../server/db/database';
import { ensureDatabase, startEmbeddedPostgres } from '../../server/db/embedded';
import { loadConfig } from '../../server/platform/config';
import { freePort } from '../../tests/support/pg-global-setup';

export const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const WARM_UP = 5;
const REFRESH_AFTER_MS = 10 * 60_000;

/**
 * A process's name and the CPU time it has used so far in ms (utime + stime, fields 14 and 15 of
 * `/proc/PID/stat`, in ticks of 10 ms); undefined when it has ended.
 */
export function processCpu(pid: number | string): { name: string; ms: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { name: stat.slice(stat.indexOf('(') + 1, close), ms: (Number(fields[11]) + Number(fields[12])) * 10 };
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

export async function startBench(options: { poolSize?: number; serveApp?: boolean } = {}): Promise<Bench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-bench-'));
  // The embedded PostgreSQL runs as another user when started as root: it must reach the directory.
  fs.chmodSync(dir, 0o755);
  const pgServer = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort(), password: 'bench-admin' });
  const adminUrl = pgServer.adminUrl('bench');
  await ensureDatabase(adminUrl, 'bench');
  await migrateDatabase(adminUrl, 'bench-app');
  const database = connectDatabase(appUrlFrom(adminUrl, 'bench-app'), options.poolSize);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: adminUrl, LOG_LEVEL: 'silent', PORT: '0', SERVE_APP: options.serveApp ? 'true' : 'false' });
  const app = await buildServer({ config, database });
  const close = async () => {
    await app.close();
    await database.close();
    await pgServer.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
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
