/**
 * The consent history of the profile's consents tab on a phone (390 px): one stacked card per
 * grant or revocation, as the other lists of the app show their rows on a phone, so nothing in
 * its box scrolls sideways; on a desktop it stays a table. (The screen-wide phone check of every
 * screen is tests/e2e/phone-layouts.test.ts.)
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, seedAccount, shot, signInContext, type SeededAccount } from './journey';

let browser: Browser;
let owner: SeededAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await seedAccount({ prefix: 'consents' });
  // Grants and a revocation, so the history has rows of both kinds besides the terms at sign-up.
  await apiAs(owner, 'POST', '/api/Management/UpdateTenantConsent', { purpose: 'gps', granted: true });
  await apiAs(owner, 'POST', '/api/Management/UpdateTenantConsent', { purpose: 'ai', granted: true });
  await apiAs(owner, 'POST', '/api/Management/UpdateTenantConsent', { purpose: 'ai', granted: false });
});
afterAll(async () => {
  await browser?.close();
});

async function openHistory(viewport: 'phone' | 'desktop'): Promise<Page> {
  const context = await newContext(browser, { viewport });
  await signInContext(context, owner);
  const page = await context.newPage();
  await page.goto(`${appUrl}/profile?tab=3`);
  await page.getByRole('heading', { name: 'Verlauf' }).waitFor();
  return page;
}

/** Elements inside the history's box whose content is wider than they are (they scroll or cut off). */
function overflowingIn(page: Page) {
  return page.getByTestId('consent-history').evaluate((box) => {
    const wide = [box, ...Array.from(box.querySelectorAll('*'))].filter((el) => el.scrollWidth > el.clientWidth + 1);
    const edge = box.getBoundingClientRect().right;
    const past = Array.from(box.querySelectorAll('*')).filter((el) => el.getBoundingClientRect().right > edge + 1);
    return [...wide, ...past].map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
  });
}

describe('the consent history on a phone', () => {
  it('shows each change as a card, with nothing scrolling sideways in its box', async () => {
    const page = await openHistory('phone');
    await page.getByTestId('consent-history').getByText('Widerrufen').first().waitFor();
    await shot(page, 'consent-history-phone');
    expect(await overflowingIn(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const entries = page.getByRole('list', { name: 'Verlauf der Einwilligungen' }).getByRole('listitem');
    expect(await entries.count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('consent-history').locator('table').count()).toBe(0);
    expect(await entries.filter({ hasText: 'Widerrufen' }).first().textContent()).toMatch(/KI/);
    await page.context().close();
  });

  it('stays a table on a desktop', async () => {
    const page = await openHistory('desktop');
    const table = page.getByTestId('consent-history').getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(4);
    await page.context().close();
  });
});
