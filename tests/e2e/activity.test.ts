/**
 * The customer-activity journeys on a phone-sized window, in the built app on the real server: an
 * Owner (signed up through the API) records a note, a material by its EAN (typed in: headless
 * Chromium has no camera) and a photo, each at a customer of its own in a fresh page; and collects
 * a customer's signature over entries seeded through the API. The signed PDF is downloaded and
 * rendered with pdftoppm; afterwards the entries are shown locked, the server refuses changes, and
 * the note is marked processed from the feed. No journey depends on another's order or state.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { apiAs, appUrl, seedAccount, signInContext, type SeededAccount } from './journey';

let account: SeededAccount;

/** A call whose status the test checks itself (the journey helper expects 200). */
async function call(method: string, url: string, body?: unknown) {
  const response = await fetch(appUrl + url, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Device-Id': account.deviceId, Authorization: `Bearer ${account.session.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
const EAN = '4006381333931';
let productId: string;

/** A customer of its own for each journey, so no journey depends on another's entries. */
async function newCustomer() {
  const customer = (await apiAs(account, 'POST', '/api/Customers/Create', { companyName: 'Bäckerei Huber', street: 'Hauptstraße 5', zip: '85748', city: 'Garching', country: 'DE' })) as { id: string };
  return customer.id;
}

/** A note, a material and a photo recorded through the API, as a colleague's phone would have. */
async function seedEntries(customerId: string) {
  await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'note', text: 'Zählerschrank hat keinen Platz für den FI.' });
  await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'material', productId, quantity: 2 });
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c96f3b' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('customerId', customerId);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_4711.jpg');
  const response = await fetch(`${appUrl}/api/Images/UploadWorkDocImage`, {
    method: 'POST',
    headers: { 'X-Device-Id': account.deviceId, Authorization: `Bearer ${account.session.token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function openCustomer(customerId: string) {
  await page.goto(`${appUrl}/customer/${customerId}`);
  await page.getByRole('heading', { name: 'Bäckerei Huber' }).waitFor();
}

beforeAll(async () => {
  account = await seedAccount({ prefix: 'monteur' });
  const product = (await apiAs(account, 'POST', '/api/Products/Create', { name: 'Fehlerstromschutzschalter 40A', ean: EAN, unit: 'Stk', netPrice: 38.9, vatRate: 19 })) as { id: string };
  productId = product.id;
  browser = await launchBrowser();
});
beforeEach(async () => {
  context = await newContext(browser, { viewport: 'phone' });
  await signInContext(context, account);
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('customer activity on the phone', () => {
  it('records a note', async () => {
    await openCustomer(await newCustomer());
    await page.getByRole('heading', { name: 'Noch keine Aktivitäten' }).waitFor();
    await page.getByRole('button', { name: 'Notiz', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Notiz' });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte geben Sie einen Text ein.').waitFor();
    await dialog.getByLabel('Notiz').fill('Zählerschrank hat keinen Platz für den FI.');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('listitem', { name: 'Notiz: Notiz' }).getByText('Zählerschrank hat keinen Platz für den FI.').waitFor();
  });

  it('adds a material found by its EAN, typed in where the browser cannot scan', async () => {
    await openCustomer(await newCustomer());
    await page.getByRole('button', { name: 'Material', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Material erfassen' });
    await dialog.getByRole('button', { name: 'EAN oder QR-Code scannen' }).click();
    const scanner = page.getByRole('dialog', { name: 'EAN oder QR-Code scannen' });
    await scanner.getByLabel('EAN').fill(EAN);
    await scanner.getByRole('button', { name: 'Suchen' }).click();
    await scanner.waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.getByLabel('Einheit').inputValue()).toBe('Stk');
    expect(await dialog.getByLabel('Produkt', { exact: true }).inputValue()).toContain('Fehlerstromschutzschalter 40A');
    await dialog.getByLabel('Menge').fill('2');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const item = page.getByRole('listitem', { name: 'Material: Fehlerstromschutzschalter 40A' });
    await item.waitFor();
    await item.getByText(/2 Stk · 77,80\s€/).waitFor();
  });

  it('uploads a photo with its progress', async () => {
    await openCustomer(await newCustomer());
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c96f3b' } }).jpeg().toBuffer();
    await page.getByRole('button', { name: 'Foto', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fotos hinzufügen' });
    await dialog.getByTestId('photo-file-input').setInputFiles({ name: 'IMG_4711.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByText('IMG_4711.jpg').waitFor();
    await dialog.getByRole('button', { name: 'Hochladen' }).click();
    await dialog.getByLabel('Hochgeladen').waitFor();
    await page.screenshot({ path: screenshotPath('activity-photo-uploaded-phone') });
    // The dialog's own button (the header's X is named the same).
    await dialog.getByRole('button', { name: 'Schließen' }).last().click();
    await page.getByRole('listitem', { name: 'Foto: Sonstiges' }).waitFor();

    // The photos tab and the viewer load after the page: both open, the photo shows full size.
    await page.getByRole('tab', { name: 'Fotos' }).click();
    await page.getByRole('button', { name: 'Foto Sonstiges öffnen' }).click();
    const viewer = page.getByRole('dialog', { name: 'Sonstiges · Bäckerei Huber' });
    await viewer.getByRole('img', { name: 'Sonstiges' }).waitFor();
    await viewer.getByText('1 / 1').waitFor();
    expect(await viewer.getByRole('button', { name: 'Nächstes Foto' }).isDisabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('activity-photo-viewer-phone') });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
  });

  it('collects the customer\'s signature, stores the signed PDF, locks the entries and lets the note be marked processed', async () => {
    const customerId = await newCustomer();
    await seedEntries(customerId);
    await openCustomer(customerId);
    await page.getByRole('button', { name: 'Unterschrift', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Arbeitsnachweis für Bäckerei Huber' });
    const list = dialog.getByLabel('Zu bestätigende Einträge');
    await list.getByText('Zählerschrank hat keinen Platz', { exact: false }).waitFor();
    expect(await list.getByRole('checkbox').count()).toBe(3);
    await dialog.getByRole('button', { name: 'Weiter zur Unterschrift' }).click();
    await dialog.getByLabel('Name der unterschreibenden Person').fill('Thomas Huber');
    await dialog.getByLabel('Ort').fill('Garching');
    const pad = dialog.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 30; i++) {
      await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 30), box.y + box.height * 0.5 + Math.sin(i / 3) * box.height * 0.25);
    }
    await page.mouse.up();
    await page.screenshot({ path: screenshotPath('activity-signature-phone') });
    await dialog.getByRole('button', { name: 'Bestätigen und unterschreiben' }).click();
    await dialog.getByText('Arbeitsnachweis gespeichert').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'PDF herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Arbeitsnachweis-Baeckerei-Huber-\d{4}-\d{2}-\d{2}\.pdf$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-'));
    try {
      const file = path.join(dir, 'confirmation.pdf');
      await download.saveAs(file);
      const pdf = fs.readFileSync(file);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = spawnSync('pdftotext', ['-layout', file, '-']).stdout.toString('utf8');
      for (const expected of ['Arbeitsnachweis', 'Bäckerei Huber', 'Thomas Huber', 'Garching', 'Fehlerstromschutzschalter 40A', 'Zählerschrank hat keinen Platz']) {
        expect(text, expected).toContain(expected);
      }
      const rendered = spawnSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
      expect(rendered.status, rendered.stderr.toString()).toBe(0);
      const png = fs.readdirSync(dir).find((f) => f.startsWith('page') && f.endsWith('.png'))!;
      const image = sharp(path.join(dir, png));
      const meta = await image.metadata();
      // A4 at 72 dpi: 595.28 × 841.89 points.
      expect(meta.width).toBeGreaterThanOrEqual(595);
      expect(meta.width).toBeLessThanOrEqual(596);
      expect(meta.height).toBe(842);
      expect((await image.stats()).channels[0].min).toBeLessThan(60);
      fs.copyFileSync(path.join(dir, png), screenshotPath('activity-confirmation-pdf-page1'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The confirmed entries are locked, and the server refuses to change them.
    await page.getByRole('listitem', { name: 'Arbeitsnachweis: Thomas Huber' }).waitFor();
    for (const name of ['Notiz: Notiz', 'Material: Fehlerstromschutzschalter 40A', 'Foto: Sonstiges']) {
      await page.getByRole('listitem', { name }).getByTestId('locked-badge').waitFor();
    }
    await page.screenshot({ path: screenshotPath('activity-locked-phone'), fullPage: true });
    // Locked entries offer no edit or delete, only marking them processed (their content does not change).
    await page.getByRole('listitem', { name: 'Notiz: Notiz' }).getByRole('button', { name: /^Aktionen für/ }).click();
    await page.getByRole('menuitem', { name: 'Als erledigt markieren' }).waitFor();
    expect(await page.getByRole('menuitem', { name: /Bearbeiten|Löschen/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const entries = await call('GET', `/api/Information/GetAll?customerId=${customerId}&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true`);
    const storedNote = entries.body.data.items.find((i: { subType: string }) => i.subType === 'note');
    expect(storedNote.locked).toBe(true);
    const change = await call('PUT', '/api/Information/Update', { id: storedNote.id, text: 'nachträglich geändert' });
    expect(change.status).toBe(409);
    expect(change.body.errorMessages[0].code).toBe('ENTRY_LOCKED');

    // The confirmed note is marked processed from the customer's feed.
    const note = page.getByRole('listitem', { name: 'Notiz: Notiz' });
    await note.getByRole('button', { name: /^Aktionen für/ }).click();
    await page.getByRole('menuitem', { name: 'Als erledigt markieren' }).click();
    const confirm = page.getByRole('dialog', { name: 'Als erledigt markieren?' });
    await confirm.getByText('1 Eintrag wird als erledigt markiert', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Als erledigt markieren' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await note.getByText('Erledigt', { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('activity-processed-phone'), fullPage: true });

    const processed = await call('GET', `/api/Information/GetAll?customerId=${customerId}&includeProcessed=true&includeUnprocessed=false&page=1&pageSize=10&isDescending=true`);
    expect(processed.body.data.items.map((i: { subType: string; processed: boolean; archived: boolean }) => [i.subType, i.processed, i.archived])).toEqual([['note', true, false]]);
  });
});
