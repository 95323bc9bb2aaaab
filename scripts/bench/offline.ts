/**
 * Offline use (decisions 0033 and 0036), two measures. Needs `npm run build` first.
 *
 * 1. Repeat-visit first paint of /login on the emulated slow link (4 Mbit/s down, 1 Mbit/s up,
 *    150 ms latency): a first visit installs the service worker, then each run reloads the page
 *    and reads `first-contentful-paint`, once answered by the worker's cache and once with service
 *    workers blocked (the browser's HTTP cache alone: the page is revalidated, hashed files are
 *    `immutable`), side by side. Also the same reload with the connection switched off.
 * 2. The server's side of a sync: `BENCH_CHANGES` changes (default 500: notes, materials, timers
 *    started and stopped) sent one after the other as the app's queue sends them, each with its
 *    idempotency key and the moment it was made; then the whole queue once more (answers lost:
 *    every change replayed, nothing recorded twice). Wall time of each pass.
 *
 * Environment: BENCH_RUNS (first-paint pairs, default 7), BENCH_CHANGES (default 500).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/browser';
import { type BenchResult, firstContentfulPaint, machine, markdownTable, runMain, startBench, stats } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 500);

async function slowLink(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (4 * 1024 * 1024) / 8,
    uploadThroughput: (1 * 1024 * 1024) / 8,
  });
}

async function main() {
  if (!fs.existsSync('dist/sw.js')) throw new Error('dist/ is missing or has no service worker: run `npm run build` first.');
  const bench = await startBench({ serveApp: true });
  const browser = await launchBrowser();

  const repeatVisit = async (worker: boolean, offline = false) => {
    const context = await browser.newContext({ serviceWorkers: worker ? 'allow' : 'block' });
    const page = await context.newPage();
    await page.goto(`${bench.base}/login`, { waitUntil: 'load' });
    if (worker) {
      await page.evaluate(async () => {
        const active = (await navigator.serviceWorker.ready).active!;
        if (active.state !== 'activated') await new Promise<void>((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
      });
    }
    await slowLink(context, page);
    if (offline) await context.setOffline(true);
    await page.reload({ waitUntil: 'load', timeout: 120_000 });
    await page.getByRole('button').first().waitFor({ timeout: 120_000 });
    const fcp = await firstContentfulPaint(page);
    await context.close();
    return fcp;
  };
  const samples = { worker: [] as number[], httpCache: [] as number[], offline: [] as number[] };
  await repeatVisit(true);
  for (let run = 0; run < RUNS; run++) {
    samples.worker.push(await repeatVisit(true));
    samples.httpCache.push(await repeatVisit(false));
    samples.offline.push(await repeatVisit(true, true));
  }
  await browser.close();

  // The queue of a field day: a customer, then notes, materials and timers in the order made.
  const customer = (await bench.call('POST', '/api/Customers/Create', { companyName: 'Hof Berger', country: 'DE' })).body.data as { id: string };
  const headers = await bench.headers();
  // A tenth of a second apart and all after the sign-up (times before the member's account are refused).
  const dayStart = Date.now() - CHANGES * 100 - 1000;
  const queue: { path: string; body: Record<string, unknown>; key: string }[] = [];
  let running: string | undefined;
  for (let i = 0; queue.length < CHANGES; i++) {
    const at = new Date(dayStart + i * 100).toISOString();
    const kind = i % 4;
    if (kind === 0) queue.push({ path: '/api/Information/Create', body: { customerId: customer.id, subType: 'note', text: `Notiz ${i}`, occurredAtUtc: at }, key: crypto.randomUUID() });
    if (kind === 1) queue.push({ path: '/api/Information/Create', body: { customerId: customer.id, subType: 'material', text: 'Kabel NYM-J 3x1,5', unit: 'm', quantity: 5, occurredAtUtc: at }, key: crypto.randomUUID() });
    if (kind === 2) queue.push({ path: '/api/TimeTracks/Start', body: { customerId: customer.id, atUtc: at }, key: crypto.randomUUID() });
    if (kind === 3) queue.push({ path: '/api/TimeTracks/Stop', body: { atUtc: at }, key: crypto.randomUUID() });
  }
  const send = async () => {
    const started = performance.now();
    let replayed = 0;
    for (const change of queue) {
      const body = change.path === '/api/TimeTracks/Stop' ? { ...change.body, id: running } : change.body;
      const response = await fetch(bench.base + change.path, { method: 'POST', headers: { ...headers, 'Idempotency-Key': change.key }, body: JSON.stringify(body) });
      const answer = (await response.json()) as { data: { id: string } };
      if (!response.ok) throw new Error(`${change.path} → ${response.status}: ${JSON.stringify(answer)}`);
      if (response.headers.get('idempotent-replayed') === 'true') replayed++;
      if (change.path === '/api/TimeTracks/Start') running = answer.data.id;
    }
    return { ms: performance.now() - started, replayed };
  };
  const first = await send();
  const again = await send();
  await bench.close();

  const one = (ms: number) => ({ median: ms, p95: ms, runs: 1 });
  const results: BenchResult[] = [
    { call: 'repeat visit of /login, first paint from the service worker', ...stats(samples.worker) },
    { call: 'repeat visit of /login, first paint from the HTTP cache (workers blocked)', ...stats(samples.httpCache) },
    { call: 'repeat visit of /login with no connection, first paint from the worker', ...stats(samples.offline) },
    { call: `sync of ${CHANGES} queued changes, in order, with keys`, ...one(first.ms), note: `${(first.ms / CHANGES).toFixed(1)} ms a change, ${first.replayed} replayed` },
    { call: `the same ${CHANGES} sent again (answers lost)`, ...one(again.ms), note: `${again.replayed} replayed, nothing recorded twice` },
  ];
  console.log(`\n${machine()}; 4 Mbit/s down, 150 ms latency for the paints; the sync over loopback\n\n${markdownTable(results)}`);
}

runMain(main);
