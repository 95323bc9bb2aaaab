/**
 * What a browser really fetches: Chromium loads the built app from the real server and DevTools
 * counts every response's bytes over the wire (`Network.loadingFinished` `encodedDataLength`:
 * compressed body and headers; 0 for an answer from the browser's cache), split into the app's
 * files and the API's answers.
 *
 * - Cold, per screen: a new browser profile (empty cache) with a stored session opens the screen.
 *   Counted twice: when the screen's heading is shown (what it took to see the screen), and when
 *   the network has been quiet for 1.5 s (with what loads after the screen: idle-time chunks,
 *   dialogs prepared in the background, polled calls).
 * - A session: one browser profile opens /login, is signed in, and then goes through the
 *   dashboard, the customer list, a customer, the library, the time tracking and the profile by
 *   the side menu's links (client-side navigation, as a user does), each counted until quiet.
 *
 * Both with the encodings Chromium offers by itself and with `Accept-Encoding: gzip, deflate` only
 * (what Chromium sends where brotli is not offered). Needs `npm run build` first.
 *
 * Environment: BENCH_RUNS (cold visits per screen, default 2; the last one is reported). What a
 * visit fetches in all does not depend on the machine's load; what has arrived when the heading
 * shows does (idle-time parts may come before or after it), so compare that between runs.
 */
import fs from 'node:fs';
import pg from 'pg';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/browser';
import { machine, refreshedSession, runMain, startBench } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const QUIET_MS = 1_500;

interface Tally {
  assetBytes: number;
  assetFiles: number;
  apiBytes: number;
  apiCalls: number;
  encodings: Set<string>;
}

const emptyTally = (): Tally => ({ assetBytes: 0, assetFiles: 0, apiBytes: 0, apiCalls: 0, encodings: new Set() });

/** Counts what arrives over the network on one page; `lastActivity` for waiting until quiet. */
async function watch(page: Page, context: BrowserContext) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { url: string; encoding?: string; cached: boolean }>();
  let tally = emptyTally();
  let inFlight = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => {
    if (!requests.has(event.requestId)) inFlight++;
    requests.set(event.requestId, { url: event.request.url, cached: false });
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (event: { requestId: string; response: { headers: Record<string, string>; fromDiskCache?: boolean; fromPrefetchCache?: boolean } }) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    request.encoding = headers['content-encoding'];
    request.cached = !!(event.response.fromDiskCache || event.response.fromPrefetchCache);
  });
  const finish = (requestId: string, bytes: number) => {
    const request = requests.get(requestId);
    if (!request) return;
    requests.delete(requestId);
    inFlight--;
    lastActivity = Date.now();
    if (request.cached || bytes === 0 || request.url.startsWith('data:')) return;
    const path = new URL(request.url).pathname;
    if (path.startsWith('/api/')) {
      tally.apiBytes += bytes;
      tally.apiCalls++;
    } else {
      tally.assetBytes += bytes;
      tally.assetFiles++;
      if (/\.(js|css)$/.test(path)) tally.encodings.add(request.encoding ?? 'none');
    }
  };
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => finish(event.requestId, event.encodedDataLength));
  cdp.on('Network.loadingFailed', (event: { requestId: string }) => finish(event.requestId, 0));
  return {
    /** What arrived since the last `take`, and start counting anew. */
    take(): Tally {
      const taken = tally;
      tally = emptyTally();
      return taken;
    },
    peek: () => ({ ...tally }),
    async quiet() {
      // Quiet: nothing in flight and nothing started or finished for QUIET_MS.
      for (;;) {
        await page.waitForTimeout(250);
        if (inFlight <= 0 && Date.now() - lastActivity >= QUIET_MS) return;
      }
    },
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(0);

async function main() {
  if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first.');
  const bench = await startBench({ serveApp: true });
  const browser = await launchBrowser();
  try {
    const admin = new pg.Client({ connectionString: bench.adminUrl });
    await admin.connect();
    // The app asks a new Owner to confirm the e-mail address first; the bench firm has.
    await admin.query('update users set email_confirmed_at = now() where id = $1', [bench.owner.id]);
    await admin.end();
    const { body: created } = await bench.call('POST', '/api/Customers/Create', { companyName: 'Bäckerei Sommer', city: 'München', street: 'Musterstraße 12', zip: '80331', country: 'DE' });
    const customerId = created.data.id as string;
    const { session: signedUp, deviceId } = bench.signedIn();
    let session: Record<string, unknown> = signedUp;
    /**
     * A fresh access token for a browser profile (refreshed after the confirmation, so it says so).
     * The profile lives far shorter than the token's 15 minutes and never refreshes it, so the
     * script may go on refreshing the same chain.
     */
    const storedSession = async () => {
      session = await refreshedSession(bench.base, deviceId, session);
      return {
        token: session.token,
        refreshToken: session.refreshToken,
        userId: session.id,
        userName: session.userName,
        userEmail: session.email,
        emailConfirmed: true,
        isMaster: true,
        firstName: null,
        lastName: null,
        showMenu: true,
      };
    };
    const newProfile = async (gzipOnly: boolean, signedIn: boolean) => {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'de-DE',
        extraHTTPHeaders: gzipOnly ? { 'Accept-Encoding': 'gzip, deflate' } : {},
      });
      if (signedIn) {
        await context.addInitScript(
          ({ stored, device }) => {
            if (localStorage.getItem('fieldbook-session')) return;
            localStorage.setItem('fieldbook-session', JSON.stringify(stored));
            localStorage.setItem('fieldbook-device-id', device);
            localStorage.setItem('fieldbook-locale', 'de');
            localStorage.setItem(`fieldbook-onboarding-later-${String(stored.userId)}`, 'bench');
          },
          { stored: await storedSession(), device: deviceId },
        );
      }
      return context;
    };

    const screens: { name: string; path: string }[] = [
      { name: 'dashboard', path: '/' },
      { name: 'customer list', path: '/customerlist' },
      { name: 'a customer', path: `/customer/${customerId}` },
      { name: 'library', path: '/library' },
      { name: 'gallery', path: '/gallery' },
      { name: 'materials', path: '/materiallist' },
      { name: 'time tracking', path: '/timetracking' },
      { name: 'profile', path: '/profile' },
      { name: 'account', path: '/account' },
      { name: 'translations', path: '/manage-locals' },
    ];

    const lines: string[] = [];
    for (const gzipOnly of [false, true]) {
      const label = gzipOnly ? 'Accept-Encoding: gzip, deflate' : 'Chromium\'s own Accept-Encoding';
      lines.push(`\n### Cold visits, ${label}\n`);
      lines.push('| Screen | until its heading: KiB (files) | of it app files KiB / API KiB (calls) | until quiet: KiB (files) | of it app files KiB / API KiB (calls) | encodings of JS and CSS |');
      lines.push('|---|---:|---:|---:|---:|---|');
      const visit = async (path: string, signedIn: boolean) => {
        const context = await newProfile(gzipOnly, signedIn);
        const page = await context.newPage();
        const counter = await watch(page, context);
        await page.goto(bench.base + path, { waitUntil: 'commit' });
        await page.locator('h1').first().waitFor({ timeout: 60_000 });
        const shown = counter.peek();
        await counter.quiet();
        const all = counter.take();
        const url = page.url();
        await context.close();
        return { shown, all, url };
      };
      for (const screen of [{ name: 'login (signed out)', path: '/login' }, ...screens]) {
        let result: Awaited<ReturnType<typeof visit>> | undefined;
        for (let run = 0; run < RUNS; run++) result = await visit(screen.path, screen.path !== '/login');
        const { shown, all, url } = result!;
        console.error(`${label}: ${screen.name} done`);
        if (new URL(url).pathname !== screen.path) throw new Error(`${screen.name} ended on ${url}`);
        lines.push(
          `| ${screen.name} | ${kib(shown.assetBytes + shown.apiBytes)} (${shown.assetFiles + shown.apiCalls}) | ${kib(shown.assetBytes)} / ${kib(shown.apiBytes)} (${shown.apiCalls}) | ${kib(all.assetBytes + all.apiBytes)} (${all.assetFiles + all.apiCalls}) | ${kib(all.assetBytes)} / ${kib(all.apiBytes)} (${all.apiCalls}) | ${[...all.encodings].join(', ')} |`,
        );
      }

      // A session: the login, then the screens a first day goes through, by the side menu.
      lines.push(`\n### A session of seven screens, ${label}\n`);
      lines.push('| Step | KiB over the wire (files and calls) | app files KiB (files) | API KiB (calls) |');
      lines.push('|---|---:|---:|---:|');
      const context = await newProfile(gzipOnly, false);
      const page = await context.newPage();
      const counter = await watch(page, context);
      const total = emptyTally();
      const step = async (name: string, go: () => Promise<unknown>, expectPath: RegExp) => {
        await go();
        await page.waitForURL(expectPath, { timeout: 60_000 });
        await page.locator('h1').first().waitFor({ timeout: 60_000 });
        await counter.quiet();
        const t = counter.take();
        total.assetBytes += t.assetBytes;
        total.assetFiles += t.assetFiles;
        total.apiBytes += t.apiBytes;
        total.apiCalls += t.apiCalls;
        lines.push(`| ${name} | ${kib(t.assetBytes + t.apiBytes)} (${t.assetFiles + t.apiCalls}) | ${kib(t.assetBytes)} (${t.assetFiles}) | ${kib(t.apiBytes)} (${t.apiCalls}) |`);
      };
      await step('login', () => page.goto(`${bench.base}/login`, { waitUntil: 'commit' }), /\/login/);
      // Signed in: the session stored as the login form stores it, then into the app.
      const stored = await storedSession();
      await step(
        'dashboard (signed in)',
        async () => {
          await page.evaluate(
            ({ s, device }) => {
              localStorage.setItem('fieldbook-session', JSON.stringify(s));
              localStorage.setItem('fieldbook-device-id', device);
              localStorage.setItem(`fieldbook-onboarding-later-${String(s.userId)}`, 'bench');
            },
            { s: stored, device: deviceId },
          );
          await page.goto(`${bench.base}/`, { waitUntil: 'commit' });
        },
        /\/$/,
      );
      const menu = (href: string) => () => page.locator(`nav a[href="${href}"]`).first().click();
      await step('customer list', menu('/customerlist'), /\/customerlist/);
      await step('a customer', () => page.locator(`a[href="/customer/${customerId}"]`).first().click(), /\/customer\//);
      await step('library', menu('/library'), /\/library/);
      await step('time tracking', menu('/timetracking'), /\/timetracking/);
      await step('profile', menu('/profile'), /\/profile/);
      lines.push(`| **session in all** | **${kib(total.assetBytes + total.apiBytes)} (${total.assetFiles + total.apiCalls})** | ${kib(total.assetBytes)} (${total.assetFiles}) | ${kib(total.apiBytes)} (${total.apiCalls}) |`);
      await context.close();
    }
    console.log(`\n${machine()}; Chromium ${browser.version()}, server on the same machine, no network emulation${lines.join('\n')}`);
  } finally {
    await browser.close();
    await bench.close();
  }
}

runMain(main);
