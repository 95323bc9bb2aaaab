/**
 * The invoice journey on a desktop window, in the built app on the real server: an Owner (signed
 * up through the API, entries seeded through the API) selects entries in the library, prepares an
 * invoice from them, sees the server's positions, totals and the PDF draft, exports XLSX (opened
 * with exceljs), archives the entries, and finds them gone from the open positions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { apiAs, appUrl, seedAccount, signInContext, type SeededAccount } from './journey';

let account: SeededAccount;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  account = await seedAccount({ prefix: 'rechnung' });
  browser = await launchBrowser();
});
beforeEach(async () => {
  context = await newContext(browser, { viewport: 'desktop' });
  await signInContext(context, account);
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

type Feed = { items: { id: string; kind: string; processed: boolean; archived: boolean }[] };

describe('invoice', () => {
  it('prepares an invoice from entries selected in the library, exports XLSX and archives them', async () => {
    const customer = (await apiAs(account, 'POST', '/api/Customers/Create', { companyName: 'Bäckerei Huber', street: 'Hauptstraße 5', zip: '85748', city: 'Garching', country: 'DE' })) as {
      id: string;
    };
    const product = (await apiAs(account, 'POST', '/api/Products/Create', { name: 'Fehlerstromschutzschalter 40A', unit: 'Stk', netPrice: 38.9, vatRate: 19 })) as { id: string };
    await apiAs(account, 'POST', '/api/Information/Create', { customerId: customer.id, subType: 'time', durationSeconds: 5340, text: 'Unterverteilung gesetzt' });
    await apiAs(account, 'POST', '/api/Information/Create', { customerId: customer.id, subType: 'material', productId: product.id, quantity: 3 });
    await apiAs(account, 'POST', '/api/Information/Create', { customerId: customer.id, subType: 'note', text: 'Kunde möchte Angebot für Wallbox.' });

    // The PDF draft's frame must not be refused by the Content-Security-Policy.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${appUrl}/library`);
    await page.getByRole('listitem', { name: 'Material: Fehlerstromschutzschalter 40A' }).waitFor();
    const bar = page.getByTestId('selection-bar');
    await bar.getByLabel('Alle angezeigten auswählen').check();
    await bar.getByText('3 ausgewählt').waitFor();
    await bar.getByRole('button', { name: 'Rechnung vorbereiten' }).click();

    const dialog = page.getByRole('dialog', { name: 'Rechnung vorbereiten' });
    const positions = dialog.getByTestId('invoice-positions');
    // 89 min billed as 90 min at the firm's default of 60 € per hour; 3 × 38,90 €; 19 % VAT each.
    await positions.getByText(/^Arbeitszeit /).waitFor();
    await positions.getByText('Fehlerstromschutzschalter 40A').waitFor();
    await positions.getByText('90,00 €').waitFor();
    await positions.getByText('116,70 €').waitFor();
    await dialog.getByTestId('invoice-totals').getByText('245,97 €', { exact: false }).waitFor();
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    // The frame loads the blob; a frame the Content-Security-Policy refused shows an error page instead.
    await expect.poll(() => page.frames().some((f) => f.url().startsWith('blob:'))).toBe(true);
    expect(refused).toEqual([]);
    await page.screenshot({ path: screenshotPath('invoice-dialog-desktop') });

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'XLSX exportieren' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Rechnungsentwurf_Baeckerei-Huber_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-invoice-'));
    try {
      const file = path.join(dir, 'invoice.xlsx');
      await download.saveAs(file);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      expect(workbook.worksheets.map((w) => w.name)).toEqual(['Positionen', 'Einträge']);
      const sheet = workbook.getWorksheet('Positionen')!;
      expect(sheet.getCell('D2').value).toBe(1.5);
      expect(sheet.getCell('J3').value).toBe(138.87);
      expect(workbook.getWorksheet('Einträge')!.rowCount).toBe(3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    const exported = dialog.getByTestId('invoice-exported');
    await exported.waitFor();
    await exported.getByRole('button', { name: 'Archivieren', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The library's open positions show only the note now; the billed entries are archived.
    await page.getByRole('listitem', { name: 'Material: Fehlerstromschutzschalter 40A' }).waitFor({ state: 'detached' });
    await page.getByRole('listitem', { name: /^Notiz: / }).waitFor();
    const open = (await apiAs(
      account,
      'GET',
      `/api/CustomerActivities/ByCustomer?customerId=${customer.id}&includeProcessed=false&includeUnprocessed=true&isDescending=true&page=1&pageSize=10`,
    )) as Feed;
    expect(open.items.map((i) => i.kind)).toEqual(['note']);
    const archived = (await apiAs(
      account,
      'GET',
      `/api/CustomerActivities/ByCustomer?customerId=${customer.id}&includeProcessed=true&includeUnprocessed=true&archived=only&isDescending=true&page=1&pageSize=10`,
    )) as Feed;
    expect(archived.items.map((i) => i.kind).sort()).toEqual(['material', 'timeEntry']);
  });
});
