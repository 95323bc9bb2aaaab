/**
 * The invoice dialog in Chromium against the real server: a new firm's default period is empty and
 * says so; a position's text edited in the dialog reaches the downloaded PDF draft (read with
 * pdftotext) and the issued XRechnung's XML (cancelled again afterwards); on a phone (390 px) the positions are cards that show every figure without
 * scrolling sideways, in German and English, light and dark (screenshots kept as artifacts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { apiAs, appUrl, completeProfile, seedAccount, signInContext, type SeededAccount } from './journey';

let account: SeededAccount;
let browser: Browser;
let customerId: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-invoice-texts-'));

beforeAll(async () => {
  account = await seedAccount({ prefix: 'rechnungstexte' });
  browser = await launchBrowser();
  await completeProfile(account);
  const customer = (await apiAs(account, 'POST', '/api/Customers/Create', {
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Lindenweg 4',
    zip: '85748',
    city: 'Garching',
    country: 'DE',
    email: 'erika.mustermann@example.org',
  })) as { id: string };
  customerId = customer.id;
  await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'time', durationSeconds: 5400, text: 'Steckdosen in der Küche erneuert' });
  await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'material', text: 'Unterputzdose tief', quantity: 6, unit: 'Stk', unitPrice: 1.35, vatRate: 19 });
  await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'material', text: 'Abdeckrahmen Edelstahl', quantity: 3, unit: 'Stk', unitPrice: 18.9, vatRate: 19 });
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens the dialog on the customer page; the default "last month" is empty for this new firm. */
async function openOnCurrentMonth(page: Page, english = false) {
  await page.goto(`${appUrl}/customer/${customerId}`);
  await page.getByRole('button', { name: english ? 'Prepare invoice' : 'Rechnung vorbereiten' }).click();
  const dialog = page.getByRole('dialog', { name: english ? 'Prepare invoice' : 'Rechnung vorbereiten' });
  const empty = dialog.getByTestId('invoice-empty');
  await empty.waitFor();
  await empty.getByRole('button', { name: english ? 'Show the current month' : 'Aktuellen Monat zeigen' }).click();
  await dialog.getByTestId('invoice-positions').getByText('Unterputzdose tief').waitFor();
  return dialog;
}

describe('invoice position texts', () => {
  it('takes an edited text into the downloaded PDF and the XRechnung', async () => {
    const context = await newContext(browser, { viewport: 'desktop' });
    await signInContext(context, account);
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/Invoice/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    const dialog = await openOnCurrentMonth(page);
    // The empty default period was an answer, not an error.
    expect(failed).toEqual([]);

    const positions = dialog.getByTestId('invoice-positions');
    await positions.getByRole('button', { name: /^Text bearbeiten: Arbeitszeit/ }).click();
    const editor = positions.getByRole('textbox', { name: 'Text der Position' });
    await editor.fill('Elektroinstallation Küche: Steckdosen erneuert');
    await positions.getByRole('button', { name: 'Übernehmen' }).click();
    await positions.getByText('Elektroinstallation Küche: Steckdosen erneuert').waitFor();
    await page.screenshot({ path: screenshotPath('invoice-texts-desktop') });

    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Entwurf als PDF' }).click()]);
    const pdf = path.join(dir, 'invoice.pdf');
    await pdfDownload.saveAs(pdf);
    // In reading order, white space collapsed: the table wraps a long description over two lines.
    const text = execFileSync('pdftotext', [pdf, '-']).toString().replace(/\s+/g, ' ');
    expect(text).toContain('Elektroinstallation Küche: Steckdosen erneuert');
    expect(text).not.toContain('Arbeitszeit');
    // A private customer: the labour share for § 35a EStG is stated.
    expect(text).toContain('§ 35a EStG');

    // Issued as XRechnung: the stored XML carries the edited text too.
    const issue = dialog.getByTestId('invoice-issue');
    await issue.getByText('XRechnung (XML)', { exact: true }).click();
    await issue.getByRole('button', { name: 'Rechnung ausstellen', exact: true }).click();
    await page.getByRole('dialog', { name: 'Rechnung ausstellen?' }).getByRole('button', { name: 'Rechnung ausstellen', exact: true }).click();
    const issued = dialog.getByTestId('invoice-issued');
    const [xmlDownload] = await Promise.all([page.waitForEvent('download'), issued.getByRole('button', { name: 'E-Rechnung (XML) herunterladen' }).click()]);
    const xmlFile = path.join(dir, 'invoice.xml');
    await xmlDownload.saveAs(xmlFile);
    const xml = fs.readFileSync(xmlFile, 'utf8');
    expect(xml).toContain('Elektroinstallation Küche: Steckdosen erneuert');
    expect(xml).not.toContain('Arbeitszeit');
    expect(failed).toEqual([]);
    // Cancelled, so its entries are open again for the phone journeys below.
    const href = await issued.getByRole('link', { name: /^Rechnung .+ öffnen$/ }).getAttribute('href');
    // The call takes no body: sent without one (and without a JSON content type).
    const cancelled = await fetch(`${appUrl}/api/Invoices/${href!.split('/').pop()}/Cancel`, {
      method: 'POST',
      headers: { 'X-Device-Id': account.deviceId, Authorization: `Bearer ${account.session.token}` },
    });
    expect(cancelled.status).toBe(200);
    await context.close();
  });

  for (const [locale, colorScheme] of [
    ['de', 'light'],
    ['de', 'dark'],
    ['en', 'light'],
    ['en', 'dark'],
  ] as const) {
    it(`shows every figure of the positions on a phone without sideways scrolling (${locale}, ${colorScheme})`, async () => {
      const context = await newContext(browser, { viewport: 'phone', colorScheme, locale: locale === 'en' ? 'en-GB' : 'de-DE' });
      await signInContext(context, account, locale);
      const page = await context.newPage();
      const dialog = await openOnCurrentMonth(page, locale === 'en');
      const positions = dialog.getByTestId('invoice-positions');
      const cards = positions.getByRole('listitem');
      expect(await cards.count()).toBe(3);
      const labels = locale === 'en' ? ['Quantity', 'Unit price', 'VAT', 'Net'] : ['Menge', 'Einzelpreis', 'MwSt.', 'Netto'];
      for (const label of labels) await expect.poll(() => cards.first().getByText(label, { exact: true }).isVisible()).toBe(true);
      // Every card's figures lie inside the 390 px screen.
      for (const box of await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(390);
      }
      const overflow = await dialog.evaluate((element) => {
        const body = element.querySelector('.mantine-Modal-body') as HTMLElement;
        return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, dialog: body.scrollWidth - body.clientWidth };
      });
      expect(overflow).toEqual({ page: 0, dialog: 0 });
      await positions.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`invoice-positions-phone-${locale}-${colorScheme}`) });
      await context.close();
    });
  }
});
