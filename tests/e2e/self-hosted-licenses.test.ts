/**
 * Self-hosted licenses and the consent history in the built app on the suite's self-hosted server:
 * no trial anywhere, the license screens say what is true, the consents tab shows the history; on a
 * desktop and a phone, German and English, with screenshots.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { appUrl, seedAccount, shot, signInContext, type SeededAccount } from './journey';

describe('self-hosted licenses on screen', { timeout: 120_000 }, () => {
  let browser: Browser;
  let owner: SeededAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await seedAccount({ prefix: 'selfhosted' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [locale, viewport] of [['de', 'desktop'], ['en', 'phone']] as const) {
    it(`shows no trial and the consent history (${locale}, ${viewport})`, async () => {
      const context = await newContext(browser, { viewport, locale: locale === 'de' ? 'de-DE' : 'en-GB' });
      await signInContext(context, owner, locale);
      const page = await context.newPage();
      await page.goto(`${appUrl}/profile?tab=2`);
      await page.getByText(locale === 'de' ? /Dieser Server läuft ohne Online-Zahlung/ : /This server runs without online payment/).waitFor();
      expect(await page.getByText(locale === 'de' ? /Testphase/ : /trial/i).count()).toBe(0);
      await shot(page, `self-hosted-licenses-${locale}-${viewport}`);

      await page.goto(`${appUrl}/license-expired?reason=trial&role=Owner`);
      await page.getByText(locale === 'de' ? 'Ihre Lizenz ist gültig' : 'Your license is valid').waitFor();
      await shot(page, `self-hosted-license-expired-${locale}-${viewport}`);

      await page.goto(`${appUrl}/profile?tab=3`);
      const history = page.getByRole('heading', { name: locale === 'de' ? 'Verlauf' : 'History' });
      await history.waitFor();
      await history.scrollIntoViewIfNeeded();
      // A table with its header on a desktop, one card per change on a phone (the English pass).
      const entries =
        viewport === 'phone'
          ? page.getByRole('list', { name: 'Consent history' }).getByRole('listitem')
          : page.getByRole('table').getByRole('row');
      expect(await entries.count()).toBeGreaterThanOrEqual(viewport === 'phone' ? 2 : 3);
      await shot(page, `self-hosted-consents-${locale}-${viewport}`);
      await context.close();
    });
  }
});
