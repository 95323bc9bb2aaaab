/**
 * The register of issued invoices in Chromium, all through the screens: the owner prepares an
 * invoice on the customer page and issues it in the dialog, downloads its PDF there and again on
 * the invoice's page (both byte for byte the stored document), records a payment (paid), cancels
 * it (the credit note links back), bills the released entries again in the dialog (the next
 * number), finds all three in the register from the customer page and exports the period for
 * DATEV (EXTF, Windows-1252, one booking each). Screenshots of the register and an invoice's page
 * in German light and English dark, desktop and phone.
 */
import fs from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, checkScreen, completeProfile, createCustomer, field, screenVariants, seedAccount, shot, signInContext } from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The firm of the journey and its invoices (the paid and cancelled one, the one billed again), for the screenshots after it. */
let owner: Awaited<ReturnType<typeof seedAccount>>;
let paid: { id: string; number: string };
let open: { id: string; number: string };

const bytesOf = async (download: Download) => fs.readFileSync((await download.path())!);

/** The stored document of an issued invoice as the API answers it. */
async function stored(invoiceId: string, document: 'pdf' | 'xml') {
  const response = await fetch(`${appUrl}/api/Invoices/${invoiceId}/Documents/${document}`, {
    headers: { Authorization: `Bearer ${owner.session.token}`, 'X-Device-Id': owner.deviceId },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** "Rechnung vorbereiten" on the customer page, this month, issued as PDF; answers the issued panel. */
async function issueInDialog(page: Page, customerId: string, positionText: string) {
  await page.goto(`${appUrl}/customer/${customerId}`);
  await page.getByRole('button', { name: 'Rechnung vorbereiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rechnung vorbereiten' });
  await dialog.getByLabel('Zeitraum', { exact: true }).click();
  await page.getByRole('option', { name: 'Aktueller Monat' }).click();
  await dialog.getByTestId('invoice-positions').getByText(positionText).waitFor();
  const issue = dialog.getByTestId('invoice-issue');
  await issue.getByText('PDF', { exact: true }).click();
  await issue.getByRole('button', { name: 'Rechnung ausstellen', exact: true }).click();
  await page.getByRole('dialog', { name: 'Rechnung ausstellen?' }).getByRole('button', { name: 'Rechnung ausstellen', exact: true }).click();
  const issued = dialog.getByTestId('invoice-issued');
  await issued.waitFor();
  const number = /Rechnung (RE-\d{4}-\d{4}) ausgestellt/.exec((await issued.textContent()) ?? '')?.[1];
  expect(number).toBeDefined();
  const href = await issued.getByRole('link', { name: `Rechnung ${number} öffnen` }).getAttribute('href');
  return { issued, number: number!, id: href!.split('/').pop()! };
}

describe('invoice register', () => {
  it('issues in the dialog, downloads again, records a payment, cancels, bills the entries again and exports DATEV', async () => {
    owner = await seedAccount({ prefix: 'register' });
    await completeProfile(owner, { name: 'Elektro Register', companyName: 'Elektro Register GmbH', email: 'info@elektro-register.de' });
    const settings = (await apiAs(owner, 'GET', '/api/Payments/GetSettings')) as Record<string, unknown> & { datev: Record<string, unknown> };
    const { defaultMailTexts: _texts, ...current } = settings;
    await apiAs(owner, 'PUT', '/api/Payments/UpdateSettings', { ...current, datev: { ...settings.datev, consultantNumber: 29098, clientNumber: 55003 } });
    const customer = await createCustomer(owner, { companyName: 'Bäckerei Huber', street: 'Hauptstraße 5', zip: '85748', city: 'Garching', email: 'info@baeckerei-huber.de' });
    await apiAs(owner, 'POST', '/api/Information/Create', { customerId: customer.id, subType: 'time', durationSeconds: 7200, text: 'Zählerschrank erneuert' });
    await apiAs(owner, 'POST', '/api/Information/Create', { customerId: customer.id, subType: 'material', text: 'Fehlerstromschutzschalter', quantity: 1, unit: 'Stk', unitPrice: 48.5, vatRate: 19 });

    const context = await newContext(browser, { viewport: 'desktop' });
    await signInContext(context, owner);
    const page = await context.newPage();

    // Issued in the dialog; its PDF downloaded there is the stored one.
    const first = await issueInDialog(page, customer.id, 'Fehlerstromschutzschalter');
    paid = { id: first.id, number: first.number };
    const [fromDialog] = await Promise.all([page.waitForEvent('download'), first.issued.getByRole('button', { name: 'PDF herunterladen', exact: true }).click()]);
    const pdf = await stored(first.id, 'pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await bytesOf(fromDialog)).equals(pdf)).toBe(true);

    // The invoice's page: the same PDF again, byte for byte.
    await first.issued.getByRole('link', { name: `Rechnung ${first.number} öffnen` }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(first.number) }).waitFor();
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /\.pdf herunterladen$/ }).first().click()]);
    expect((await bytesOf(again)).equals(pdf)).toBe(true);

    // A payment of the whole amount: the invoice is paid.
    await page.getByRole('button', { name: 'Zahlung erfassen', exact: true }).first().click();
    const payment = page.getByRole('dialog', { name: 'Zahlung erfassen' });
    await field(page, 'Notiz').fill('Überweisung Sparkasse');
    await payment.getByRole('button', { name: 'Zahlung erfassen', exact: true }).click();
    await payment.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1 }).getByText('Bezahlt', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Zahlungen' }).getByText(/Überweisung Sparkasse/).waitFor();

    // Cancelled: the credit note's page opens and links back to the cancelled original.
    await page.getByRole('button', { name: `Weitere Aktionen für ${first.number}` }).click();
    await page.getByRole('menuitem', { name: 'Stornieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stornieren', exact: true }).click();
    const creditHeading = page.getByRole('heading', { level: 1, name: /Stornorechnung/ });
    await creditHeading.waitFor();
    const creditNumber = /RE-\d{4}-\d{4}/.exec((await creditHeading.textContent()) ?? '')?.[0];
    expect(creditNumber).toBeDefined();
    await page.getByRole('link', { name: first.number, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(first.number) }).getByText('Storniert', { exact: true }).waitFor();

    // The released entries are billed again in the dialog, with the next number.
    const second = await issueInDialog(page, customer.id, 'Fehlerstromschutzschalter');
    open = { id: second.id, number: second.number };
    const next = (n: string) => `${n.slice(0, -4)}${String(Number(n.slice(-4)) + 1).padStart(4, '0')}`;
    expect(creditNumber).toBe(next(first.number));
    expect(second.number).toBe(next(creditNumber!));
    await page.keyboard.press('Escape');

    // The customer page leads to the register, filtered to the customer: all three are there.
    await page.getByRole('link', { name: 'Rechnungen', exact: true }).and(page.locator('main a')).click();
    const table = page.getByRole('table', { name: 'Rechnungen' });
    for (const number of [first.number, creditNumber!, second.number]) await table.getByRole('link', { name: number, exact: true }).waitFor();

    // DATEV export of this month: one booking per invoice and for the cancellation.
    const today = new Date();
    const month = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
    const lastDay = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
    await page.getByRole('button', { name: 'DATEV-Export', exact: true }).click();
    const datev = page.getByRole('dialog', { name: 'DATEV-Export' });
    await datev.getByLabel(/^Von\s*\*?$/).fill(`${month}-01`);
    await datev.getByLabel(/^Bis\s*\*?$/).fill(`${month}-${lastDay}`);
    const [file] = await Promise.all([page.waitForEvent('download'), datev.getByRole('button', { name: 'Exportieren', exact: true }).click()]);
    expect(file.suggestedFilename()).toMatch(/^EXTF_.*\.csv$/);
    const bytes = await bytesOf(file);
    const lines = bytes.toString('latin1').split('\r\n');
    expect(lines[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;/);
    expect(lines[0]).toContain(';29098;55003;');
    const rows = lines.slice(2).filter((l) => l.length > 0);
    expect(rows).toHaveLength(3);
    for (const number of [first.number, creditNumber!, second.number]) expect(rows.filter((r) => r.includes(`"${number}"`))).toHaveLength(1);
    // Windows-1252: the umlaut of the customer is one byte.
    expect(bytes.includes(Buffer.from('Bäckerei Huber', 'latin1'))).toBe(true);
    await context.close();
  });

  it('shows the register, an invoice and its mail dialog in four looks', async () => {
    expect(open, 'the journey above seeds the firm').toBeDefined();
    for (const variant of screenVariants) {
      const de = variant.lang === 'de';
      const look = await newContext(browser, { viewport: variant.viewport, colorScheme: variant.scheme, locale: de ? 'de-DE' : 'en-GB' });
      await signInContext(look, owner, variant.lang);
      const screen = await look.newPage();
      await screen.goto(`${appUrl}/invoicelist`);
      await checkScreen(screen, `invoice-register-${variant.name}`, de ? 'Rechnungen' : 'Invoices');
      await screen.goto(`${appUrl}/invoice/${paid.id}`);
      await checkScreen(screen, `invoice-page-${variant.name}`, new RegExp(paid.number));
      await screen.goto(`${appUrl}/invoice/${open.id}`);
      await screen.getByRole('heading', { level: 1, name: new RegExp(open.number) }).waitFor();
      await screen.getByRole('button', { name: de ? 'Per E-Mail senden' : 'Send by email', exact: true }).click();
      await screen.getByRole('dialog', { name: de ? 'Per E-Mail senden' : 'Send by email' }).getByRole('radio', { name: de ? 'PDF der Rechnung' : 'PDF of the invoice' }).waitFor();
      await shot(screen, `invoice-send-dialog-${variant.name}`, false);
      await look.close();
    }
  });
});
