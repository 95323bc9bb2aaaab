/**
 * Field use in Chromium: passkeys at an address where they cannot work (http://127.0.0.1: an IP
 * address is no valid WebAuthn relying party) are not offered, and the screen says what they need;
 * with the browser's location granted, positions are recorded only after the firm's GPS consent,
 * the screens say so before, and a timer started again after a break gets its start position.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, seedAccount, shot, signInContext } from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ipUrl = appUrl.replace('//localhost:', '//127.0.0.1:');

describe('passkeys and the address', () => {
  it('are not offered at http://127.0.0.1, where the screen says they need https or localhost', async () => {
    expect(ipUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${ipUrl}/login`);
    await page.getByText(/Passkeys sind unter dieser Adresse nicht verfügbar/).waitFor();
    expect(await page.getByRole('button', { name: 'Mit Passkey anmelden' }).count()).toBe(0);
    await shot(page, 'f-01-login-at-ip');
    await page.goto(`${ipUrl}/register`);
    await page.getByRole('button', { name: 'Konto erstellen' }).waitFor();
    expect(await page.getByRole('button', { name: 'Mit Passkey registrieren' }).count()).toBe(0);
    expect(await page.getByText(/Passkeys sind unter dieser Adresse nicht verfügbar/).count()).toBe(1);

    // At localhost the same browser offers them.
    await page.goto(`${appUrl}/register`);
    await page.getByRole('button', { name: 'Mit Passkey registrieren' }).waitFor();
    expect(await page.getByText(/Passkeys sind unter dieser Adresse nicht verfügbar/).count()).toBe(0);
    await context.close();
  });
});

describe('positions', () => {
  it('are recorded only with the firm’s consent, said before, and given to timers started again after a break', { timeout: 120_000 }, async () => {
    const here = { latitude: 48.137, longitude: 11.575 };
    const owner = await seedAccount({ prefix: 'gps' });
    const customer = (await apiAs(owner, 'POST', '/api/Customers/Create', { companyName: 'Bäckerei Huber', country: 'DE' })) as { id: string };
    const context = await newContext(browser);
    await context.grantPermissions(['geolocation'], { origin: appUrl });
    await context.setGeolocation(here);
    await signInContext(context, owner);
    const page = await context.newPage();
    await page.goto(`${appUrl}/timetracking`);
    const notice = page.getByTestId('gps-notice').first();
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Ihre Firma hat der Standorterfassung bei Start und Stopp nicht zugestimmt');
    await shot(page, 'f-02-no-gps-consent');

    await apiAs(owner, 'POST', '/api/Management/UpdateTenantConsent', { purpose: 'gps', granted: true });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('gps-notice').count()).toBe(0);

    await apiAs(owner, 'POST', '/api/TimeTracks/Start', { customerId: customer.id, description: null, position: null });
    await page.reload();
    // The clock-in card is below the bar's buttons of the same names.
    await page.getByRole('button', { name: 'Einstempeln' }).last().click();
    await page.getByRole('button', { name: 'Pause beginnen' }).last().click();
    const choice = page.getByRole('dialog', { name: 'Pause: Ihr Kunden-Timer' });
    await choice.getByText('Anhalten und nach der Pause fortsetzen').click();
    await choice.getByRole('button', { name: 'Pause beginnen' }).click();
    await choice.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Pause beenden' }).last().click();
    await page.getByText('1 Kunden-Timer läuft weiter.').waitFor();

    const active = (await apiAs(owner, 'GET', '/api/UserTimeTracks/GetActive')) as { startPosition: unknown };
    expect(active.startPosition).toEqual(here);
    const running = (await apiAs(
      owner,
      'GET',
      '/api/TimeTracks/GetMy?includeRunning=true&includeStopped=false&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true',
    )) as { items: { customerId: string; startPosition: unknown }[] };
    expect(running.items.map((t) => [t.customerId, t.startPosition])).toEqual([[customer.id, here]]);
    await context.close();
  });
});

describe('a forgotten day', () => {
  it('is added with its break on the working-time screen and shows as added later (desktop German, phone English)', { timeout: 180_000 }, async () => {
    const owner = await seedAccount({ prefix: 'late' });
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    const day = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
    for (const [viewport, locale] of [
      ['desktop', 'de'],
      ['phone', 'en'],
    ] as const) {
      const de = locale === 'de';
      const context = await newContext(browser, { viewport, locale: de ? 'de-DE' : 'en-GB' });
      await signInContext(context, owner, locale);
      const page = await context.newPage();
      await page.goto(`${appUrl}/timetracking`);
      await page.getByRole('button', { name: de ? 'Vergessenen Tag nachtragen' : 'Add a forgotten day' }).click();
      const dialog = page.getByRole('dialog', { name: de ? 'Arbeitstag nachtragen' : 'Add a working day' });
      await dialog.waitFor();
      await dialog.getByLabel(de ? /^Tag/ : /^Day/).fill(day);
      if (!de) {
        // The second run adds a later shift of the same day.
        await dialog.getByLabel(/^Start/).first().fill('18:00');
        await dialog.getByLabel(/^End/).first().fill('20:00');
        await dialog.getByRole('button', { name: 'Remove break 1' }).click();
      }
      await shot(page, `f-03-add-day-${viewport}-${locale}`, false);
      await dialog.getByRole('button', { name: de ? 'Tag nachtragen' : 'Add day' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByTestId('work-day').first();
      await row.click();
      await page.getByText(de ? 'nachgetragen' : 'Added later').first().waitFor();
      await shot(page, `f-04-added-later-${viewport}-${locale}`);
      await context.close();
    }
    const list = (await apiAs(
      owner,
      'GET',
      '/api/UserTimeTracks/GetList?includeActive=true&includeEnded=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=false',
    )) as { items: { addedLater: boolean; breakSeconds: number }[] };
    expect(list.items.map((t) => [t.addedLater, t.breakSeconds]).sort((a, b) => Number(b[1]) - Number(a[1]))).toEqual([
      [true, 1800],
      [true, 0],
    ]);
  });
});
