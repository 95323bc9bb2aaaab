/**
 * An XRechnung for a customer imported from lexoffice, in Chromium (decision 0023): a
 * firm with a tax number only is told what the e-invoice lacks, enters its registration number in
 * the company tab, imports its customers from lexoffice (the local fake), gives the imported
 * customer its Leitweg-ID in the customer form and issues the XRechnung from the customer's
 * page (refused first with the server's words, the entries left billable), then downloads it. Screenshots of the company tab and the customer form with the new fields, German and
 * English, desktop and phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, completeProfile, controlUrl, field, seedAccount, shot, signInContext } from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LEITWEG = '04011000-1234512345-06';

/** "Rechnung ausstellen" as XRechnung in the invoice dialog, confirmed. */
async function issueXRechnung(dialog: Locator) {
  const issue = dialog.getByTestId('invoice-issue');
  await issue.getByText('XRechnung (XML)', { exact: true }).click();
  await issue.getByRole('button', { name: 'Rechnung ausstellen', exact: true }).click();
  await dialog.page().getByRole('dialog', { name: 'Rechnung ausstellen?' }).getByRole('button', { name: 'Rechnung ausstellen', exact: true }).click();
}

describe('e-invoice for an imported customer', () => {
  it('imports from lexoffice, fills what is missing and downloads an XRechnung with the Leitweg-ID', async () => {
    const owner = await seedAccount({ prefix: 'erechnung' });
    const account = (await (await fetch(`${controlUrl}/lexoffice/account?company=${encodeURIComponent('Elektro Einzel')}`, { method: 'POST' })).json()) as {
      key: string;
      contacts: { id: string; name: string }[];
    };
    await apiAs(owner, 'POST', '/api/ExternalSystem/ConnectExternalSystem', { system: 'lexoffice', apiKey: account.key });
    // A sole trader: tax number, no VAT id, no registration number yet.
    await completeProfile(owner, { name: 'Elektro Einzel', companyName: 'Elektro Einzel e.K.', email: 'info@elektro-einzel.de', vatId: null });

    const context = await newContext(browser, { viewport: 'desktop' });
    await signInContext(context, owner);
    const page = await context.newPage();

    // The import from lexoffice.
    await page.goto(`${appUrl}/customerlist`);
    await page.getByRole('button', { name: 'Aus lexoffice importieren' }).first().click();
    const summary = page.getByRole('dialog', { name: 'Aus lexoffice importieren' });
    await summary.getByText('angelegt').waitFor();
    await summary.getByRole('button', { name: 'Schließen' }).last().click();
    const table = page.getByRole('table', { name: 'Kunden' });
    await table.getByRole('link', { name: 'Autohaus Berger GmbH' }).waitFor();
    const customers = (await apiAs(owner, 'GET', '/api/Customers/GetAll?page=1&pageSize=10&isDescending=false&filter=Autohaus')) as {
      items: { id: string; externalId: string; business: boolean }[];
    };
    const customer = customers.items[0];
    expect(customer.externalId).toBe(account.contacts[0].id);
    expect(customer.business).toBe(true);
    await apiAs(owner, 'POST', '/api/Information/Create', { customerId: customer.id, subType: 'time', durationSeconds: 7200, text: 'Wallbox installiert' });

    // The customer form: a wrong Leitweg-ID is refused at its field, the right one saved.
    await page.getByRole('button', { name: 'Aktionen für Autohaus Berger GmbH' }).click();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Kunden bearbeiten' });
    await expect.poll(() => edit.getByLabel('Geschäftskunde').isChecked()).toBe(true);
    await edit.getByLabel('Leitweg-ID').fill('04011000-1234512345-07');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await edit.getByText(/Prüfziffern müssen stimmen/).waitFor();
    await edit.getByLabel('Leitweg-ID').fill(LEITWEG);
    await edit.getByLabel('USt-IdNr.').fill('DE 987 654 321');
    // lexoffice had no e-mail address for this contact; XRechnung needs one.
    await edit.getByLabel('E-Mail').fill('rechnung@autohaus-berger.de');
    await shot(page, 'einvoice-customer-form-de-desktop', false);
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await edit.waitFor({ state: 'hidden' });

    // The XRechnung is refused first, naming the registration number the firm lacks.
    await page.goto(`${appUrl}/customer/${customer.id}`);
    await page.getByText(LEITWEG).waitFor();
    await page.getByRole('button', { name: 'Rechnung vorbereiten' }).click();
    let dialog = page.getByRole('dialog', { name: 'Rechnung vorbereiten' });
    await dialog.getByLabel('Zeitraum', { exact: true }).click();
    await page.getByRole('option', { name: 'Aktueller Monat' }).click();
    await issueXRechnung(dialog);
    await dialog.getByTestId('invoice-issue-error').getByText(/Registernummer \(Handelsregister oder Handwerksrolle\)/).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    // The company tab asks for it.
    await page.goto(`${appUrl}/profile?tab=0`);
    await field(page, 'Registernummer').fill('HWK München 0815');
    await shot(page, 'einvoice-company-de-desktop');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByText('Die Firmendaten wurden gespeichert.').waitFor();

    // Now the XRechnung: the Leitweg-ID as buyer reference, the firm identified by its number.
    await page.goto(`${appUrl}/customer/${customer.id}`);
    await page.getByRole('button', { name: 'Rechnung vorbereiten' }).click();
    dialog = page.getByRole('dialog', { name: 'Rechnung vorbereiten' });
    await dialog.getByLabel('Zeitraum', { exact: true }).click();
    await page.getByRole('option', { name: 'Aktueller Monat' }).click();
    // The refused issue left the entries billable: the same positions are issued now.
    await issueXRechnung(dialog);
    const issued = dialog.getByTestId('invoice-issued');
    const [download] = await Promise.all([page.waitForEvent('download'), issued.getByRole('button', { name: 'E-Rechnung (XML) herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xml$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-einvoice-'));
    try {
      const file = path.join(dir, 'invoice.xml');
      await download.saveAs(file);
      const xml = fs.readFileSync(file, 'utf8');
      expect(xml).toContain(`<ram:BuyerReference>${LEITWEG}</ram:BuyerReference>`);
      expect(xml).toContain(`<ram:ID>${customer.externalId}</ram:ID>`);
      expect(xml).toContain('<ram:ID schemeID="VA">DE987654321</ram:ID>');
      expect(xml).toContain('HWK München 0815');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await context.close();

    // The new fields in English and on a phone.
    for (const [locale, viewport] of [['en', 'desktop'], ['de', 'phone'], ['en', 'phone']] as const) {
      const other = await newContext(browser, { viewport, locale: locale === 'en' ? 'en-GB' : 'de-DE' });
      await signInContext(other, owner, locale);
      const view = await other.newPage();
      await view.goto(`${appUrl}/profile?tab=0`);
      await field(view, locale === 'en' ? 'Registration number' : 'Registernummer').scrollIntoViewIfNeeded();
      await shot(view, `einvoice-company-${locale}-${viewport}`);
      await view.goto(`${appUrl}/customerlist`);
      await view.getByRole('button', { name: locale === 'en' ? 'Actions for Autohaus Berger GmbH' : 'Aktionen für Autohaus Berger GmbH' }).click();
      await view.getByRole('menuitem', { name: locale === 'en' ? 'Edit' : 'Bearbeiten' }).click();
      const form = view.getByRole('dialog');
      await form.getByLabel('Leitweg-ID').waitFor();
      await expect.poll(() => form.getByLabel('Leitweg-ID').inputValue()).toBe(LEITWEG);
      await form.getByLabel('Leitweg-ID').scrollIntoViewIfNeeded();
      await shot(view, `einvoice-customer-form-${locale}-${viewport}`, false);
      await other.close();
    }
  }, 300_000);
});
