/**
 * Screenshots of every account screen on a desktop (1440 px), in German and English, light and
 * dark, kept in test-results/e2e/screens/ for review. Each screen must show its heading and must not
 * scroll sideways. The same screens on a phone: tests/e2e/phone-layouts.test.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { appUrl, checkScreen, controlUrl, expectPath, screenVariants, seedAccount, signInContext, type ScreenVariant, type SeededAccount } from './journey';

let browser: Browser;
let confirmed: SeededAccount;
let unconfirmed: SeededAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  confirmed = await seedAccount({ prefix: 'screens' });
  unconfirmed = await seedAccount({ prefix: 'screens.unconfirmed', confirm: false });
});
afterAll(async () => {
  await browser?.close();
});

type Variant = ScreenVariant;
/**
 * The desktop looks only: every one of these screens is checked on a phone, in the same two looks
 * (German light, English dark) and more strictly (no element past the edge, no text cut off), by
 * tests/e2e/phone-layouts.test.ts, which keeps its screenshots in test-results/e2e/phone/.
 */
const variants = screenVariants.filter((variant) => variant.viewport === 'desktop');

const publicScreens: { name: string; path: string }[] = [
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'password-recovery', path: '/password-recovery' },
  { name: 'password-reset', path: '/password-reset?userId=3f0c2a9e-0000-4000-8000-000000000001&token=abcdefghijklmnopqrstuvwxyz' },
  { name: 'password-reset-invalid', path: '/password-reset' },
  { name: 'set-password', path: '/set-password?userId=3f0c2a9e-0000-4000-8000-000000000001&token=abcdefghijklmnopqrstuvwxyz' },
  { name: 'email-confirmation-expired', path: '/email-confirmation?status=expired' },
  { name: 'email-confirmation-replaced', path: '/email-confirmation?status=replaced' },
  { name: 'email-confirmed', path: '/email-confirmed' },
  { name: 'terms-view', path: '/terms-view' },
  { name: 'license-expired', path: '/license-expired?role=Manager&checkoutUrl=https%3A%2F%2Fpay.example%2Fc%2F1' },
  { name: 'license-missing', path: '/license-expired?reason=license' },
  { name: 'info', path: '/info' },
  { name: 'development', path: '/development' },
];

async function open(variant: Variant, account?: SeededAccount): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, {
    viewport: variant.viewport,
    colorScheme: variant.scheme,
    locale: variant.lang === 'de' ? 'de-DE' : 'en-US',
  });
  if (account) await signInContext(context, account, variant.lang);
  else await context.addInitScript((lang) => localStorage.setItem('fieldbook-locale', lang), variant.lang);
  return { context, page: await context.newPage() };
}

const check = (page: Page, file: string) => checkScreen(page, `screens/${file}`);

describe('account screens', () => {
  for (const variant of variants) {
    it(`public screens, ${variant.name}`, async () => {
      const { context, page } = await open(variant);
      for (const screen of publicScreens) {
        await page.goto(`${appUrl}${screen.path}`);
        await check(page, `${screen.name}-${variant.name}`);
      }
      await context.close();
    });

    it(`signed-in screens, ${variant.name}`, async () => {
      let { context, page } = await open(variant, confirmed);
      await page.goto(`${appUrl}/account`);
      await page.getByText(variant.lang === 'de' ? 'Dieses Gerät' : 'This device').waitFor();
      await check(page, `account-${variant.name}`);
      await page.goto(`${appUrl}/profile?tab=2`);
      await page.getByRole('switch').first().waitFor();
      await check(page, `profile-licenses-${variant.name}`);
      await page.goto(`${appUrl}/manage-locals`);
      await page.getByRole('table', { name: variant.lang === 'de' ? 'Texte der App' : 'Texts of the app' }).waitFor();
      await check(page, `manage-locals-${variant.name}`);
      await context.close();

      ({ context, page } = await open(variant, unconfirmed));
      await page.goto(`${appUrl}/`);
      await expectPath(page, '/missing-email-confirmation');
      await check(page, `missing-email-confirmation-${variant.name}`);
      await context.close();

      // A new Google account has not accepted the terms yet.
      const suffix = `${variant.name}.${Date.now().toString(36)}`;
      await fetch(`${controlUrl}/google/identity`, {
        method: 'POST',
        body: JSON.stringify({ sub: `screens-${suffix}`, email: `screens.${suffix}@gmail.com`, given_name: 'Lena', family_name: 'Huber' }),
      });
      ({ context, page } = await open(variant));
      await page.goto(`${appUrl}/login`);
      await page.getByRole('button', { name: variant.lang === 'de' ? 'Weiter mit Google' : 'Continue with Google' }).click();
      await expectPath(page, '/terms-confirmation');
      await page.getByText('§ 1').first().waitFor();
      await check(page, `terms-confirmation-${variant.name}`);
      await context.close();
    });
  }
});
