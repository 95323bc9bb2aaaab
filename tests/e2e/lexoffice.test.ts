/**
 * lexoffice in Chromium against the local fake of its API: the Owner connects through the stepper
 * of the Accounting tab, imports the customers from the customer list, prepares an invoice in the
 * library and sends it to lexoffice finalized; the answer shows the invoice number, and the fake
 * received the customer's contact id and the positions.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, controlUrl, seedAccount, shot, signInContext } from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('lexoffice', () => {
  it('connects through the stepper, imports the customers and sends a finalized invoice', async () => {
    const owner = await seedAccount({ prefix: 'buchhaltung' });
    const account = (await (await fetch(`${controlUrl}/lexoffice/account?company=${encodeURIComponent('Elektro Vogt GmbH')}`, { method: 'POST' })).json()) as {
      key: string;
      contacts: { id: string; name: string }[];
    };
    const context = await newContext(browser, { viewport: 'desktop' });
    await signInContext(context, owner);
    const page = await context.newPage();

    // The stepper.
    await page.goto(`${appUrl}/profile?tab=4`);
    await page.getByRole('heading', { name: 'lexoffice verbinden' }).waitFor();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('link', { name: /public-api/ }).waitFor();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Testen und verbinden' }).click();
    await page.getByText('Bitte geben Sie einen API-Schlüssel ein.').waitFor();
    await page.getByLabel('API-Schlüssel').fill(account.key);
    await shot(page, 'lexoffice-key-de-desktop');
    await page.getByRole('button', { name: 'Testen und verbinden' }).click();
    await page.getByText(/mit dem lexoffice-Konto von Elektro Vogt GmbH verbunden/).waitFor();
    await shot(page, 'lexoffice-connected-de-desktop');
    await page.getByRole('button', { name: 'Fertig' }).click();
    await page.getByText('Konto: Elektro Vogt GmbH').waitFor();

    // The customer import.
    await page.goto(`${appUrl}/customerlist`);
    await page.getByRole('button', { name: 'Aus lexoffice importieren' }).first().click();
    const summary = page.getByRole('dialog', { name: 'Aus lexoffice importieren' });
    await summary.getByText('angelegt').waitFor();
    await shot(page, 'lexoffice-import-de-desktop');
    await summary.getByRole('button', { name: 'Schließen' }).last().click();
    await page.getByText('Autohaus Berger GmbH').first().waitFor();

    // An invoice for the imported customer, sent finalized.
    const customers = (await apiAs(owner, 'GET', '/api/Customers/GetAll?page=1&pageSize=10&isDescending=false&filter=Autohaus')) as { items: { id: string; externalId: string; companyName: string | null }[] };
    // The fake is shared by the journeys (the e-invoice journey imports an "Autohaus Berger GmbH" too):
    // the imported customer is the one carrying this account's contact id.
    const customer = customers.items.find((c) => c.externalId === account.contacts[0].id);
    expect(customer?.companyName).toBe('Autohaus Berger GmbH');
    await apiAs(owner, 'POST', '/api/Information/Create', { customerId: customer!.id, subType: 'time', durationSeconds: 7200, text: 'Wallbox installiert' });
    await page.goto(`${appUrl}/library`);
    const bar = page.getByTestId('selection-bar');
    await bar.getByLabel('Alle angezeigten auswählen').check();
    await bar.getByRole('button', { name: 'Rechnung vorbereiten' }).click();
    const dialog = page.getByRole('dialog');
    const lex = dialog.getByTestId('lexoffice-export');
    await lex.getByLabel(/Sofort festschreiben/).check();
    await lex.getByRole('button', { name: 'An lexoffice übergeben' }).click();
    await lex.getByText(/Rechnung RE-2026-\d{4} wurde in lexoffice angelegt/).waitFor();
    await shot(page, 'lexoffice-exported-de-desktop');
    // Closed, the entries are gone from the open ones.
    await page.keyboard.press('Escape');
    await page.getByText('Keine Einträge gefunden').waitFor();
    const invoices = (await (await fetch(`${controlUrl}/lexoffice/invoices`)).json()) as { voucherNumber: string; body: { address: { contactId?: string }; lineItems: { quantity: number; unitName: string }[] } }[];
    const sent = invoices.find((i) => i.body.address.contactId === customer!.externalId)!;
    expect(sent.voucherNumber).toMatch(/^RE-2026-/);
    expect(sent.body.lineItems).toEqual([expect.objectContaining({ quantity: 2 })]);
    await context.close();
  });
});
