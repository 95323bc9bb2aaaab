/**
 * Offline use and first paints (decisions 0033, 0036, 0043). Needs `npm run build` first. All paints
 * on the emulated slow link (4 Mbit/s down, 1 Mbit/s up, 150 ms latency), each read twice: the
 * page's `first-contentful-paint` (since decision 0043 the page's own placeholder, painted before
 * any JavaScript has run) and the **first screen**, the moment the screen's own heading (`#root h1`)
 * is in the page (checked in every frame by the page itself), so the app's real screen.
 *
 * 1. Repeat visits of /login (signed out) and of / (the dashboard, signed in): a first visit installs
 *    the service worker, then each run reloads the page, answered by the worker's cache, by the
 *    browser's HTTP cache alone (workers blocked: the page is revalidated, hashed files are
 *    `immutable`), and by the worker with the connection switched off.
 * 2. Cold first paint of every signed-in screen: a new browser context (nothing cached, no worker)
 *    opens the screen's address directly.
 * 3. The server's side of a sync: `BENCH_CHANGES` changes (default 500: notes, materials, timers
 *    started and stopped), each with its idempotency key and the moment it was made, sent one after
 *    the other (as the queue sent them before decision 0047), then another such queue 4 at a time
 *    (decision 0047) and another 8 at a time (the app's queue since decision 0053), the timers one
 *    after the other in their lane; then the last queue once more (answers lost: every change
 *    replayed, nothing recorded twice). Wall time of each pass. The app's own queue
 *    in the browser, with a reload, a killed server and a throttled link, is timed by the field-day
 *    journey (tests/e2e/offline-day.test.ts), which prints its sync time.
 *
 * Environment: BENCH_RUNS (runs per paint, default 5), BENCH_CHANGES (default 500), BENCH_WIDTHS
 * (the sync's widths, default `1,4,8`: one queue each, the last sent again), BENCH_ONLY
 * (`paint` or `sync` for one half), BENCH_PROFILE=dir (a CPU profile of each sync pass, server and
 * client in this one thread), BENCH_SCREENS (the cold visits of some screens only, e.g.
 * `/,/customerlist,/customer/$id`), BENCH_REPEAT=no (no repeat visits).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/browser';
import { type Bench, type BenchResult, firstContentfulPaint, machine, markdownTable, profiled, refreshedSession, runMain, startBench, stats } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 500);
const ONLY = process.env.BENCH_ONLY;
const SCREENS = process.env.BENCH_SCREENS;
const REPEAT = process.env.BENCH_REPEAT !== 'no';
/** How many changes the sync half sends at once, one pass each (1: the queue before decision 0047; 8: the app's since decision 0053). */
const WIDTHS = (process.env.BENCH_WIDTHS ?? '1,4,8').split(',').map(Number);

async function slowLink(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (4 * 1024 * 1024) / 8,
    uploadThroughput: (1 * 1024 * 1024) / 8,
  });
  return cdp;
}

/**
 * The bench's Owner with the e-mail address confirmed (a new Owner is asked to confirm it first, and
 * every signed-in address would open /missing-email-confirmation instead of its screen), and a
 * fresh session in the page's storage as the app keeps it after signing in: each context gets a
 * token refreshed for it, so none expires during the runs and none waits for a refresh.
 */
async function confirmOwner(bench: Bench) {
  const admin = new pg.Client({ connectionString: bench.adminUrl });
  await admin.connect();
  await admin.query('update users set email_confirmed_at = now() where id = $1', [bench.owner.id]);
  await admin.end();
  const { session: signedUp, deviceId } = bench.signedIn();
  let session: Record<string, unknown> = signedUp;
  return async function signIn(context: BrowserContext) {
    session = await refreshedSession(bench.base, deviceId, session);
    const stored = { token: session.token, refreshToken: session.refreshToken, userId: session.id, userName: session.userName, userEmail: session.email, emailConfirmed: true, isMaster: session.isMaster, firstName: session.firstName, lastName: session.lastName, showMenu: true };
    await context.addInitScript(
      ({ stored, deviceId }) => {
        localStorage.setItem('fieldbook-session', JSON.stringify(stored));
        localStorage.setItem('fieldbook-device-id', deviceId);
        localStorage.setItem(`fieldbook-onboarding-later-${String(stored.userId)}`, 'bench');
      },
      { stored, deviceId },
    );
  };
}

/** Records in the page the frame in which the screen's own heading is first there (`window.__firstScreen`). */
async function watchFirstScreen(context: BrowserContext) {
  // A string, not a function: tsx names the functions it compiles with a helper the page lacks.
  await context.addInitScript({
    content: `(function tick() {
      if (document.querySelector('#root h1')) window.__firstScreen = performance.now();
      else requestAnimationFrame(tick);
    })();`,
  });
}

async function paints(page: Page, path: string) {
  await page.locator('#root h1').first().waitFor({ timeout: 120_000 });
  // The screen asked for, not a detour (sign-in, account checks) that has a heading too.
  const reached = new URL(page.url()).pathname;
  if (reached !== path) throw new Error(`${path} opened ${reached}`);
  const fcp = await firstContentfulPaint(page);
  const screen = await page.evaluate(() => (window as unknown as { __firstScreen: number }).__firstScreen);
  return { fcp, screen };
}

type Paint = { fcp: number; screen: number };

async function measurePaints(bench: Bench, browser: Browser): Promise<BenchResult[]> {
  const signIn = await confirmOwner(bench);
  const repeatVisit = async (path: string, signedIn: boolean, mode: 'worker' | 'httpCache' | 'offline'): Promise<Paint> => {
    const context = await browser.newContext({ serviceWorkers: mode === 'httpCache' ? 'block' : 'allow' });
    if (signedIn) await signIn(context);
    await watchFirstScreen(context);
    const page = await context.newPage();
    await page.goto(`${bench.base}${path}`, { waitUntil: 'load' });
    await page.locator('#root h1').first().waitFor({ timeout: 120_000 });
    if (mode !== 'httpCache') {
      await page.evaluate(async () => {
        const active = (await navigator.serviceWorker.ready).active!;
        if (active.state !== 'activated') await new Promise<void>((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
      });
      // A second visit keeps the page of this path (the worker refreshes it behind the first answer).
      await page.reload({ waitUntil: 'load' });
      await page.locator('#root h1').first().waitFor({ timeout: 120_000 });
      await page.waitForTimeout(300);
    }
    await slowLink(context, page);
    if (mode === 'offline') await context.setOffline(true);
    await page.reload({ waitUntil: 'load', timeout: 120_000 });
    const result = await paints(page, path);
    await context.close();
    return result;
  };
  const cold = async (path: string): Promise<Paint> => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await signIn(context);
    await watchFirstScreen(context);
    const page = await context.newPage();
    const cdp = await slowLink(context, page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${bench.base}${path}`, { waitUntil: 'load', timeout: 120_000 });
    const result = await paints(page, path);
    await context.close();
    return result;
  };

  const customer = (await bench.call('POST', '/api/Customers/Create', { companyName: 'Hof Berger', country: 'DE' })).body.data as { id: string };
  await bench.call('POST', '/api/Information/Create', { customerId: customer.id, subType: 'note', text: 'Zählerschrank' });
  const allScreens = ['/', '/customerlist', `/customer/${customer.id}`, '/timetracking', '/gallery', '/materiallist', '/library', '/invoicelist', '/profile', '/account', '/manage-locals'];
  const chosen = SCREENS?.split(',').map((screen) => screen.trim().replace('$id', customer.id));
  const screens = chosen ? allScreens.filter((screen) => chosen.includes(screen)) : allScreens;
  const results: BenchResult[] = [];
  const row = (call: string, samples: Paint[]) => {
    const fcp = stats(samples.map((s) => s.fcp));
    const screen = stats(samples.map((s) => s.screen));
    results.push({ call, median: fcp.median, p95: fcp.p95, runs: fcp.runs, note: `first screen (h1) median ${screen.median.toFixed(0)} ms, p95 ${screen.p95.toFixed(0)} ms` });
    process.stderr.write(`${call}: ${fcp.median.toFixed(0)} / ${screen.median.toFixed(0)} ms\n`);
  };
  if (REPEAT) await repeatVisit('/login', false, 'worker');
  for (const [path, signedIn, label] of REPEAT ? ([['/login', false, '/login'], ['/', true, 'the dashboard']] as const) : []) {
    const samples = { worker: [] as Paint[], httpCache: [] as Paint[], offline: [] as Paint[] };
    for (let run = 0; run < RUNS; run++) {
      samples.worker.push(await repeatVisit(path, signedIn, 'worker'));
      samples.httpCache.push(await repeatVisit(path, signedIn, 'httpCache'));
      samples.offline.push(await repeatVisit(path, signedIn, 'offline'));
    }
    row(`repeat visit of ${label}, from the service worker`, samples.worker);
    row(`repeat visit of ${label}, from the HTTP cache (workers blocked)`, samples.httpCache);
    row(`repeat visit of ${label} with no connection, from the worker`, samples.offline);
  }
  for (const path of screens) {
    const samples: Paint[] = [];
    for (let run = 0; run < RUNS; run++) samples.push(await cold(path));
    row(`cold visit of ${path.replace(customer.id, '$id')}, signed in`, samples);
  }
  return results;
}

async function main() {
  if (!fs.existsSync('dist/sw.js')) throw new Error('dist/ is missing or has no service worker: run `npm run build` first.');
  const bench = await startBench({ serveApp: true });
  const results: BenchResult[] = [];
  if (ONLY !== 'sync') {
    const browser = await launchBrowser();
    results.push(...(await measurePaints(bench, browser)));
    await browser.close();
  }
  if (ONLY === 'paint') {
    await bench.close();
    console.log(`\n${machine()}; 4 Mbit/s down, 150 ms latency; first contentful paint in the columns\n\n${markdownTable(results)}`);
    return;
  }

  // The queue of a field day: a customer, then notes, materials and timers in the order made.
  const customer = (await bench.call('POST', '/api/Customers/Create', { companyName: 'Hof Berger', country: 'DE' })).body.data as { id: string };
  const headers = await bench.headers();
  type Change = { path: string; body: Record<string, unknown>; key: string; lane: string | null };
  // A millisecond apart from now on: all after the sign-up (times before the member's account are
  // refused, and with BENCH_ONLY=sync the account is seconds old) and well within the minute of skew.
  const makeQueue = (): Change[] => {
    const dayStart = Date.now();
    const queue: Change[] = [];
    for (let i = 0; queue.length < CHANGES; i++) {
      const at = new Date(dayStart + i).toISOString();
      const key = crypto.randomUUID();
      const kind = i % 4;
      if (kind === 0) queue.push({ path: '/api/Information/Create', body: { customerId: customer.id, subType: 'note', text: `Notiz ${i}`, occurredAtUtc: at }, key, lane: null });
      if (kind === 1) queue.push({ path: '/api/Information/Create', body: { customerId: customer.id, subType: 'material', text: 'Kabel NYM-J 3x1,5', unit: 'm', quantity: 5, occurredAtUtc: at }, key, lane: null });
      if (kind === 2) queue.push({ path: '/api/TimeTracks/Start', body: { customerId: customer.id, atUtc: at }, key, lane: 'working-time' });
      if (kind === 3) queue.push({ path: '/api/TimeTracks/Stop', body: { atUtc: at }, key, lane: 'working-time' });
    }
    return queue;
  };
  /** Sends the queue `parallel` at a time; a lane's changes one after the other, in order (decision 0047). */
  const send = async (queue: Change[], parallel: number) => {
    const started = performance.now();
    let replayed = 0;
    let running: string | undefined;
    let next = 0;
    const lanes = new Map<string, Promise<unknown>>();
    const one = async (change: Change) => {
      const body = change.path === '/api/TimeTracks/Stop' ? { ...change.body, id: running } : change.body;
      const response = await fetch(bench.base + change.path, { method: 'POST', headers: { ...headers, 'Idempotency-Key': change.key }, body: JSON.stringify(body) });
      const answer = (await response.json()) as { data: { id: string } };
      if (!response.ok) throw new Error(`${change.path} → ${response.status}: ${JSON.stringify(answer)}`);
      if (response.headers.get('idempotent-replayed') === 'true') replayed++;
      if (change.path === '/api/TimeTracks/Start') running = answer.data.id;
    };
    const worker = async () => {
      while (next < queue.length) {
        const change = queue[next++];
        if (!change.lane) {
          await one(change);
          continue;
        }
        const sent = (lanes.get(change.lane) ?? Promise.resolve()).then(() => one(change));
        lanes.set(change.lane, sent);
        await sent;
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return { ms: performance.now() - started, replayed };
  };
  // One fresh queue per width (1: as the queue sent before decision 0047), then the last queue again.
  const rows: BenchResult[] = [];
  const one = (ms: number) => ({ median: ms, p95: ms, runs: 1 });
  let queue: Change[] = [];
  let width = 1;
  for (const parallel of WIDTHS) {
    queue = makeQueue();
    width = parallel;
    const pass = await profiled(`sync-${parallel}`, () => send(queue, parallel));
    const how = parallel === 1 ? 'one after the other' : `${parallel} at a time (timers in order)`;
    rows.push({ call: `sync of ${CHANGES} queued changes ${how}, with keys`, ...one(pass.ms), note: `${(pass.ms / CHANGES).toFixed(1)} ms a change, ${pass.replayed} replayed` });
  }
  const again = await send(queue, width);
  await bench.close();
  results.push(...rows, { call: `the same ${CHANGES} sent again ${width} at a time (answers lost)`, ...one(again.ms), note: `${again.replayed} replayed, nothing recorded twice` });
  console.log(`\n${machine()}; 4 Mbit/s down, 150 ms latency for the paints (first contentful paint in the columns); the sync over loopback\n\n${markdownTable(results)}`);
}

runMain(main);
