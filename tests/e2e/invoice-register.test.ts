/**
 * The invoice register in Chromium: a firm with two issued invoices (issued through the API) opens
 * the register from the navigation, opens an invoice, downloads its PDF again (byte for byte the
 * stored one), records a payment (the status becomes paid), cancels the other invoice and lands
 * on its credit note, which links back. Screenshots of the register and an invoice's page in
 * German light and English dark, desktop and phone.
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, checkScreen, completeProfile, field, screenVariants, seedAccount, signInContext } from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Issued {
  summary: { id: string; number: string };
}

/** The firm of the journey and its paid invoice, for the screenshots after it. */
let owner: Awaited<ReturnType<typeof seedAccount>>;
let paid: Issued;

describe('invoice register', () => {
  it('opens an issued invoice, downloads it again, records its payment and cancels another', async () => {
    owner = await seedAccount({ prefix: 'register' });
    await completeProfile(owner, { name: 'Elektro Register', companyName: 'Elektro Register GmbH', email: 'info@elektro-register.de' });
    const customer = (await apiAs(owner, 'POST', '/api/Customers/Create', {
      companyName: 'Bäckerei Huber',
      street: 'Hauptstraße 5',
      zip: '85748',
      city: 'Garching',
      country: 'DE',
      email: 'info@baeckerei-huber.de',
    })) as { id: string };
    const entry = async (text: string) =>
      ((await apiAs(owner, 'POST', '/api/Information/Create', { customerId: customer.id, subType: 'time', durationSeconds: 7200, text })) as { id: string }).id;
    const first = await entry('Zählerschrank erneuert');
    const second = await entry('Steckdosen im Laden gesetzt');
    const now = Date.now();
    const period = { fromDate: new Date(now - 86_400_000).toISOString(), toDate: new Date(now + 86_400_000).toISOString() };
    const issue = async (informationId: string) =>
      (await apiAs(owner, 'POST', '/api/Invoice/Issue', { customerId: customer.id, ...period, informationIds: [informationId], timeTrackIds: [], format: 'pdf' })) as Issued;
    paid = await issue(first);
    const cancelled = await issue(second);

    const context = await newContext(browser, { viewport: 'desktop' });
    await signInContext(context, owner);
    const page = await context.newPage();
    await page.goto(`${appUrl}/`);
    await page.getByRole('navigation').getByRole('link', { name: 'Rechnungen', exact: true }).click();
    const table = page.getByRole('table', { name: 'Rechnungen' });
    await table.getByRole('link', { name: cancelled.summary.number, exact: true }).waitFor();
    await table.getByRole('link', { name: paid.summary.number, exact: true }).click();

    // The invoice's page: its PDF again, byte for byte as stored.
    await page.getByRole('heading', { level: 1, name: new RegExp(paid.summary.number) }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /herunterladen$/ }).first().click()]);
    const downloaded = fs.readFileSync((await download.path())!);
    const stored = Buffer.from(
      await (
        await fetch(`${appUrl}/api/Invoices/${paid.summary.id}/Documents/pdf`, { headers: { Authorization: `Bearer ${owner.session.token}`, 'X-Device-Id': owner.deviceId } })
      ).arrayBuffer(),
    );
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
    expect(downloaded.equals(stored)).toBe(true);

    // A payment of the whole amount: the invoice is paid.
    await page.getByRole('button', { name: 'Zahlung erfassen', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Zahlung erfassen' });
    await field(page, 'Notiz').fill('Überweisung Sparkasse');
    await dialog.getByRole('button', { name: 'Zahlung erfassen', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1 }).getByText('Bezahlt', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Zahlungen' }).getByText(/Überweisung Sparkasse/).waitFor();

    // The other invoice, cancelled: the credit note's page opens and links back.
    await page.getByRole('link', { name: 'Alle Rechnungen' }).click();
    await table.getByRole('link', { name: cancelled.summary.number, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(cancelled.summary.number) }).waitFor();
    await page.getByRole('button', { name: `Weitere Aktionen für ${cancelled.summary.number}` }).click();
    await page.getByRole('menuitem', { name: 'Stornieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stornieren', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /Stornorechnung/ }).waitFor();
    await page.getByRole('link', { name: cancelled.summary.number, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(cancelled.summary.number) }).getByText('Storniert', { exact: true }).waitFor();
    await context.close();
  });

  it('shows the register and an invoice in four looks', async () => {
    expect(paid, 'the journey above seeds the firm').toBeDefined();
    for (const variant of screenVariants) {
      const de = variant.lang === 'de';
      const look = await newContext(browser, { viewport: variant.viewport, colorScheme: variant.scheme, locale: de ? 'de-DE' : 'en-GB' });
      await signInContext(look, owner, variant.lang);
      const screen = await look.newPage();
      await screen.goto(`${appUrl}/invoicelist`);
      await checkScreen(screen, `invoice-register-${variant.name}`, de ? 'Rechnungen' : 'Invoices');
      await screen.goto(`${appUrl}/invoice/${paid.summary.id}`);
      await checkScreen(screen, `invoice-page-${variant.name}`, new RegExp(paid.summary.number));
      await look.close();
    }
  });
});
