/**
 * axe-core (WCAG 2.0–2.2 A/AA, and the landmark rules) on every signed-in screen and the main
 * dialogs, light and dark, and at phone size; on every public screen at desktop and phone size; in
 * German, on a firm with data: no critical or serious violation and no landmark violation may remain.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, blocking, type AxeViolation } from './axe';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, seedFirm, signInContext, type SeededAccount } from './journey';

let browser: Browser;
let account: SeededAccount;
let customerId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const firm = await seedFirm({ prefix: 'axe', customers: ['Bäckerei Huber'] });
  account = firm.owner;
  customerId = firm.customers[0].id;
  await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'note', text: 'Zählerschrank prüfen' });
  await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'time', durationSeconds: 3600, text: 'Leitungen verlegt' });
  await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'material', text: 'Kabel', quantity: 10, unit: 'm', unitPrice: 0.89, vatRate: 19 });
});
afterAll(async () => {
  await browser?.close();
});

const screens = () => [
  { name: 'dashboard', path: '/', ready: 'Dashboard' },
  { name: 'customers', path: '/customerlist', ready: 'Kunden' },
  { name: 'customer', path: `/customer/${customerId}`, ready: 'Bäckerei Huber' },
  { name: 'library', path: '/library', ready: 'Bibliothek' },
  { name: 'report', path: '/library?view=report', ready: 'Auswertung' },
  { name: 'gallery', path: '/gallery', ready: 'Galerie' },
  { name: 'materials', path: '/materiallist', ready: 'Material' },
  { name: 'time tracking', path: '/timetracking', ready: 'Zeiterfassung' },
  { name: 'profile', path: '/profile', ready: 'Firmenprofil' },
  { name: 'account', path: '/account', ready: 'Mein Konto' },
  { name: 'translations', path: '/manage-locals', ready: 'Übersetzungen' },
];

function describeViolations(found: AxeViolation[]) {
  return found.map((v) => `${v.impact} ${v.id} (${v.nodes}): ${v.help} — ${v.targets.join(' | ')}`).join('\n');
}

describe.each(['light', 'dark'] as const)('axe, %s', (scheme) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(browser, { colorScheme: scheme });
    await signInContext(context, account);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('finds no critical or serious violation on any screen', async () => {
    const report: string[] = [];
    for (const screen of screens()) {
      await page.goto(`${appUrl}${screen.path}`);
      await page.getByRole('heading', { level: 1, name: screen.ready }).waitFor();
      await page.waitForLoadState('networkidle');
      // Each screen has its own title (WCAG 2.4.2), from its heading.
      await page.waitForFunction((title) => document.title === title, `${screen.ready} – Fieldbook`);
      const all = await axeViolations(page);
      // AXE_REPORT=1 prints the moderate and minor findings too (they do not fail the run).
      if (process.env.AXE_REPORT) console.info(`${scheme} ${screen.name}:\n${describeViolations(all)}`);
      const found = blocking(all);
      if (found.length) report.push(`${screen.name}:\n${describeViolations(found)}`);
    }
    expect(report.join('\n\n')).toBe('');
  }, 180_000);

  it('finds none in the main dialogs', async () => {
    const report: string[] = [];
    const check = async (name: string, open: () => Promise<unknown>, title: string) => {
      await open();
      await page.getByRole('dialog', { name: title }).waitFor();
      await page.waitForLoadState('networkidle');
      // Measured once the opening transition is over (half-faded text is not what a person reads).
      await page.waitForFunction(() => [...document.querySelectorAll('.mantine-Modal-content, .mantine-Modal-overlay')].every((e) => getComputedStyle(e).opacity === '1'));
      const found = blocking(await axeViolations(page));
      if (found.length) report.push(`${name}:\n${describeViolations(found)}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: title }).waitFor({ state: 'hidden' });
    };
    await page.goto(`${appUrl}/customerlist`);
    await page.getByRole('heading', { level: 1, name: 'Kunden' }).waitFor();
    await check('new customer', () => page.getByRole('button', { name: 'Neuer Kunde' }).first().click(), 'Neuer Kunde');
    await check('start timer', () => page.getByRole('button', { name: 'Timer starten' }).first().click(), 'Timer starten');
    await page.goto(`${appUrl}/customer/${customerId}`);
    await page.getByRole('heading', { level: 1, name: 'Bäckerei Huber' }).waitFor();
    await check('note', () => page.getByRole('button', { name: 'Notiz', exact: true }).click(), 'Neue Notiz');
    await check('invoice', () => page.getByRole('button', { name: 'Rechnung vorbereiten', exact: true }).click(), 'Rechnung vorbereiten');
    // Without the firm's AI consent the dictation explains it (the notice with its link).
    await check('dictation', () => page.getByRole('button', { name: 'Diktat', exact: true }).click(), 'Einträge diktieren');
    await check('summary', () => page.getByRole('button', { name: 'Zusammenfassen', exact: true }).click(), 'Zusammenfassung des Zeitraums');
    expect(report.join('\n\n')).toBe('');
  }, 180_000);
});

/** Every screen a signed-out person can reach. */
const publicScreens = [
  '/login',
  '/register',
  '/password-recovery',
  '/password-reset?userId=3f0c2a9e-0000-4000-8000-000000000001&token=abcdefghijklmnopqrstuvwxyz',
  '/password-reset',
  '/set-password?userId=3f0c2a9e-0000-4000-8000-000000000001&token=abcdefghijklmnopqrstuvwxyz',
  '/email-confirmation?status=expired',
  '/email-confirmation?status=replaced',
  '/email-confirmed',
  '/terms-view',
  '/license-expired?role=Manager&checkoutUrl=https%3A%2F%2Fpay.example%2Fc%2F1',
  '/license-expired?reason=license',
  '/info',
];

describe.each(['desktop', 'phone'] as const)('axe, signed out, %s', (viewport) => {
  it('finds none on any public screen', async () => {
    const context = await newContext(browser, { viewport });
    const page = await context.newPage();
    const report: string[] = [];
    for (const path of publicScreens) {
      await page.goto(`${appUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const found = blocking(await axeViolations(page));
      if (found.length) report.push(`${path}:\n${describeViolations(found)}`);
    }
    await context.close();
    expect(report.join('\n\n')).toBe('');
  }, 180_000);
});

describe('axe, signed in on a phone', () => {
  it('finds none on any screen with the phone layout (menu closed and open)', async () => {
    const context = await newContext(browser, { viewport: 'phone' });
    await signInContext(context, account);
    const page = await context.newPage();
    const report: string[] = [];
    for (const screen of screens()) {
      await page.goto(`${appUrl}${screen.path}`);
      await page.getByRole('heading', { level: 1, name: screen.ready }).waitFor();
      await page.waitForLoadState('networkidle');
      const found = blocking(await axeViolations(page));
      if (found.length) report.push(`${screen.name}:\n${describeViolations(found)}`);
    }
    await page.getByRole('button', { name: 'Menü einblenden' }).click();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    await page.waitForTimeout(400);
    const menu = blocking(await axeViolations(page));
    if (menu.length) report.push(`menu:\n${describeViolations(menu)}`);
    await context.close();
    expect(report.join('\n\n')).toBe('');
  }, 180_000);
});
