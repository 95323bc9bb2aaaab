/**
 * The firm's own wording in the built app. A build gives @lingui/core a stand-in for its message
 * compiler (vite.config.ts, the catalogs are precompiled); the firm's texts bring the real one with
 * them (a text the compiler refuses keeps the built-in one, so a stand-in there would fail this).
 * An Owner changes "Kunden" to "Auftraggeber"; the menu reads it at once and after a reload.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { appUrl, seedAccount, signInContext, type SeededAccount } from './journey';

let browser: Browser;
let owner: SeededAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await seedAccount({ prefix: 'texts' });
});
afterAll(async () => {
  await browser?.close();
});

it('applies the firm’s own wording in the built app, also after a reload', async () => {
  const context = await newContext(browser);
  await signInContext(context, owner, 'de');
  const page = await context.newPage();
  await page.goto(`${appUrl}/manage-locals`);
  const table = page.getByRole('table', { name: 'Texte der App' });
  await table.waitFor();
  await page.getByRole('textbox', { name: 'Texte durchsuchen' }).fill('Customers');
  await table.getByRole('button', { name: 'Text ändern: Customers', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Eigene Formulierung' });
  await dialog.getByRole('textbox', { name: 'Deutsch' }).fill('Auftraggeber');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const navigation = page.getByRole('navigation');
  await navigation.getByRole('link', { name: 'Auftraggeber' }).waitFor();

  await page.reload();
  await navigation.getByRole('link', { name: 'Auftraggeber' }).waitFor();
  expect(await navigation.getByRole('link', { name: 'Kunden', exact: true }).count()).toBe(0);
  await context.close();
});
