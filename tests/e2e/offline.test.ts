/**
 * Works without signal (decision 0036): the app is installable (a manifest in German and English
 * with the icons Android and iOS ask for, standalone, the theme colour; a service worker that
 * controls the page) and opens with the connection switched off after the first visit, signed out
 * (the sign-in) and signed in (the app's frame), also after a reload while offline.
 */
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, seedAccount, shot, signInContext } from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  display: string;
  start_url: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** Waits until the page's service worker has cached the release and is activated. */
function activated(page: Page) {
  return page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state === 'activated') return;
    await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
  });
}

/** Waits until the worker is active and controls the page (the first visit's reload hands it over). */
async function controlledBy(page: Page) {
  await activated(page);
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

async function withContext<T>(options: Parameters<typeof newContext>[1], fn: (context: BrowserContext) => Promise<T>) {
  const context = await newContext(browser, { ...options, serviceWorkers: 'allow' });
  try {
    return await fn(context);
  } finally {
    await context.close();
  }
}

describe('the installable app', () => {
  it('links a German manifest, or an English one for English, with the icons Android and iOS ask for', async () => {
    for (const [locale, lang, name] of [['de', 'de', /Zeiterfassung/], ['en', 'en', /time tracking/]] as const) {
      await withContext({ locale: locale === 'de' ? 'de-DE' : 'en-GB' }, async (context) => {
        await context.addInitScript((l) => localStorage.setItem('fieldbook-locale', l), locale);
        const page = await context.newPage();
        await page.goto(`${appUrl}/login`);
        const href = await page.locator('link[rel="manifest"]').getAttribute('href');
        const response = await page.request.get(new URL(href!, appUrl).toString());
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toMatch(/manifest\+json|json/);
        const manifest = (await response.json()) as Manifest;
        expect(manifest).toMatchObject({ lang, short_name: 'Fieldbook', display: 'standalone', theme_color: '#047857', background_color: '#ffffff' });
        expect(manifest.name).toMatch(name);
        const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
        expect(sizes).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
        for (const icon of manifest.icons) {
          const file = await page.request.get(new URL(icon.src, appUrl).toString());
          expect(file.status()).toBe(200);
          const meta = await sharp(await file.body()).metadata();
          expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
          expect(meta.format).toBe('png');
        }
        const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
        const appleMeta = await sharp(await (await page.request.get(new URL(apple!, appUrl).toString())).body()).metadata();
        expect([appleMeta.width, appleMeta.height]).toEqual([180, 180]);
      });
    }
  });

  it('is controlled by its service worker and opens the sign-in with no connection, also after a reload', async () => {
    await withContext({ viewport: 'phone' }, async (context) => {
      const page = await context.newPage();
      await page.goto(`${appUrl}/login`);
      await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
      await controlledBy(page);
      await page.reload();
      expect(await controlledBy(page)).toBe(`${appUrl}/sw.js`);
      // The CSP of the page still forbids other workers' sources.
      const response = await page.request.get(`${appUrl}/login`);
      expect(response.headers()['content-security-policy']).toContain("worker-src 'self'");

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
      await page.goto(`${appUrl}/login?again=1`);
      await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
      await shot(page, 'offline-01-login-without-connection');
      await context.setOffline(false);
    });
  });

  it('opens the signed-in app with no connection after the first visit', async () => {
    const account = await seedAccount({ prefix: 'offline' });
    await withContext({ viewport: 'phone' }, async (context) => {
      await signInContext(context, account);
      const page = await context.newPage();
      await page.goto(`${appUrl}/`);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await controlledBy(page);
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 20_000 });
      // The top bar says so.
      await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
      await shot(page, 'offline-02-dashboard-without-connection');
      await context.setOffline(false);
      await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor({ state: 'detached' });
    });
  });

  it('clocks in without a connection: the change waits in the top bar and is sent once, at the moment tapped, when the connection returns', async () => {
    const account = await seedAccount({ prefix: 'offline-clock' });
    await withContext({ viewport: 'desktop' }, async (context) => {
      await signInContext(context, account);
      const page = await context.newPage();
      const sent: string[] = [];
      page.on('requestfailed', (request) => sent.push(`failed ${request.url()} ${request.failure()?.errorText}`));
      page.on('response', async (response) => {
        if (response.url().includes('/api/UserTimeTracks/Start')) sent.push(`${response.status()} ${await response.text()}`);
      });
      await page.goto(`${appUrl}/`);
      const bar = page.getByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
      await bar.getByRole('button', { name: 'Einstempeln' }).waitFor();
      await context.setOffline(true);
      await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
      const tapped = Date.now();
      await bar.getByRole('button', { name: 'Einstempeln' }).click();
      const waiting = page.getByRole('status').filter({ hasText: '1 Änderung wartet auf Verbindung' });
      await waiting.waitFor();
      await shot(page, 'offline-03-clock-in-waiting', false);
      // Nothing reached the server while offline.
      expect(await apiAs(account, 'GET', '/api/UserTimeTracks/GetActive')).toBeNull();
      await page.waitForTimeout(3000);
      const backOnline = Date.now();
      await context.setOffline(false);
      // No longer waiting: on its way. The server has it once the answer is back.
      await waiting.waitFor({ state: 'detached', timeout: 20_000 });
      const getActive = async () => (await apiAs(account, 'GET', '/api/UserTimeTracks/GetActive')) as { startedAtUtc: string; segments: unknown[] } | null;
      await expect.poll(getActive, { timeout: 15_000, message: sent.join('\n') }).not.toBeNull();
      await shot(page, 'offline-04-after-sync', false);
      const active = await getActive();
      expect(active?.segments).toHaveLength(1);
      expect(sent.filter((line) => line.startsWith('200'))).toHaveLength(1);
      // The moment of the tap (the browser's clock, one second either side), not of the sync later.
      const started = Date.parse(active!.startedAtUtc);
      expect(started).toBeGreaterThanOrEqual(tapped - 1000);
      expect(started).toBeLessThan(backOnline);
    });
  });
});
