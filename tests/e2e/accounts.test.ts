/**
 * Accounts end to end: the built app and the real server in Chromium, mail through a
 * local SMTP server, passkeys with Chromium's virtual authenticator, Google against a local key
 * set. German, desktop; screenshots in test-results/e2e/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import {
  PASSWORD,
  answerOnboarding,
  apiAs,
  appUrl,
  controlUrl,
  expectPath,
  field,
  linkIn,
  mailsTo,
  seedAccount,
  shot,
  uniqueEmail,
  waitForMail,
} from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto(`${appUrl}/login`);
  await field(page, 'E-Mail oder Benutzername').fill(email);
  await field(page, 'Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expectPath(page, '/login');
}

describe('accounts in the browser', () => {
  it('a. signs up, confirms the email from the mail, lands on the dashboard, logs out and in again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('max.muster');

    await page.goto(`${appUrl}/register`);
    await field(page, 'E-Mail').fill(email);
    await expect.poll(() => field(page, 'Firmenname').inputValue()).toBe(email.split('@')[0].replace(/[^a-z0-9]/gi, ''));
    await field(page, 'Firmenname').fill('Elektro Muster');
    await field(page, 'Passwort').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await shot(page, 'a-01-register-filled');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();

    await expectPath(page, '/missing-email-confirmation');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    await shot(page, 'a-02-missing-email-confirmation');

    // The link of the mail the SMTP server received; the address is in German.
    const mail = await waitForMail(email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/);
    expect(mail.html).toContain('E-Mail-Adresse bestätigen');
    const link = linkIn(mail);
    expect(link.origin).toBe(appUrl);
    expect(link.pathname).toBe('/api/Auth/ConfirmEmail');

    // Resend is offered and counts down after a second mail went out.
    await page.getByTestId('resend-confirmation').click();
    await expect.poll(() => page.getByTestId('resend-confirmation').textContent()).toMatch(/Erneut senden in \d+ s/);
    await expect.poll(() => page.getByTestId('resend-confirmation').isDisabled()).toBe(true);
    const fresh = await waitForMail(email, /Bitte bestätigen/, 1);
    await shot(page, 'a-03-resend-countdown');

    // The first link was replaced by the resend: it says so.
    await page.goto(link.toString());
    await expectPath(page, '/email-confirmation');
    expect(new URL(page.url()).searchParams.get('status')).toBe('replaced');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ein neuerer Bestätigungslink wurde gesendet');
    await shot(page, 'a-04-email-confirmation-replaced');

    await page.goto(linkIn(fresh).toString());
    await expectPath(page, '/email-confirmed');
    await shot(page, 'a-05-email-confirmed');
    await page.getByRole('button', { name: 'Weiter' }).click();

    await expectPath(page, '/');
    // A new firm: the Owner is asked for name, company and rate once.
    await shot(page, 'a-06-onboarding');
    await answerOnboarding(page, { firstName: 'Greta', lastName: 'Gründer' });
    await page.getByText('Greta Gründer').first().waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    await shot(page, 'a-06-dashboard');

    await logOut(page);
    await signInWithPassword(page, email, PASSWORD);
    await expectPath(page, '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    await context.close();
  });

  it('refuses wrong credentials with one generic message and keeps the return url', async () => {
    const account = await seedAccount({ prefix: 'return' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${appUrl}/materiallist`);
    await expectPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/materiallist');
    await field(page, 'E-Mail oder Benutzername').fill(account.email);
    await field(page, 'Passwort').fill('falsch-falsch');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByText('E-Mail-Adresse oder Passwort ist falsch.').first().waitFor();
    await shot(page, 'login-wrong-password');
    await field(page, 'Passwort').fill(account.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expectPath(page, '/materiallist');
    await context.close();
  });

  it('b. resets a forgotten password through the mail and signs in with the new one', async () => {
    const account = await seedAccount({ prefix: 'vergesslich' });
    const context = await newContext(browser);
    const page = await context.newPage();
    const before = (await mailsTo(account.email)).length;

    await page.goto(`${appUrl}/login`);
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expectPath(page, '/password-recovery');
    await field(page, 'E-Mail').fill(account.email);
    await page.getByRole('button', { name: 'Link senden' }).click();
    await page.getByRole('heading', { name: 'Sehen Sie in Ihr Postfach' }).waitFor();
    await shot(page, 'b-01-password-recovery-sent');

    const mail = await waitForMail(account.email, /Passwort zurücksetzen/, before);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/password-reset');
    await page.goto(link.toString());
    const newPassword = 'Neues-Passwort-Werkbank-7';
    await field(page, 'Neues Passwort').fill(newPassword);
    await field(page, 'Neues Passwort bestätigen').fill('etwas-anderes-123');
    await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
    await page.getByText('Die Passwörter müssen übereinstimmen.').waitFor();
    await field(page, 'Neues Passwort bestätigen').fill(newPassword);
    await shot(page, 'b-02-password-reset-form');
    await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
    await page.getByRole('heading', { name: 'Ihr Passwort ist geändert' }).waitFor();
    await shot(page, 'b-03-password-reset-done');

    // The link works once.
    await page.goto(link.toString());
    await field(page, 'Neues Passwort').fill('Noch-ein-Passwort-99');
    await field(page, 'Neues Passwort bestätigen').fill('Noch-ein-Passwort-99');
    await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
    await page.getByRole('heading', { name: 'Dieser Link ist ungültig' }).waitFor();
    await shot(page, 'b-04-password-reset-used');

    await signInWithPassword(page, account.email, account.password);
    await page.getByText('E-Mail-Adresse oder Passwort ist falsch.').first().waitFor();
    await signInWithPassword(page, account.email, newPassword);
    await expectPath(page, '/');
    await context.close();
  });

  it('c. registers a passkey on /account and signs in with it (virtual authenticator)', async () => {
    const account = await seedAccount({ prefix: 'passkey' });
    const context = await newContext(browser);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    await signInWithPassword(page, account.email, account.password);
    await expectPath(page, '/');
    await answerOnboarding(page, 'later');
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await expectPath(page, '/account');
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    await page.getByText('Noch keine Passkeys.').waitFor();

    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passkey hinzufügen' });
    await dialog.getByLabel(/^Gerätename/).fill('Werkstatt-Laptop');
    await shot(page, 'c-01-add-passkey-dialog', false);
    await dialog.getByRole('button', { name: 'Passkey erstellen' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Werkstatt-Laptop' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await shot(page, 'c-02-account-with-passkey');

    // The same authenticator again: the browser refuses ("passkey exists").
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await page.getByRole('dialog', { name: 'Passkey hinzufügen' }).getByRole('button', { name: 'Passkey erstellen' }).click();
    await page.getByText('Für dieses Gerät gibt es bereits einen Passkey.').waitFor();
    await page.getByRole('dialog', { name: 'Passkey hinzufügen' }).getByRole('button', { name: 'Abbrechen' }).click();

    await logOut(page);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await expectPath(page, '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');

    // The passkey shows its last use; deleting asks first.
    await page.goto(`${appUrl}/account`);
    const row = page.getByRole('listitem').filter({ hasText: 'Werkstatt-Laptop' });
    await expect.poll(() => row.textContent()).not.toContain('zuletzt benutzt nie');
    await row.getByRole('button', { name: /löschen/ }).click();
    await page.getByRole('dialog', { name: 'Passkey löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Noch keine Passkeys.').waitFor();
    await context.close();
  });

  it('signs up with a passkey instead of a password and signs in with it again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const email = uniqueEmail('ohne.passwort');
    await page.goto(`${appUrl}/register`);
    await field(page, 'E-Mail').fill(email);
    await page.getByRole('button', { name: 'Mit Passkey registrieren' }).click();
    await page.getByText('Bitte akzeptieren Sie die Nutzungsbedingungen.').waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mit Passkey registrieren' }).click();
    await expectPath(page, '/missing-email-confirmation');
    await waitForMail(email, /Bitte bestätigen/);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expectPath(page, '/login');
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await expectPath(page, '/missing-email-confirmation');
    await context.close();
  });

  it('d. signs in with Google (local key set), accepts the terms and lands on the dashboard', async () => {
    const suffix = Date.now().toString(36);
    const email = `lena.huber.${suffix}@gmail.com`;
    await fetch(`${controlUrl}/google/identity`, {
      method: 'POST',
      body: JSON.stringify({ sub: `google-${suffix}`, email, given_name: 'Lena', family_name: 'Huber' }),
    });
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    await shot(page, 'd-01-login-with-google');
    await page.getByRole('button', { name: 'Weiter mit Google' }).click();

    // The fake provider answers at once and sends the browser back to /login-success.
    await expectPath(page, '/terms-confirmation');
    expect(page.url()).not.toContain('id_token');
    await page.getByRole('heading', { name: 'Nutzungsbedingungen akzeptieren' }).waitFor();
    await page.getByText('§ 1 Geltungsbereich').first().waitFor();
    await shot(page, 'd-02-terms-confirmation');

    await page.getByRole('button', { name: 'Akzeptieren und weiter' }).click();
    await page.getByText('Bitte akzeptieren Sie die Nutzungsbedingungen und die Datenschutzhinweise, um fortzufahren.').waitFor();
    await page.getByLabel('Ich akzeptiere die Nutzungsbedingungen.').check();
    await page.getByLabel(/Ich habe die Datenschutzhinweise gelesen/).check();
    await page.getByLabel(/Standort beim Starten und Stoppen/).check();
    await page.getByRole('button', { name: 'Akzeptieren und weiter' }).click();

    await expectPath(page, '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    await expect.poll(() => page.getByRole('button', { name: 'Benutzermenü' }).textContent()).toContain('Lena Huber');
    await shot(page, 'd-03-dashboard-after-google');
    await context.close();
  });

  it('rejects a Google answer with a forged state', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    await page.evaluate(() =>
      sessionStorage.setItem('fieldbook-external-login', JSON.stringify({ provider: 'google', state: 'expected', nonce: 'n' })),
    );
    await page.goto(`${appUrl}/login-success#id_token=a.b.c&state=forged`);
    await page.getByRole('heading', { name: 'Die Anmeldung mit Google ist fehlgeschlagen.' }).waitFor();
    await shot(page, 'login-success-failed');
    await context.close();
  });

  it('f. an invited Employee sets a password, accepts the terms without tenant consents and starts at the customers', async () => {
    const owner = await seedAccount({ prefix: 'chefin' });
    const email = uniqueEmail('geselle');
    await apiAs(owner, 'POST', '/api/Users/Invite', { email, firstName: 'Jonas', lastName: 'Weber', role: 'Employee', language: 'de' });
    const link = linkIn(await waitForMail(email, /lädt Sie zu Fieldbook ein/));
    expect(link.pathname).toBe('/set-password');

    const context = await newContext(browser, { viewport: 'phone' });
    const page = await context.newPage();
    await page.goto(link.toString());
    await page.getByRole('heading', { name: 'Konto aktivieren' }).waitFor();
    await field(page, 'Neues Passwort').fill('Werkzeugkoffer-77-Jonas');
    await field(page, 'Neues Passwort bestätigen').fill('Werkzeugkoffer-77-Jonas');
    await shot(page, 'f-01-set-password-phone');
    await page.getByRole('button', { name: 'Aktivieren und anmelden' }).click();

    await expectPath(page, '/terms-confirmation');
    await page.getByRole('heading', { name: 'Nutzungsbedingungen akzeptieren' }).waitFor();
    expect(await page.getByText('Optional, für Ihre ganze Firma').count()).toBe(0);
    await page.getByLabel('Ich akzeptiere die Nutzungsbedingungen.').check();
    await page.getByLabel(/Ich habe die Datenschutzhinweise gelesen/).check();
    await shot(page, 'f-02-terms-employee-phone');
    await page.getByRole('button', { name: 'Akzeptieren und weiter' }).click();

    // No dashboard for an Employee.
    await expectPath(page, '/customerlist');
    await page.goto(`${appUrl}/`);
    await expectPath(page, '/customerlist');
    await context.close();
  });
});
