/**
 * e. One journey in English on a phone-sized window (390 × 844): switch the language on the
 * sign-in screen, sign up, read the English mail, confirm, then use the account page through
 * the phone menu: name, language, sessions, logout.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { PASSWORD, answerOnboarding, appUrl, expectPath, field, linkIn, shot, uniqueEmail, waitForMail } from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('in English on a phone', () => {
  it('e. signs up, confirms, edits the account and ends the session', async () => {
    const context = await newContext(browser, { viewport: 'phone', locale: 'en-GB', colorScheme: 'dark' });
    const page = await context.newPage();
    const email = uniqueEmail('sam.tiler');

    await page.goto(`${appUrl}/register`);
    await page.getByRole('button', { name: /Sprache: Deutsch/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('tab', { name: 'Register' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    // Client-side messages of the sign-in and registration forms.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Terms must be accepted').waitFor();
    expect(await page.getByText('Email and password are required').count()).toBe(2);

    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('short');
    await page.getByText('Strength: Weak').waitFor();
    await field(page, 'Password').fill(PASSWORD);
    await page.getByText('Strength: Strong').waitFor();
    await page.getByRole('button', { name: 'Toggle password visibility' }).first().click();
    expect(await field(page, 'Password').getAttribute('type')).toBe('text');
    await page.getByRole('checkbox').check();
    await shot(page, 'e-01-register-en-phone-dark');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expectPath(page, '/missing-email-confirmation');
    await page.getByRole('heading', { name: 'Please confirm your email address' }).waitFor();
    await shot(page, 'e-02-missing-email-en-phone-dark');

    // The mail is in the account's language.
    const mail = await waitForMail(email, /Confirm your e-mail address/);
    await page.goto(linkIn(mail).toString());
    await expectPath(page, '/email-confirmed');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/');
    await answerOnboarding(page, 'later', 'en');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The phone menu, then the account page through the user menu.
    await page.getByRole('button', { name: 'Show menu' }).click();
    await page.getByRole('link', { name: 'Customers' }).click();
    await expectPath(page, '/customerlist');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expectPath(page, '/account');
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();

    await field(page, 'First name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('First name is required').waitFor();
    await field(page, 'First name').fill('Sam');
    await field(page, 'Last name').fill('Tiler');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your details are saved.').waitFor();

    // The password change refuses the same password and a wrong confirmation.
    await field(page, 'Current password').fill(PASSWORD);
    await field(page, 'New password').fill(PASSWORD);
    await field(page, 'Confirm the new password').fill('something-else');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The new password must differ from the old one.').waitFor();
    await page.getByText('Passwords must match').waitFor();
    await field(page, 'New password').fill('Tiles-and-Grout-2026');
    await field(page, 'Confirm the new password').fill('Tiles-and-Grout-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. Your other devices were signed out.').waitFor();

    await page.getByTestId('current-session').getByText('This device').waitFor();
    await shot(page, 'e-03-account-en-phone-dark');

    // Switching the language on the account switches the app.
    await field(page, 'Language').first().click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mein Konto' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    // Ending the current session is a logout.
    await page.getByRole('button', { name: 'Auf diesem Gerät abmelden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Abmelden' }).click();
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('fieldbook-session'))).toBeNull();
    await shot(page, 'e-04-login-after-logout-phone-dark');
    await context.close();
  });
});
