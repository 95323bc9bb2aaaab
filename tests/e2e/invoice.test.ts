/**
 * The invoice journey on a desktop window, in the built app on the real server: an Owner (signed
 * up through the API, entries seeded through the API) selects entries in the library, prepares an
 * invoice from them, sees the server's positions, totals and the PDF draft, downloads the XLSX
 * draft (opened with exceljs), finds the entries still open (a draft locks nothing), marks them
 * processed and archived by choice, and finds them gone from the open positions. On a customer's
 * page the Owner issues an XRechnung (the server assigns the number), downloads the stored XML
 * and finds the entries shown as invoiced, linked to the invoice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { apiAs, appUrl, completeProfile, seedAccount, signInContext, type SeededAccount } from './journey';

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

type Feed = { items: { id: string; kind: string; processed: boolean; archived: boolean; invoice: { id: string; number: string } | null }[] };

describe('invoice', () => {
  it('prepares an invoice from entries selected in the library, downloads an XLSX draft that locks nothing and archives them by choice', async () => {
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

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Entwurf als XLSX' }).click()]);
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
    // The draft changed nothing: all three entries are still open.
    const stillOpen = (await apiAs(
      account,
      'GET',
      `/api/CustomerActivities/ByCustomer?customerId=${customer.id}&includeProcessed=false&includeUnprocessed=true&isDescending=true&page=1&pageSize=10`,
    )) as Feed;
    expect(stillOpen.items.map((i) => i.kind).sort()).toEqual(['material', 'note', 'timeEntry']);
    // Billed elsewhere: processed and archived by the Owner's choice.
    await exported.getByLabel('Zusätzlich archivieren').check();
    await exported.getByRole('button', { name: 'Als erledigt markieren', exact: true }).click();
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

  it('issues an XRechnung from the customer page, downloads the stored XML and shows the entries as invoiced', async () => {
    await completeProfile(account);
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
    const issue = dialog.getByTestId('invoice-issue');
    await issue.getByText('XRechnung (XML)', { exact: true }).click();
    await issue.getByRole('button', { name: 'Rechnung ausstellen', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Rechnung ausstellen?' });
    await confirm.getByText('Die Rechnung erhält die nächste Nummer und kann danach nicht mehr geändert werden.').waitFor();
    await confirm.getByRole('button', { name: 'Rechnung ausstellen', exact: true }).click();
    const issued = dialog.getByTestId('invoice-issued');
    await issued.waitFor();
    const number = /Rechnung (RE-\d{4}-\d{4}) ausgestellt/.exec((await issued.textContent()) ?? '')?.[1];
    expect(number).toBeDefined();
    await page.screenshot({ path: screenshotPath('invoice-issued-desktop') });
    const [download] = await Promise.all([page.waitForEvent('download'), issued.getByRole('button', { name: 'E-Rechnung (XML) herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xml$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-xrechnung-'));
    try {
      const file = path.join(dir, 'invoice.xml');
      await download.saveAs(file);
      const xml = fs.readFileSync(file, 'utf8');
      expect(xml).toContain(`<ram:ID>${number}</ram:ID>`);
      expect(xml).toContain('xrechnung_3.0');
      expect(xml).toContain('rechnungen@stadtwerke-garching.de');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const invoiceId = new URL((await issued.getByRole('link', { name: `Rechnung ${number} öffnen` }).getAttribute('href'))!, appUrl).pathname.split('/').pop();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The billed entries show as invoiced, linked to the invoice; its edit and delete are disabled.
    await page.goto(`${appUrl}/activity/${customer.id}?state=all`);
    const material = page.getByRole('listitem', { name: 'Material: Plombe' });
    const link = material.getByRole('link', { name: `Rechnung ${number}`, exact: true });
    expect(await link.getAttribute('href')).toBe(`/invoice/${invoiceId}`);
    await material.getByRole('button', { name: 'Aktionen für Plombe' }).click();
    expect(await page.getByRole('menuitem', { name: 'Löschen' }).isDisabled()).toBe(true);
    const feed = (await apiAs(
      account,
      'GET',
      `/api/CustomerActivities/ByCustomer?customerId=${customer.id}&includeProcessed=true&includeUnprocessed=true&isDescending=true&page=1&pageSize=10`,
    )) as Feed;
    expect(feed.items.map((i) => i.invoice?.number)).toEqual([number, number]);
  });
});
