/**
 * AI and voice in Chromium with a fake microphone that speaks a dictation (a WAV made with
 * espeak-ng, played by `--use-file-for-fake-audio-capture`), against the real server and a local
 * fake of the OpenAI-compatible API (fixed transcript and proposals: tests/support/fake-openai.ts).
 *
 * On a phone: dictate on a customer, see the proposed time entry and materials matched against the
 * firm's products, drop one and save the others; dictate into a note and a material. Without the firm's consent
 * the microphone explains why and links to the consent. The back office summarises a period.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSCRIPT } from '../support/fake-openai';
import { axeViolations, blocking } from './axe';
import { launchBrowser, newContext } from './browser';
import { apiAs, appUrl, seedAccount, shot, signInContext, type SeededAccount } from './journey';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: SeededAccount;
let customerId: string;
let wavDir: string;

beforeAll(async () => {
  // The dictation, spoken: what the microphone hears (the fake service answers its fixed transcript).
  wavDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-voice-'));
  const wav = path.join(wavDir, 'dictation.wav');
  execFileSync('espeak-ng', ['-v', 'de', '-s', '150', '-w', wav, DEFAULT_TRANSCRIPT]);
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`]);
  owner = await seedAccount({ prefix: 'diktat' });
  await apiAs(owner, 'POST', '/api/Management/UpdateTenantConsent', { purpose: 'ai', granted: true });
  await apiAs(owner, 'POST', '/api/Products/Create', { name: 'Fliese 30x60 anthrazit', unit: 'Stk', netPrice: 4.2, vatRate: 19 });
  await apiAs(owner, 'POST', '/api/Products/Create', { name: 'Fliesenkleber flexibel 25 kg', unit: 'Sack', netPrice: 18.9, vatRate: 19 });
  customerId = ((await apiAs(owner, 'POST', '/api/Customers/Create', { companyName: 'Familie Schmidt', city: 'Freising', country: 'DE' })) as { id: string }).id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  fs.rmSync(wavDir, { recursive: true, force: true });
});

async function open(account: SeededAccount, viewport: 'phone' | 'desktop' = 'phone', lang: 'de' | 'en' = 'de') {
  await context?.close();
  context = await newContext(browser, { viewport, ...(lang === 'en' ? { locale: 'en-GB', colorScheme: 'dark' as const } : {}) });
  await context.grantPermissions(['microphone'], { origin: new URL(appUrl).origin });
  await signInContext(context, account, lang);
  page = await context.newPage();
}

/** Records for a moment with the fake microphone, watching the level and the time run. */
async function record(scope: ReturnType<Page['getByRole']>) {
  await scope.getByRole('button', { name: 'Diktieren' }).click();
  const recording = page.getByTestId('dictation-recording');
  await recording.waitFor();
  await recording.getByText(/^0:0[2-9] \/ 2:00$/).waitFor({ timeout: 10_000 });
  const level = Number(await recording.getByRole('progressbar', { name: 'Eingangspegel' }).getAttribute('aria-valuenow'));
  expect(level, 'the microphone level moves').toBeGreaterThan(0);
  await shot(page, 'ai-recording-phone', false);
  await recording.getByRole('button', { name: 'Beenden und Text einfügen' }).click();
}

describe('dictation on the phone', () => {
  it('sorts a spoken dictation into proposed entries; the user drops one and saves the others', async () => {
    await open(owner);
    await page.goto(`${appUrl}/customer/${customerId}`);
    await page.getByRole('heading', { name: 'Familie Schmidt' }).waitFor();
    await page.getByRole('button', { name: 'Diktat', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Einträge diktieren' });
    await dialog.waitFor();
    await record(dialog);
    await expect.poll(() => dialog.getByLabel('Diktat').inputValue(), { timeout: 15_000 }).toBe(DEFAULT_TRANSCRIPT);

    await dialog.getByRole('button', { name: 'Einträge vorschlagen' }).click();
    const time = dialog.getByTestId('proposed-time');
    await time.waitFor();
    expect(await time.getByLabel('Stunden').inputValue()).toBe('2');
    expect(await time.getByLabel('Was wurde gemacht').inputValue()).toBe('Fliesen im Bad verlegt');
    const materials = dialog.getByTestId('proposed-material');
    expect(await materials.count()).toBe(2);
    await materials.nth(0).getByText('Fliese 30x60 anthrazit').waitFor();
    await materials.nth(0).getByText('Ähnliches Produkt').waitFor();
    expect(await materials.nth(0).getByLabel('Menge').inputValue()).toBe('12');
    await materials.nth(1).getByText('Fliesenkleber flexibel 25 kg').waitFor();
    await shot(page, 'ai-proposals-phone');
    // The proposals are readable and named for everyone (axe: no critical, serious or landmark violation).
    await page.waitForFunction(() => [...document.querySelectorAll('.mantine-Modal-content')].every((e) => getComputedStyle(e).opacity === '1'));
    expect(blocking(await axeViolations(page)).map((v) => `${v.id}: ${v.targets.join(' | ')}`)).toEqual([]);

    // The glue is dropped; time and tiles are saved as ordinary entries of the customer.
    await materials.nth(1).getByRole('checkbox').uncheck();
    await dialog.getByRole('button', { name: '2 Einträge speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('2 Einträge gespeichert.').waitFor();
    const entries = (await apiAs(owner, 'GET', `/api/CustomerActivities/ByCustomer?customerId=${customerId}&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true`)) as {
      items: { kind: string; title: string | null; text: string | null; quantity: number | null; durationSeconds: number | null }[];
    };
    const saved = JSON.stringify(entries.items);
    expect(entries.items).toHaveLength(2);
    expect(entries.items.find((e) => e.durationSeconds === 7200)?.text).toBe('Fliesen im Bad verlegt');
    expect(saved).toContain('Fliese 30x60 anthrazit');
    expect(saved).not.toContain('Fliesenkleber');
  });

  it('dictates into a note, which the user can still edit before saving', async () => {
    await open(owner);
    await page.goto(`${appUrl}/customer/${customerId}`);
    await page.getByRole('button', { name: 'Notiz', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Notiz' });
    await dialog.getByLabel('Notiz').fill('Vorab:');
    await record(dialog);
    await expect.poll(() => dialog.getByLabel('Notiz').inputValue(), { timeout: 15_000 }).toBe(`Vorab: ${DEFAULT_TRANSCRIPT}`);
  });

  it('dictates a material, found in the catalogue with its quantity', async () => {
    await open(owner);
    await page.goto(`${appUrl}/customer/${customerId}`);
    await page.getByRole('button', { name: 'Material', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Material erfassen' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Material diktieren' }).click();
    const recording = page.getByTestId('dictation-recording');
    await recording.getByText(/^0:0[1-9] \/ 2:00$/).waitFor({ timeout: 10_000 });
    await recording.getByRole('button', { name: 'Beenden und Text einfügen' }).click();
    await expect.poll(() => dialog.getByLabel('Menge').inputValue(), { timeout: 15_000 }).toBe('12');
    expect(await dialog.getByLabel('Produkt', { exact: true }).and(dialog.locator('input:not([type=hidden])')).inputValue()).toContain('Fliese 30x60 anthrazit');
    expect(await dialog.getByLabel('Einheit').inputValue()).toBe('Stk');
    await shot(page, 'ai-material-phone', false);
  });

  it('explains the missing consent and links to it instead of recording', async () => {
    const newcomer = await seedAccount({ prefix: 'ohne.ki' });
    const customer = (await apiAs(newcomer, 'POST', '/api/Customers/Create', { companyName: 'Kita Sonnenschein', country: 'DE' })) as { id: string };
    await open(newcomer);
    await page.goto(`${appUrl}/customer/${customer.id}`);
    await page.getByRole('button', { name: 'Notiz', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Notiz' });
    await dialog.getByRole('button', { name: 'Diktieren' }).click();
    const notice = page.getByTestId('ai-consent-notice');
    await notice.waitFor();
    await shot(page, 'ai-consent-missing-phone', false);
    expect(await notice.getByRole('link', { name: 'Einwilligung im Firmenprofil erteilen' }).getAttribute('href')).toBe('/profile?tab=3');
    expect(await page.getByTestId('dictation-recording').count()).toBe(0);
  });
});

describe('in English', () => {
  it('proposes entries from a typed dictation, in English and dark', async () => {
    await open(owner, 'phone', 'en');
    await page.goto(`${appUrl}/customer/${customerId}`);
    await page.getByRole('button', { name: 'Dictation', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Dictate entries' });
    await dialog.getByLabel('Dictation').fill('Two hours tiling in the bathroom, used 12 tiles 30 by 60 and a bag of adhesive');
    await dialog.getByRole('button', { name: 'Propose entries' }).click();
    await dialog.getByTestId('proposed-time').waitFor();
    await dialog.getByText('Similar product').first().waitFor();
    await dialog.getByRole('button', { name: 'Save 3 entries' }).waitFor();
    await shot(page, 'ai-proposals-en-phone-dark', false);
  });
});

describe('summaries', () => {
  it('summarises the customer\'s month for the back office, to copy', async () => {
    await open(owner, 'desktop');
    await page.goto(`${appUrl}/customer/${customerId}`);
    await page.getByRole('button', { name: 'Zusammenfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zusammenfassung des Zeitraums' });
    await dialog.getByRole('button', { name: 'Zusammenfassen' }).click();
    const summary = dialog.getByTestId('ai-summary');
    await summary.waitFor();
    expect(await summary.getByLabel('Vorgeschlagener Titel').inputValue()).toBe('Arbeiten im Zeitraum');
    await summary.getByText(/Aus \d+ Einträgen erstellt/).waitFor();
    expect(blocking(await axeViolations(page)).map((v) => `${v.id}: ${v.targets.join(' | ')}`)).toEqual([]);
    await shot(page, 'ai-summary-desktop', false);
  });
});
