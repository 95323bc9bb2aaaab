/**
 * The catalog journeys in the built app on the real server, each in a firm of its own (signed up
 * through the API, the address confirmed from the mail: tests/e2e/journey.ts) and a fresh page: an
 * Owner creates a customer, edits and archives it; imports materials from a German Excel CSV
 * (removing the row a spreadsheet damaged) and finds one by its EAN; the phone layout shows the
 * materials as cards.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { apiAs, appUrl, seedAccount, signInContext, type SeededAccount } from './journey';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: SeededAccount;

/** A firm of its own (signed up through the API, address confirmed from the mail) and a fresh page. */
async function freshFirm(viewport: 'desktop' | 'phone' = 'desktop') {
  owner = await seedAccount({ prefix: 'katalog' });
  context = await newContext(browser, { viewport });
  await signInContext(context, owner);
  page = await context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('catalog journey', () => {
  it('creates, edits and archives a customer', async () => {
    await freshFirm();
    await page.goto(`${appUrl}/customerlist`);
    await page.getByRole('heading', { name: 'Noch keine Kunden' }).waitFor();

    await page.getByRole('button', { name: 'Neuer Kunde' }).first().click();
    const form = page.getByRole('dialog', { name: 'Neuer Kunde' });
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Bitte geben Sie mindestens einen Firmennamen oder Vor- und Nachnamen ein.').waitFor();
    await form.getByLabel('Firmenname').fill('Elektro Schneider GmbH');
    await form.getByLabel('Straße und Hausnummer').fill('Musterstraße 12');
    await form.getByLabel('PLZ').fill('80331');
    await form.getByLabel('Ort').fill('München');
    await form.getByLabel('Telefon').fill('+49 89 1234567');
    await form.getByLabel('E-Mail').fill('info@elektro-schneider.de');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.waitFor({ state: 'hidden' });

    const table = page.getByRole('table', { name: 'Kunden' });
    await table.getByRole('link', { name: 'Elektro Schneider GmbH' }).waitFor();
    expect(await table.getByText('Musterstraße 12, 80331 München').count()).toBe(1);

    await page.getByRole('button', { name: 'Aktionen für Elektro Schneider GmbH' }).click();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Kunden bearbeiten' });
    await edit.getByLabel('Ort').fill('Garching');
    await edit.getByLabel('PLZ').fill('85748');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await table.getByText('Musterstraße 12, 85748 Garching').waitFor();

    await table.getByRole('link', { name: 'Elektro Schneider GmbH' }).click();
    await page.getByRole('heading', { name: 'Elektro Schneider GmbH' }).waitFor();
    await page.getByRole('tab', { name: 'Fotos' }).click();
    await page.getByText('Noch keine Fotos').waitFor();
    await page.getByRole('link', { name: 'Alle Kunden' }).click();

    await page.getByRole('button', { name: 'Aktionen für Elektro Schneider GmbH' }).click();
    await page.getByRole('menuitem', { name: 'Archivieren' }).click();
    await page.getByRole('dialog', { name: 'Kunden archivieren?' }).getByRole('button', { name: 'Archivieren' }).click();
    await page.getByText('Kunde archiviert.').waitFor();
    // No active customer is left; the switch still shows the archived one.
    await page.getByRole('heading', { name: 'Noch keine Kunden' }).waitFor();

    await page.getByLabel('Archivierte anzeigen').click();
    await table.getByRole('link', { name: 'Elektro Schneider GmbH' }).waitFor();
    expect(await table.getByText('Archiviert').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('catalog-customers-desktop'), fullPage: true });
  });

  it('imports materials from a German Excel CSV and finds one by EAN', async () => {
    await freshFirm();
    await page.goto(`${appUrl}/materiallist`);
    await page.getByRole('heading', { name: 'Noch kein Material' }).waitFor();
    await page.getByRole('button', { name: 'CSV importieren' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Materialien aus CSV importieren' });
    await dialog.locator('input[type="file"]').setInputFiles(path.resolve('tests/fixtures/csv/products-excel-de.csv'));
    await dialog.getByText('5 Zeilen').waitFor();
    expect(await dialog.getByLabel('Zeichenkodierung').inputValue()).toBe('Windows-1252 (Excel)');
    expect(await dialog.getByLabel('Trennzeichen').inputValue()).toBe('Semikolon (;)');

    await dialog.getByRole('button', { name: 'Zeilen prüfen' }).click();
    await dialog.getByText(/EAN: Der Code wurde von einer Tabellenkalkulation verändert/).waitFor();
    expect(await dialog.getByRole('button', { name: '5 Zeilen importieren' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Alle fehlerhaften Zeilen entfernen' }).click();
    await dialog.getByRole('button', { name: '4 Zeilen importieren' }).click();
    const summary = dialog.getByLabel('Ergebnis des Imports');
    await summary.waitFor();
    expect(await summary.getByTestId('count-Angelegt').textContent()).toBe('4');
    await dialog.getByRole('button', { name: 'Schließen' }).last().click();

    const table = page.getByRole('table', { name: 'Material' });
    await table.getByText('Kabel NYM-J 3x1,5 mm²').waitFor();
    expect(await table.getByRole('row').count()).toBe(5);

    await page.getByRole('textbox', { name: 'Nach EAN suchen' }).fill('4006381333931');
    await page.getByRole('textbox', { name: 'Nach EAN suchen' }).press('Enter');
    const found = page.getByRole('dialog', { name: 'Material gefunden' });
    await found.getByText('Kabel NYM-J 3x1,5 mm²').waitFor();
    await found.getByText('0,89 € / m').waitFor();
    await page.screenshot({ path: screenshotPath('catalog-materials-found') });
    await found.getByRole('button', { name: 'Schließen' }).last().click();

    // A wrong check digit is answered, not searched for.
    await page.getByRole('textbox', { name: 'Nach EAN suchen' }).fill('4006381333932');
    await page.getByRole('textbox', { name: 'Nach EAN suchen' }).press('Enter');
    await page.getByText('Diese EAN ist ungültig (Prüfziffer oder Länge).').waitFor();
  });

  it('shows materials as cards on a phone', async () => {
    await freshFirm('phone');
    await apiAs(owner, 'POST', '/api/Products/Create', { name: 'Kabel NYM-J 3x1,5 mm²', ean: '4006381333931', unit: 'm', netPrice: 0.89, vatRate: 19 });
    await page.goto(`${appUrl}/materiallist`);
    await page.getByText('Kabel NYM-J 3x1,5 mm²').waitFor();
    expect(await page.getByRole('table', { name: 'Material' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('catalog-materials-phone'), fullPage: true });
  });
});
