/**
 * Helpers of the end-to-end journeys: the app's address, the mails the local SMTP sink received,
 * accounts seeded through the API (the front door), sessions written into a browser context the
 * way the app stores them, screenshots.
 */
import crypto from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { screenshotPath } from './browser';

export const appUrl = inject('appUrl');
export const controlUrl = inject('controlUrl');

export const PASSWORD = 'Sonnenblume-Kabel-42';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@elektro-schneider.de`;
}

export interface ReceivedMail {
  id: number;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${controlUrl}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for the next mail to the address whose subject matches (newer than `after` mails). */
export async function waitForMail(address: string, subject: RegExp, after = 0, timeoutMs = 15_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailsTo(address)).slice(after).filter((m) => subject.test(m.subject));
    if (mails.length) return mails[mails.length - 1];
    if (Date.now() > until) throw new Error(`no mail to ${address} with subject ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link of the mail's plain text. */
export function linkIn(mail: ReceivedMail): URL {
  const url = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in mail "${mail.subject}"`);
  return new URL(url);
}

export function newDeviceId(): string {
  return `backoffice_${crypto.randomUUID()}`;
}

export interface SeededAccount {
  email: string;
  password: string;
  deviceId: string;
  session: Record<string, unknown> & { token: string; refreshToken: string; id: string };
}

async function api(method: string, path: string, deviceId: string, body?: unknown, token?: string) {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Device-Id': deviceId,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: unknown };
  expect(response.ok, `${response.status} ${JSON.stringify(json)}`).toBe(true);
  return json.data;
}

/**
 * Signs up through the API; with `confirm` the mailed link is opened (as the user would) and the
 * session renewed, so it says the email is confirmed.
 */
export async function seedAccount(
  options: { prefix?: string; language?: 'de' | 'en'; confirm?: boolean } = {},
): Promise<SeededAccount> {
  const email = uniqueEmail(options.prefix ?? 'seed');
  const deviceId = newDeviceId();
  let session = (await api('POST', '/api/Auth/SignUp', deviceId, {
    email,
    password: PASSWORD,
    tenantName: email.split('@')[0].replace(/[^\p{L}\p{N}]/gu, ''),
    termsConfirmed: true,
    language: options.language ?? 'de',
  })) as SeededAccount['session'];
  if (options.confirm !== false) {
    const mail = await waitForMail(email, /bestätigen|confirm/i);
    const confirmed = await fetch(linkIn(mail), { redirect: 'manual' });
    expect(confirmed.headers.get('location')).toBe('/email-confirmed');
    session = (await api('POST', '/api/Auth/RefreshToken', deviceId, { token: session.refreshToken })) as SeededAccount['session'];
  }
  return { email, password: PASSWORD, deviceId, session };
}

/** Calls the API as the seeded account (its device and token). */
export function apiAs(account: SeededAccount, method: string, path: string, body?: unknown) {
  return api(method, path, account.deviceId, body, account.session.token);
}

/** Sends a multipart form (an upload) as the seeded account; it must succeed. */
export async function postFormAs(account: SeededAccount, path: string, form: FormData) {
  const response = await fetch(`${appUrl}${path}`, {
    method: 'POST',
    headers: { 'X-Device-Id': account.deviceId, Authorization: `Bearer ${account.session.token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

export type MemberRole = 'Admin' | 'Manager' | 'Employee';

/** An invited member who set a password and accepted the terms, as the invitation mail leads. */
export async function inviteMember(owner: SeededAccount, role: MemberRole, firstName: string, lastName: string): Promise<SeededAccount> {
  const email = uniqueEmail(`${role.toLowerCase()}.${firstName.toLowerCase().replace(/[^a-z]/g, '')}`);
  await apiAs(owner, 'POST', '/api/Users/Invite', { email, firstName, lastName, role, language: 'de' });
  const link = linkIn(await waitForMail(email, /lädt Sie zu Fieldbook ein/));
  const deviceId = newDeviceId();
  const activated = (await api('POST', '/api/Users/SetPassword', deviceId, {
    userId: link.searchParams.get('userId'),
    token: link.searchParams.get('token'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
  })) as SeededAccount['session'];
  const account: SeededAccount = { email, password: PASSWORD, deviceId, session: activated };
  const confirmed = (await apiAs(account, 'POST', '/api/Auth/ConfirmTerms', { consents: ['terms', 'privacy'] })) as SeededAccount['session'];
  return { ...account, session: confirmed };
}

/** A customer's fields for `POST /api/Customers/Create`; the name alone makes one in Garching. */
export type CustomerSeed = string | ({ companyName: string } & Record<string, unknown>);

export interface SeededCustomer {
  id: string;
  name: string;
}

export async function createCustomer(account: SeededAccount, seed: CustomerSeed): Promise<SeededCustomer> {
  const fields = typeof seed === 'string' ? { companyName: seed, street: 'Hauptstraße 5', zip: '85748', city: 'Garching', country: 'DE' } : { country: 'DE', ...seed };
  const created = (await apiAs(account, 'POST', '/api/Customers/Create', fields)) as { id: string };
  return { id: created.id, name: fields.companyName };
}

export interface SeededFirm {
  owner: SeededAccount;
  /** The invited members by role, each signed in with a password and the terms accepted. */
  members: Partial<Record<MemberRole, SeededAccount>>;
  customers: SeededCustomer[];
}

/**
 * A firm through the front door in one call: an Owner who signed up (address confirmed, name set
 * when given), invited members, and customers. Every part can be left out or overridden.
 */
export async function seedFirm(
  options: {
    prefix?: string;
    language?: 'de' | 'en';
    owner?: { firstName: string; lastName: string };
    members?: { role: MemberRole; firstName: string; lastName: string }[];
    customers?: CustomerSeed[];
  } = {},
): Promise<SeededFirm> {
  const owner = await seedAccount({ prefix: options.prefix, language: options.language });
  if (options.owner) await apiAs(owner, 'PUT', '/api/Users/UpdateMe', options.owner);
  const members: SeededFirm['members'] = {};
  for (const member of options.members ?? []) members[member.role] = await inviteMember(owner, member.role, member.firstName, member.lastName);
  const customers: SeededCustomer[] = [];
  for (const seed of options.customers ?? []) customers.push(await createCustomer(owner, seed));
  return { owner, members, customers };
}

/** A firm's letterhead that an invoice and an e-invoice need (`PUT /api/Management/UpdateTenant`). */
const invoicingProfile = {
  name: 'Elektro Schneider',
  companyName: 'Elektro Schneider GmbH',
  street: 'Werkstattweg 3',
  zip: '80331',
  city: 'München',
  country: 'DE',
  phone: '+49 89 1234567',
  email: 'info@elektro-schneider.de',
  website: null,
  vatId: 'DE123456789',
  taxNumber: '143/123/45678',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bankName: 'Stadtsparkasse',
  defaultHourlyRate: 60,
  smallBusiness: false,
  invoiceLanguage: 'de',
  timeZone: 'Europe/Berlin',
  dailyTargetMinutes: 480,
};

/** Completes the firm's profile for invoicing; `over` changes single fields (name, VAT id …). */
export function completeProfile(account: SeededAccount, over: Partial<Record<keyof typeof invoicingProfile, unknown>> = {}) {
  return apiAs(account, 'PUT', '/api/Management/UpdateTenant', { ...invoicingProfile, ...over });
}

/**
 * Writes the account's session into the browser's storage before the app starts. The first-run
 * dialog of a new firm is put off ("later") unless `onboarding` asks for it.
 */
export async function signInContext(context: BrowserContext, account: SeededAccount, locale: 'de' | 'en' = 'de', options: { onboarding?: boolean } = {}) {
  const s = account.session as Record<string, unknown>;
  const stored = {
    token: s.token,
    refreshToken: s.refreshToken,
    userId: s.id,
    userName: s.userName,
    userEmail: s.email,
    emailConfirmed: s.emailConfirmed,
    isMaster: s.isMaster,
    firstName: s.firstName,
    lastName: s.lastName,
    showMenu: true,
  };
  await context.addInitScript(
    ({ session, deviceId, lang, later }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('fieldbook-session', JSON.stringify(session));
      localStorage.setItem('fieldbook-device-id', deviceId);
      localStorage.setItem('fieldbook-locale', lang);
      if (later) localStorage.setItem(`fieldbook-onboarding-later-${String(session.userId)}`, 'e2e');
    },
    { session: stored, deviceId: account.deviceId, lang: locale, later: !options.onboarding },
  );
}

/** The first-run dialog of a new firm: answered as a new Owner would, or put off ("later"). */
export async function answerOnboarding(
  page: Page,
  answer: { firstName: string; lastName: string; gps?: boolean; ai?: boolean } | 'later',
  lang: 'de' | 'en' = 'de',
) {
  const de = lang === 'de';
  const dialog = page.getByRole('dialog', { name: de ? 'Willkommen bei Fieldbook' : 'Welcome to Fieldbook' });
  await dialog.waitFor();
  if (answer === 'later') {
    await dialog.getByRole('button', { name: de ? 'Später' : 'Later' }).click();
  } else {
    await dialog.getByLabel(de ? /^Vorname/ : /^First name/).fill(answer.firstName);
    await dialog.getByLabel(de ? /^Nachname/ : /^Last name/).fill(answer.lastName);
    await dialog.getByRole('button', { name: de ? "Los geht's" : 'Get started' }).click();
    // Then the optional consents (location stamps, AI): granted as asked, else declined.
    const consents = page.getByRole('dialog', { name: de ? 'Standort und KI' : 'Location and AI' });
    await consents.waitFor();
    if (answer.gps) await consents.getByText(de ? 'Standort bei Start und Stopp erfassen' : 'Record the location at start and stop').click();
    if (answer.ai) await consents.getByText(de ? 'KI-Funktionen nutzen' : 'Use AI features').click();
    const finish = answer.gps || answer.ai ? (de ? 'Speichern und abschließen' : 'Save and finish') : de ? 'Ohne diese Funktionen abschließen' : 'Finish without these features';
    await consents.getByRole('button', { name: finish }).click();
    await consents.waitFor({ state: 'hidden' });
  }
  await dialog.waitFor({ state: 'hidden' });
}

/** Keeps a screenshot in test-results/e2e/. */
export async function shot(page: Page, name: string, fullPage = true) {
  // Let transitions and toasts settle.
  await page.waitForTimeout(350);
  await page.screenshot({ path: screenshotPath(name), fullPage });
}

/** Resolves when the page shows this path. */
export async function expectPath(page: Page, pathname: string, timeout = 15_000) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** A form field by its label, with or without the required asterisk Mantine adds. */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

/** The four looks every screen is checked in: desktop and phone, German light and English dark. */
export interface ScreenVariant {
  name: string;
  viewport: 'desktop' | 'phone';
  lang: 'de' | 'en';
  scheme: 'light' | 'dark';
}

export const screenVariants: ScreenVariant[] = [
  { name: 'desktop-de-light', viewport: 'desktop', lang: 'de', scheme: 'light' },
  { name: 'phone-de-light', viewport: 'phone', lang: 'de', scheme: 'light' },
  { name: 'desktop-en-dark', viewport: 'desktop', lang: 'en', scheme: 'dark' },
  { name: 'phone-en-dark', viewport: 'phone', lang: 'en', scheme: 'dark' },
];

/** The screen shows its main heading, the network is quiet, nothing is wider than the window; then the screenshot. */
export async function checkScreen(page: Page, file: string, heading?: string | RegExp) {
  await page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first().waitFor();
  await page.waitForLoadState('networkidle');
  // Against the window's size, not `innerWidth`: a phone browser widens its layout viewport to
  // content that does not fit, so `innerWidth` would grow with the very fault it should reveal.
  const width = page.viewportSize()?.width ?? 0;
  const overflow = await page.evaluate((w) => document.documentElement.scrollWidth - (w || window.innerWidth), width);
  expect(overflow, `${file} scrolls sideways`).toBeLessThanOrEqual(0);
  await shot(page, file);
}

/**
 * Records a note and a free-text material on the open customer's page by taps (the capture bar's
 * "Notiz" and "Material"), waiting until each dialog has closed; offline they join the queue.
 */
export async function captureNoteAndMaterial(page: Page) {
  await page.getByRole('button', { name: 'Notiz', exact: true }).click();
  const note = page.getByRole('dialog', { name: 'Neue Notiz' });
  await note.getByLabel('Notiz').fill('Zählerschrank ohne Platz für den FI.');
  await note.getByRole('button', { name: 'Speichern' }).click();
  await note.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Material', exact: true }).click();
  const material = page.getByRole('dialog', { name: 'Material erfassen' });
  await material.getByText('Freitext', { exact: true }).click();
  await material.getByLabel('Material', { exact: true }).fill('Kabelkanal 40×60');
  await material.getByLabel('Menge').fill('3');
  await material.getByLabel('Einheit').fill('m');
  await material.getByRole('button', { name: 'Speichern' }).click();
  await material.waitFor({ state: 'hidden' });
}
