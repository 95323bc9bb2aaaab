/**
 * The screens a firm reads its numbers on (dashboard, time tracking, a customer's time tab and the
 * gallery), with real figures in them: a customer at 65,50 €/h with a stopped 2-hour timer and a
 * running one, a clocked-in day, one photo. Taken on a desktop (1440 px) and a phone (390 px), in German and
 * English, light and dark; each must show its heading, its figures in the reader's number format,
 * and must not scroll sideways. On a phone the running-timers bar stays compact and the gallery's
 * filters fit on the screen. Screenshots go to test-results/e2e/numbers/ for review.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, checkScreen, screenVariants, seedFirm, signInContext, type SeededAccount } from './journey';

let browser: Browser;
let owner: SeededAccount;
let customerId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const firm = await seedFirm({
    prefix: 'numbers',
    customers: [
      { companyName: 'Bäckerei Huber', city: 'München', hourlyRate: 65.5 },
      { companyName: 'Praxis Dr. Weber', city: 'Augsburg' },
    ],
  });
  owner = firm.owner;
  customerId = firm.customers[0].id;
  const end = new Date(Date.now() - 30 * 60_000);
  await apiAs(owner, 'POST', '/api/TimeTracks/Create', {
    customerId,
    startedAtUtc: new Date(end.getTime() - 2 * 3600_000).toISOString(),
    endedAtUtc: end.toISOString(),
    description: 'Backstube: Steckdosen erneuert',
  });
  await apiAs(owner, 'POST', '/api/UserTimeTracks/Start', {});
  await apiAs(owner, 'POST', '/api/TimeTracks/Start', { customerId });
  // One photo: the gallery counts it in the singular.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('customerId', customerId);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  const uploaded = await fetch(`${appUrl}/api/Images/UploadWorkDocImage`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.session.token}`, 'X-Device-Id': owner.deviceId },
    body: form,
  });
  expect(uploaded.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

/** Heading shown, network quiet, nothing wider than the window; then the screenshot. */
const check = (page: Page, heading: string | RegExp, file: string) => checkScreen(page, `numbers/${file}`, heading);

describe('screens with figures', () => {
  for (const variant of screenVariants) {
    it(`dashboard, time tracking, customer and gallery, ${variant.name}`, async () => {
      const de = variant.lang === 'de';
      const context = await newContext(browser, {
        viewport: variant.viewport,
        colorScheme: variant.scheme,
        locale: de ? 'de-DE' : 'en-GB',
      });
      await signInContext(context, owner, variant.lang);
      const page = await context.newPage();

      await page.goto(`${appUrl}/`);
      // The open value of the customer: 2 h at 65,50 €/h (plus the running minutes) in the reader's format.
      await page.getByText(de ? /13[01],\d\d\s€/ : /€13[01]\.\d\d/).first().waitFor();
      await check(page, de ? 'Dashboard' : 'Dashboard', `dashboard-${variant.name}`);

      await page.goto(`${appUrl}/timetracking`);
      await check(page, de ? 'Zeiterfassung' : 'Time tracking', `timetracking-${variant.name}`);

      await page.goto(`${appUrl}/customer/${customerId}?tab=time`);
      await page.getByText('Backstube: Steckdosen erneuert').first().waitFor();
      await page.getByText(/2:00 h/).first().waitFor();
      await check(page, 'Bäckerei Huber', `customer-time-${variant.name}`);

      await page.goto(`${appUrl}/gallery`);
      await page.getByText(de ? '1 Foto' : '1 photo', { exact: true }).waitFor();
      await check(page, de ? 'Galerie' : 'Gallery', `gallery-${variant.name}`);
      // Every control of the gallery's filters lies inside the window, none cut off at the edge.
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll('main input, main button')]
          .map((element) => element.getBoundingClientRect())
          .filter((box) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth + 0.5)).length,
      );
      expect(outside, 'gallery controls outside the window').toBe(0);
      // No filter shows its value cut off ("Open and process|").
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('main input')].filter((input) => input.value && input.scrollWidth > input.clientWidth).map((input) => input.value),
      );
      expect(clipped, 'gallery filters with their value cut off').toEqual([]);

      if (variant.viewport === 'phone') {
        // A compact timer bar: one line of the running timer and the working time, not a third of the screen.
        const bar = page.getByRole('region', { name: de ? 'Laufende Timer und Arbeitszeit' : 'Running timers and working time' });
        const box = await bar.boundingBox();
        expect(box, 'timer bar shown').not.toBeNull();
        expect(box!.height, 'timer bar height on a phone').toBeLessThanOrEqual(96);
      }
      await context.close();
    });
  }
});
