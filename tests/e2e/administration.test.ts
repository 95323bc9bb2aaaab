/**
 * Firm administration in Chromium, as a new firm does it: the Owner answers the first-run dialog
 * (company, name, rate), fills the company profile, invites an Employee from the Members tab; the
 * Employee opens the mailed link (read from the SMTP sink), sets a password, accepts the terms, and
 * then sees only what an Employee may: no dashboard, no translations, no member management.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { appUrl, expectPath, field, linkIn, seedAccount, shot, signInContext, uniqueEmail, waitForMail } from './journey';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('firm administration', () => {
  it('onboards the Owner, fills the company profile, invites an Employee who then sees only an Employee\'s screens', async () => {
    const owner = await seedAccount({ prefix: 'verwaltung' });
    const context = await newContext(browser, { viewport: 'desktop' });
    await signInContext(context, owner, 'de', { onboarding: true });
    const page = await context.newPage();

    // First run: the dialog asks for company, name and rate.
    await page.goto(`${appUrl}/customerlist`);
    const welcome = page.getByRole('dialog', { name: 'Willkommen bei Fieldbook' });
    await welcome.waitFor();
    await shot(page, 'administration-onboarding-de-desktop', false);
    await welcome.getByLabel(/^Firmenname/).fill('Elektro Vogt GmbH');
    await welcome.getByLabel(/^Vorname/).fill('Clara');
    await welcome.getByLabel(/^Nachname/).fill('Vogt');
    await welcome.getByLabel(/^Standard-Stundensatz/).fill('72,50');
    await welcome.getByRole('button', { name: "Los geht's" }).click();
    await welcome.waitFor({ state: 'hidden' });
    await page.getByText('Clara Vogt').first().waitFor();

    // The company profile.
    await page.goto(`${appUrl}/profile?tab=0`);
    await field(page, 'IBAN').fill('DE89 3704 0044 0532 0130 00');
    await field(page, 'USt-IdNr.').fill('DE123456789');
    await field(page, 'Straße und Hausnummer').fill('Lindenweg 4');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByText('Die Firmendaten wurden gespeichert.').waitFor();
    await expect.poll(() => field(page, 'Standard-Stundensatz (netto)').inputValue()).toContain('72,5');
    await shot(page, 'administration-company-de-desktop');

    // A wrong IBAN is refused at the field.
    await field(page, 'IBAN').fill('DE89 3704 0044 0532 0130 01');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByText('Die IBAN ist ungültig (Prüfziffern).').waitFor();

    // Invite an Employee.
    await page.goto(`${appUrl}/profile?tab=1`);
    await page.getByRole('button', { name: 'Mitarbeiter einladen' }).click();
    const invite = page.getByRole('dialog', { name: 'Mitarbeiter einladen' });
    const email = uniqueEmail('monteur');
    await invite.getByLabel(/^Vorname/).fill('Timo');
    await invite.getByLabel(/^Nachname/).fill('Brandt');
    await invite.getByLabel(/^E-Mail/).fill(email);
    await invite.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText(`Einladung an ${email} gesendet.`).waitFor();
    const table = page.getByRole('table', { name: 'Mitarbeiter' });
    await table.getByText('Timo Brandt').waitFor();
    await table.getByText('Eingeladen').waitFor();
    await shot(page, 'administration-members-de-desktop');
    await context.close();

    // The Employee opens the mail, sets the password and accepts the terms.
    const link = linkIn(await waitForMail(email, /lädt Sie zu Fieldbook ein/));
    expect(link.pathname).toBe('/set-password');
    const phone = await newContext(browser, { viewport: 'phone' });
    const employee = await phone.newPage();
    await employee.goto(link.toString());
    await field(employee, 'Neues Passwort').fill('Kabeltrommel-2026-Timo');
    await field(employee, 'Neues Passwort bestätigen').fill('Kabeltrommel-2026-Timo');
    await employee.getByRole('button', { name: 'Aktivieren und anmelden' }).click();
    await expectPath(employee, '/terms-confirmation');
    await employee.getByLabel('Ich akzeptiere die Nutzungsbedingungen.').check();
    await employee.getByLabel(/Ich habe die Datenschutzhinweise gelesen/).check();
    await employee.getByRole('button', { name: 'Akzeptieren und weiter' }).click();
    await expectPath(employee, '/customerlist');

    // What an Employee sees: no dashboard, no translations; members are the office's.
    await employee.getByRole('button', { name: /Menü|Navigation/ }).first().click();
    await employee.getByRole('link', { name: 'Kunden' }).first().waitFor();
    expect(await employee.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(0);
    expect(await employee.getByRole('link', { name: 'Übersetzungen', exact: true }).count()).toBe(0);
    await employee.goto(`${appUrl}/profile?tab=1`);
    await employee.getByText('Mitarbeiter verwaltet das Büro').waitFor();
    await employee.goto(`${appUrl}/profile?tab=0`);
    await expect.poll(() => field(employee, 'IBAN').isDisabled()).toBe(true);
    await shot(employee, 'administration-company-employee-de-phone');
    await phone.close();
  });
});
