/**
 * Works without signal (decision 0036): the app is installable (a manifest in German and English
 * with the icons Android and iOS ask for, standalone, the theme colour; a service worker that
 * controls the page) and opens with the connection switched off after the first visit, signed out
 * (the sign-in) and signed in (the app's frame), also after a reload while offline. What is
 * recorded offline waits on the device, survives a reload and is sent exactly once, at the moment
 * recorded; a change the server refuses meanwhile is shown, not dropped (decision 0038).
 */
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, captureNoteAndMaterial, seedAccount, shot, signInContext } from './journey';

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

  it('keeps a note, a material and a timer started and stopped offline across a reload, sends each once at its moment, and shows a refused stop', async () => {
    const account = await seedAccount({ prefix: 'offline-queue' });
    const site = (await apiAs(account, 'POST', '/api/Customers/Create', { companyName: 'Bäckerei Huber', city: 'Garching', country: 'DE' })) as { id: string };
    const other = (await apiAs(account, 'POST', '/api/Customers/Create', { companyName: 'Zahnarzt Wolf', city: 'Freising', country: 'DE' })) as { id: string };
    const earlier = (await apiAs(account, 'POST', '/api/TimeTracks/Start', { customerId: other.id })) as { id: string };
    await withContext({ viewport: 'desktop' }, async (context) => {
      await signInContext(context, account);
      const page = await context.newPage();
      await page.goto(`${appUrl}/customer/${site.id}`);
      await page.getByRole('heading', { name: 'Bäckerei Huber' }).waitFor();
      await controlledBy(page);
      const bar = page.getByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
      // The timer dialog's customers were seen once online (kept on the device for offline use).
      await bar.getByRole('button', { name: 'Timer starten' }).click();
      const startDialog = page.getByRole('dialog', { name: 'Timer starten' });
      await startDialog.getByRole('button', { name: /^Bäckerei Huber.*Timer starten/ }).waitFor();
      await page.keyboard.press('Escape');
      await startDialog.waitFor({ state: 'hidden' });

      await context.setOffline(true);
      const tapped = Date.now();
      await captureNoteAndMaterial(page);
      await bar.getByRole('button', { name: 'Timer starten' }).click();
      await startDialog.getByRole('button', { name: /^Bäckerei Huber.*Timer starten/ }).click();
      await startDialog.waitFor({ state: 'hidden' });
      // The timer started offline is stopped offline too: its stop waits behind its start (decision 0048).
      const stopTapped = Date.now();
      await bar.getByRole('button', { name: 'Timer für Bäckerei Huber stoppen' }).click();
      const stoppedChip = bar.getByTestId('waiting-timer').filter({ hasText: 'Bäckerei Huber' });
      await stoppedChip.filter({ hasText: 'Gestoppt' }).waitFor();
      await bar.getByRole('button', { name: 'Timer für Zahnarzt Wolf stoppen' }).click();
      const waiting = page.getByRole('status').filter({ hasText: '5 Änderungen warten auf Verbindung' });
      await waiting.waitFor();
      // Meanwhile the earlier timer is stopped on another device: this phone's stop will be refused.
      await apiAs(account, 'POST', '/api/TimeTracks/Stop', { id: earlier.id });

      await page.reload();
      await page.getByRole('heading', { name: 'Bäckerei Huber' }).waitFor({ timeout: 20_000 });
      await waiting.waitFor();
      await stoppedChip.filter({ hasText: 'Gestoppt' }).waitFor();
      await shot(page, 'offline-05-queue-after-reload', false);
      const recorded = Date.now();
      const entries = async () =>
        ((await apiAs(account, 'GET', `/api/Information/GetAll?customerId=${site.id}&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=50&isDescending=true`)) as {
          items: { subType: string; text: string | null; occurredAtUtc: string }[];
        }).items;
      expect(await entries()).toHaveLength(0);

      await context.setOffline(false);
      const refused = page.getByRole('status').filter({ hasText: '1 Änderung nicht gesendet' });
      await refused.waitFor({ timeout: 20_000 });
      const items = await entries();
      expect(items.map((i) => i.subType).sort()).toEqual(['material', 'note']);
      for (const item of items) {
        expect(Date.parse(item.occurredAtUtc)).toBeGreaterThanOrEqual(tapped - 1000);
        expect(Date.parse(item.occurredAtUtc)).toBeLessThan(recorded);
      }
      const timers = (await apiAs(account, 'GET', '/api/TimeTracks/GetMy?includeRunning=true&includeStopped=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true')) as {
        items: { customerId: string; startedAtUtc: string; endedAtUtc: string | null }[];
      };
      // Started and stopped once, at the moments tapped, not at the sync.
      const started = timers.items.filter((track) => track.customerId === site.id);
      expect(started).toHaveLength(1);
      expect(Date.parse(started[0].startedAtUtc)).toBeGreaterThanOrEqual(tapped - 1000);
      expect(Date.parse(started[0].startedAtUtc)).toBeLessThanOrEqual(stopTapped);
      expect(Date.parse(started[0].endedAtUtc!)).toBeGreaterThanOrEqual(stopTapped - 1000);
      expect(Date.parse(started[0].endedAtUtc!)).toBeLessThan(recorded);

      // The refused stop is listed with the server's message; discarded after asking.
      await refused.getByRole('button', { name: 'Änderungen auf diesem Gerät' }).click();
      const list = page.getByRole('list', { name: 'Nicht gesendet' });
      const item = list.getByRole('listitem', { name: 'Timer gestoppt' });
      await item.waitFor();
      expect(await item.innerText()).toMatch(/läuft nicht|nicht mehr/i);
      await shot(page, 'offline-06-not-sent', false);
      await item.getByRole('button', { name: 'Verwerfen' }).click();
      await page.getByRole('dialog', { name: 'Diese Änderung verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
      await refused.waitFor({ state: 'detached' });
      // Sent once: a reload online sends nothing again.
      await page.reload();
      await page.getByRole('heading', { name: 'Bäckerei Huber' }).waitFor();
      await page.waitForTimeout(1000);
      expect(await entries()).toHaveLength(2);
    });
  });
  it('keeps a photo taken offline across a reload and uploads it once; finds a product by its EAN offline (decision 0042)', async () => {
    const account = await seedAccount({ prefix: 'offline-photo' });
    const site = (await apiAs(account, 'POST', '/api/Customers/Create', { companyName: 'Bäckerei Huber', city: 'Garching', country: 'DE' })) as { id: string };
    await apiAs(account, 'POST', '/api/Products/Create', { name: 'Schuko-Steckdose weiß', ean: '4006381333931', unit: 'Stk', netPrice: 4.2, vatRate: 19 });
    const photos = async () =>
      ((await apiAs(account, 'GET', `/api/Images/GetAll?customerId=${site.id}&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true`)) as { items: { id: string }[] }).items;
    await withContext({ viewport: 'phone' }, async (context) => {
      await signInContext(context, account);
      const page = await context.newPage();
      await page.goto(`${appUrl}/customer/${site.id}`);
      await page.getByRole('heading', { name: 'Bäckerei Huber' }).waitFor();
      await controlledBy(page);
      // The catalogue is kept once the material capture was open online.
      await page.getByRole('button', { name: 'Material', exact: true }).click();
      const material = page.getByRole('dialog', { name: 'Material erfassen' });
      await material.waitFor();
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('fieldbook-catalogue');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('products')) return resolve(false);
              const count = db.transaction('products').objectStore('products').count();
              count.onsuccess = () => resolve(count.result > 0);
              count.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      );

      await context.setOffline(true);
      await material.getByLabel('Produkt', { exact: true }).fill('4006381333931');
      await page.getByRole('option', { name: /Schuko-Steckdose weiß/ }).click();
      await material.getByText('Offline: Suche im Katalog, der auf diesem Gerät gespeichert ist.').waitFor();
      await page.keyboard.press('Escape');
      await material.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Foto', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Fotos hinzufügen' });
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#047857' } }).jpeg().toBuffer();
      await dialog.getByTestId('photo-file-input').setInputFiles({ name: 'Zaehlerschrank.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await dialog.getByRole('button', { name: 'Hochladen' }).click();
      await dialog.getByText('Wartet auf Verbindung').waitFor();
      await dialog.locator('button').filter({ hasText: 'Schließen' }).click();
      const waiting = page.getByRole('list', { name: 'Wartet auf Verbindung' });
      await waiting.getByRole('listitem', { name: 'Foto' }).waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'Bäckerei Huber' }).waitFor({ timeout: 20_000 });
      await waiting.getByRole('listitem', { name: 'Foto' }).waitFor();
      await shot(page, 'offline-07-photo-waiting-phone', false);
      expect(await photos()).toHaveLength(0);

      await context.setOffline(false);
      await waiting.waitFor({ state: 'detached', timeout: 20_000 });
      await expect.poll(photos, { timeout: 10_000 }).toHaveLength(1);
      // Sent once: a reload online sends nothing again.
      await page.reload();
      await page.getByRole('heading', { name: 'Bäckerei Huber' }).waitFor();
      await page.waitForTimeout(1000);
      expect(await photos()).toHaveLength(1);
    });
  });
});
