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
  it('are recorded only with the firm’s consent, said before, and given to timers started again after a break', async () => {
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
    const card = page.getByRole('main');
    await card.getByRole('button', { name: 'Einstempeln' }).click();
    await card.getByRole('button', { name: 'Pause beginnen' }).click();
    const choice = page.getByRole('dialog', { name: 'Pause: Ihre Kunden-Timer' });
    await choice.getByText('Anhalten und nach der Pause fortsetzen').click();
    await choice.getByRole('button', { name: 'Pause beginnen' }).click();
    await choice.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Pause beenden' }).click();
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
