/**
 * The shell: it loads signed in, the colour scheme cycles dark → light → auto
 * with `app-dark` on <html> following, the language switches, and a deep link survives a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { appUrl, expectPath, seedAccount, shot, signInContext } from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hasDarkClass = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('app-dark'));
const themeButton = (page: Page) => page.locator('[data-color-scheme]').first();

describe('the app shell', () => {
  it('loads, cycles the theme, switches the language and keeps a deep link on reload', async () => {
    const account = await seedAccount({ prefix: 'shell' });
    const context = await newContext(browser, { colorScheme: 'light' });
    await signInContext(context, account);
    const page = await context.newPage();

    await page.goto(`${appUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();

    // auto (the OS is light) → dark → light → auto
    expect(await themeButton(page).getAttribute('data-color-scheme')).toBe('auto');
    expect(await hasDarkClass(page)).toBe(false);
    await themeButton(page).click();
    await expect.poll(() => hasDarkClass(page)).toBe(true);
    expect(await themeButton(page).getAttribute('data-color-scheme')).toBe('dark');
    await shot(page, 'shell-01-dashboard-dark');
    await themeButton(page).click();
    await expect.poll(() => hasDarkClass(page)).toBe(false);
    expect(await themeButton(page).getAttribute('data-color-scheme')).toBe('light');
    await themeButton(page).click();
    expect(await themeButton(page).getAttribute('data-color-scheme')).toBe('auto');
    expect(await hasDarkClass(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('fieldbook-color-scheme'))).toBe('auto');

    // The language switch changes the visible text.
    await page.getByRole('button', { name: /Sprache: Deutsch/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    // A deep link survives a reload (the server serves the app for every path).
    await page.getByRole('link', { name: 'Customers' }).click();
    await expectPath(page, '/customerlist');
    await page.reload();
    await expectPath(page, '/customerlist');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await shot(page, 'shell-02-customerlist-en-after-reload');
    await context.close();
  });
});
