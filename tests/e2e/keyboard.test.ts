/**
 * A working day with the keyboard only, in Chromium: sign in, start and stop a customer timer,
 * create a customer and add a note. Tab and Enter move through the app; after every step the test
 * checks where the focus is (never lost on the body).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { appUrl, expectPath, seedFirm, type SeededAccount } from './journey';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let account: SeededAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  // A firm with a customer, and the Owner's name given (no welcome dialog in the way).
  ({ owner: account } = await seedFirm({ prefix: 'tastatur', owner: { firstName: 'Karla', lastName: 'Klein' }, customers: ['Bäckerei Huber'] }));
  context = await newContext(browser);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** What has the focus: its accessible name as far as the page says it (label, text), and its tag. */
function focused(): Promise<{ tag: string; name: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '' };
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : '';
    const label = el.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? '') : '';
    const name = el.getAttribute('aria-label') ?? (byId || label || el.textContent || '');
    return { tag: el.tagName.toLowerCase(), name: name.replace(/\s+/g, ' ').trim() };
  });
}

/** Presses Tab until the focused element's name matches (at most 60 times). */
async function tabTo(name: RegExp) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (name.test((await focused()).name)) return;
  }
  throw new Error(`Tab never reached ${name}; it ended on ${JSON.stringify(await focused())}`);
}

describe('keyboard only', () => {
  it('signs in, starts and stops a timer, creates a customer and adds a note', async () => {
    await page.goto(`${appUrl}/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(/E-Mail oder Benutzername/);
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    expect((await focused()).name).toMatch(/Passwort/);
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expectPath(page, '/');
    // The new screen's heading has the focus, not the body.
    await expect.poll(async () => (await focused()).name).toBe('Dashboard');

    // Start a timer from the bar: the dialog opens on its search field.
    await tabTo(/^Timer starten$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Timer starten' });
    await dialog.waitFor();
    await expect.poll(async () => (await focused()).name).toMatch(/Kunde/);
    await page.keyboard.type('Huber');
    await dialog.getByRole('button', { name: /^Bäckerei Huber.*Timer starten/ }).waitFor();
    await tabTo(/^Bäckerei Huber.*Timer starten/);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const chip = page.getByTestId('running-timer').filter({ hasText: 'Bäckerei Huber' });
    await chip.waitFor();

    // Stop it: the focus stays in the bar.
    await tabTo(/^Timer für Bäckerei Huber stoppen$/);
    await page.keyboard.press('Enter');
    await chip.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).name).toBe('Timer starten');

    // Create a customer: the dialog opens on its first field, Enter saves.
    await page.goto(`${appUrl}/customerlist`);
    await page.getByRole('heading', { level: 1, name: 'Kunden' }).waitFor();
    await tabTo(/^Neuer Kunde$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Neuer Kunde' }).waitFor();
    await expect.poll(async () => (await focused()).name).toBe('Firmenname');
    await page.keyboard.type('Metzgerei Meier');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Neuer Kunde' }).waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Metzgerei Meier' }).waitFor();

    // Add a note to the new customer.
    await tabTo(/^Metzgerei Meier$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Metzgerei Meier' }).waitFor();
    await expect.poll(async () => (await focused()).name).toBe('Metzgerei Meier');
    await tabTo(/^Notiz$/);
    await page.keyboard.press('Enter');
    const note = page.getByRole('dialog', { name: 'Neue Notiz' });
    await note.waitFor();
    await expect.poll(async () => (await focused()).tag).toBe('textarea');
    await page.keyboard.type('Kühltheke flackert, Vorschaltgerät tauschen.');
    await tabTo(/^Speichern$/);
    await page.keyboard.press('Enter');
    await note.waitFor({ state: 'hidden' });
    await page.getByRole('listitem', { name: /^Notiz: / }).waitFor();
  });
});
