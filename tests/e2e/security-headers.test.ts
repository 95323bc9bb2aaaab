/**
 * The app works under its Content-Security-Policy: every main screen loads, signed out and signed
 * in, in light and dark, and Chromium reports no policy violation (a blocked inline script,
 * style, image or call would fire `securitypolicyviolation` and log a console error).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { appUrl, seedAccount, signInContext, type SeededAccount } from './journey';

let browser: Browser;
let account: SeededAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await seedAccount({ prefix: 'csp' });
});
afterAll(async () => {
  await browser?.close();
});

const publicScreens = ['/login', '/register', '/password-recovery', '/terms-view', '/info', '/development'];
const signedInScreens = ['/', '/customerlist', '/materiallist', '/timetracking', '/library', '/gallery', '/account', '/profile'];

/** Collects every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(context: BrowserContext): Promise<{ page: Page; violations: string[] }> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const list = ((window as unknown as { __cspViolations?: string[] }).__cspViolations ??= []);
      list.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

async function visit(page: Page, violations: string[], path: string) {
  const response = await page.goto(`${appUrl}${path}`);
  expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const reported = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  violations.push(...reported.map((v) => `${path}: ${v}`));
}

describe('the Content-Security-Policy', () => {
  it('lets every public screen load without a violation, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await newContext(browser, { colorScheme });
      const { page, violations } = await watchViolations(context);
      for (const path of publicScreens) await visit(page, violations, path);
      await context.close();
      expect(violations, colorScheme).toEqual([]);
    }
  });

  it('lets every signed-in screen load without a violation', async () => {
    const context = await newContext(browser);
    await signInContext(context, account);
    const { page, violations } = await watchViolations(context);
    for (const path of signedInScreens) await visit(page, violations, path);
    // The colour scheme set before the first paint comes from the inline script of index.html,
    // allowed by its hash: a blocked script would leave the attribute at its default.
    await page.evaluate(() => localStorage.setItem('fieldbook-color-scheme', 'dark'));
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    await context.close();
    expect(violations).toEqual([]);
  });

  it('renders the API reference at /api/docs without a violation, a console error or another host', async () => {
    const context = await newContext(browser);
    const { page, violations } = await watchViolations(context);
    const errors: string[] = [];
    const otherHosts: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(appUrl) && !/^(data|blob):/.test(request.url())) otherHosts.push(request.url());
    });
    const response = await page.goto(`${appUrl}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // The contract's own title and its sections, as the renderer shows them (it lays out the whole
    // contract first: slow on a busy machine, hence the longer wait).
    await page.getByRole('heading', { name: 'Fieldbook API (0.1.0)', exact: true }).waitFor({ timeout: 90_000 });
    await page.locator('h2', { hasText: /^Authentication$/ }).first().waitFor({ state: 'attached' });
    await page.getByText('ApiKeys', { exact: true }).first().waitFor({ state: 'attached' });
    await page.screenshot({ path: screenshotPath('api-docs') });
    violations.push(...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])));
    await context.close();
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(otherHosts).toEqual([]);
  }, 150_000);

  it('forbids framing the app', async () => {
    const response = await fetch(`${appUrl}/login`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
