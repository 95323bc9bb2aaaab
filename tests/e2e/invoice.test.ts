/**
 * The invoice journey on a desktop window, in the built app on the real server: an Owner (signed
 * up through the API, entries seeded through the API) selects entries in the library, prepares an
 * invoice from them, sees the server's positions, totals and the PDF draft, exports XLSX (opened
 * with exceljs), archives the entries, and finds them gone from the open positions. On a
 * customer's page the Owner exports an XRechnung under an invoice number, then deletes the
 * period's processed entries after the dialog stated the counts.
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

  it('exports an XRechnung from the customer page and deletes the billed period after stating the counts', async () => {
    await apiAs(account, 'PUT', '/api/Management/UpdateTenant', {
      name: 'Elektro Schneider',
      companyName: 'Elektro Schneider GmbH',
      street: 'Werkstattweg 3',
      zip: '80331',
      city: 'München',
      country: 'DE',
      phone: '+49 89 1234567',
      email: 'info@elektro-schneider.de',
      website: null,
      vatId: 'DE123456789',
      taxNumber: '143/123/45678',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      bankName: 'Stadtsparkasse',
      defaultHourlyRate: 60,
      smallBusiness: false,
      invoiceLanguage: 'de',
      timeZone: 'Europe/Berlin',
      dailyTargetMinutes: 480,
    });
    const customer = (await apiAs(account, 'POST', '/api/Customers/Create', {
      companyName: 'Stadtwerke Garching',
      street: 'Rathausplatz 1',
      zip: '85748',
      city: 'Garching',
      country: 'DE',
      email: 'rechnungen@stadtwerke-garching.de',
    })) as { id: string };
    await apiAs(account, 'POST', '/api/Information/Create', { customerId: customer.id, subType: 'time', durationSeconds: 3600, text: 'Zählerschrank geprüft' });
    await apiAs(account, 'POST', '/api/Information/Create', { customerId: customer.id, subType: 'material', text: 'Plombe', quantity: 2, unit: 'Stk', unitPrice: 1.5, vatRate: 19 });

    // The dashboard values what is open as the invoice will: 1:00 h × 60 € + 2 × 1,50 €.
    await page.goto(`${appUrl}/?period=currentMonth`);
    const open = page.getByRole('list', { name: 'Offener Wert je Kunde' });
    await open.getByRole('listitem').filter({ hasText: 'Stadtwerke Garching' }).getByText('63,00 €').waitFor();
    await page.screenshot({ path: screenshotPath('dashboard-open-value-desktop'), fullPage: true });

    await page.goto(`${appUrl}/customer/${customer.id}`);
    await page.getByRole('button', { name: 'Rechnung vorbereiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rechnung vorbereiten' });
    await dialog.getByLabel('Zeitraum', { exact: true }).click();
    await page.getByRole('option', { name: 'Aktueller Monat' }).click();
    await dialog.getByTestId('invoice-positions').getByText('Plombe').waitFor();
    const einvoice = dialog.getByTestId('einvoice-export');
    await einvoice.getByRole('textbox', { name: 'Rechnungsnummer' }).fill('RE-2026-0150');
    await einvoice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('invoice-einvoice-desktop') });
    const [download] = await Promise.all([page.waitForEvent('download'), einvoice.getByRole('button', { name: 'XRechnung (XML)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Rechnung_RE-2026-0150_Stadtwerke-Garching_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xml$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-xrechnung-'));
    try {
      const file = path.join(dir, 'invoice.xml');
      await download.saveAs(file);
      const xml = fs.readFileSync(file, 'utf8');
      expect(xml).toContain('<ram:ID>RE-2026-0150</ram:ID>');
      expect(xml).toContain('xrechnung_3.0');
      expect(xml).toContain('rechnungen@stadtwerke-garching.de');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await dialog.getByTestId('invoice-exported').getByRole('button', { name: 'Nicht archivieren' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The billed entries are processed now: delete them by period, after the counts.
    await page.getByRole('button', { name: 'Zeitraum bearbeiten' }).click();
    await page.getByRole('menuitem', { name: 'Einträge eines Zeitraums löschen …' }).click();
    const cleanup = page.getByRole('dialog', { name: 'Einträge eines Zeitraums löschen' });
    await cleanup.getByLabel('Zeitraum', { exact: true }).click();
    await page.getByRole('option', { name: 'Aktueller Monat' }).click();
    const counts = cleanup.getByTestId('period-action-counts');
    await counts.getByText('2 Einträge werden gelöscht:').waitFor();
    await page.screenshot({ path: screenshotPath('period-delete-desktop') });
    await cleanup.getByRole('button', { name: '2 Einträge löschen' }).click();
    await cleanup.waitFor({ state: 'hidden' });
    await page.getByText('2 Einträge gelöscht.').waitFor();
    const left = (await apiAs(
      account,
      'GET',
      `/api/CustomerActivities/ByCustomer?customerId=${customer.id}&includeProcessed=true&includeUnprocessed=true&isDescending=true&page=1&pageSize=10`,
    )) as Feed;
    expect(left.items).toEqual([]);
  });
});
