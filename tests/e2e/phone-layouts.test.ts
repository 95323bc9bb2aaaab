/**
 * Every screen on a phone (390 × 844) for every role that can see it, with a firm's realistic
 * data: customers, notes, materials, times, a photo, a signed work confirmation, two running
 * customer timers and a working day with a break. On each screen nothing may scroll sideways:
 * the page is no wider than the phone, no element of the header or the content reaches past
 * its edges (unless it sits in a container that scrolls or clips it on purpose), no such
 * container hides a control (a tab, a timer's stop button) beyond its edge, and no chosen value,
 * read-only field or button cuts off its own text. All problems of a pass are
 * collected and reported together; screenshots are kept in test-results/e2e/phone/.
 *
 * One firm is seeded through the API (the front door) for the whole file: an Owner who signed
 * up and an Admin, a Manager and an Employee who were invited and set their passwords.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, viewports } from './browser';
import {
  apiAs,
  appUrl,
  controlUrl,
  postFormAs,
  expectPath,
  seedAccount,
  seedFirm,
  shot,
  signInContext,
  type SeededAccount,
} from './journey';

type Role = 'Owner' | 'Admin' | 'Manager' | 'Employee';
type Lang = 'de' | 'en';

let browser: Browser;
const members = {} as Record<Role, SeededAccount>;
let customerId: string;
let unconfirmed: SeededAccount;

async function photo(account: SeededAccount, customer: string, color: string) {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('customerId', customer);
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `IMG_${crypto.randomInt(1000, 9999)}.jpg`);
  await postFormAs(account, '/api/Images/UploadWorkDocImage', form);
}

async function signaturePng() {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="150"><path d="M10 120 C 80 10, 120 140, 200 60 S 320 20, 390 110" stroke="black" stroke-width="4" fill="none"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A member's day: clocked in, a short break, working again; two customer timers running. */
async function workingDay(account: SeededAccount, customers: string[]) {
  await apiAs(account, 'POST', '/api/UserTimeTracks/Start', {});
  await apiAs(account, 'POST', '/api/UserTimeTracks/AppendSegment', { kind: 'break' });
  await apiAs(account, 'POST', '/api/UserTimeTracks/AppendSegment', { kind: 'work' });
  await apiAs(account, 'POST', '/api/TimeTracks/Start', { customerId: customers[0], description: 'Unterverteilung im Keller gesetzt und Leitungen neu verlegt' });
  await apiAs(account, 'POST', '/api/TimeTracks/Start', { customerId: customers[1], description: 'Wallbox angeschlossen' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const firm = await seedFirm({
    prefix: 'phone.chefin',
    owner: { firstName: 'Katharina', lastName: 'Schneider-Wittenberg' },
    members: [
      { role: 'Admin', firstName: 'Anna', lastName: 'Bürokraft' },
      { role: 'Manager', firstName: 'Max', lastName: 'Meister' },
      { role: 'Employee', firstName: 'Jonas', lastName: 'Weber' },
    ],
    customers: ['Bäckerei Huber & Söhne Backwaren GmbH', 'Kita Sonnenschein', 'Autohaus Berger GmbH'].map((companyName) => ({
      companyName,
      firstName: 'Thomas',
      lastName: 'Huber',
      street: 'Hauptstraße 5',
      zip: '85748',
      city: 'Garching bei München',
      email: 'thomas.huber@baeckerei-huber.de',
      phone: '+49 89 1234567',
    })),
  });
  const owner = firm.owner;
  members.Owner = owner;
  Object.assign(members, firm.members);
  unconfirmed = await seedAccount({ prefix: 'phone.unconfirmed', confirm: false });
  const customers = firm.customers.map((c) => c.id);
  customerId = customers[0];
  const product = (await apiAs(owner, 'POST', '/api/Products/Create', {
    name: 'Fehlerstromschutzschalter 40A 4-polig Typ A',
    ean: '4006381333931',
    unit: 'Stk',
    netPrice: 38.9,
    vatRate: 19,
  })) as { id: string };
  await apiAs(owner, 'POST', '/api/Products/Create', { name: 'Kabel NYM-J 3x1,5 mm²', unit: 'm', netPrice: 0.89, vatRate: 19 });
  for (const account of [owner, members.Employee]) {
    await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'note', text: 'Zählerschrank hat keinen Platz für den FI. Kunde wünscht Angebot für eine neue Unterverteilung.' });
    await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'time', durationSeconds: 5400, text: 'Leitungen verlegt' });
    await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'material', productId: product.id, quantity: 2 });
    await apiAs(account, 'POST', '/api/Information/Create', { customerId, subType: 'material', text: 'Kabelkanal 40x60 weiß', quantity: 12.5, unit: 'm', unitPrice: 3.2, vatRate: 19 });
    await photo(account, customerId, '#c96f3b');
  }
  await photo(owner, customers[1], '#3b6fc9');
  const signature = new FormData();
  signature.append('customerId', customerId);
  signature.append('signee', 'Thomas Huber');
  signature.append('file', new Blob([new Uint8Array(await signaturePng())], { type: 'image/png' }), 'signature.png');
  await postFormAs(owner, '/api/WorkConfirmations', signature);
  for (const role of ['Owner', 'Admin', 'Manager', 'Employee'] as const) await workingDay(members[role], customers);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** What keeps the screen from fitting the phone: an empty list when it fits. */
function layoutProblems(page: Page): Promise<string[]> {
  // The phone's width, not `innerWidth`: a phone browser widens its layout viewport to content
  // that does not fit (and zooms out), so `innerWidth` grows with the fault it should reveal.
  return page.evaluate((width) => {
    const problems: string[] = [];
    const name = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).value ?? '';
      const text = (label || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 50);
      const cls = typeof el.className === 'string' ? el.className.split(' ').find((c) => c.startsWith('mantine-')) : undefined;
      return `<${el.tagName.toLowerCase()}${cls ? ` .${cls}` : ''}> "${text}"`;
    };
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    /** Whether a container between the element and the page scrolls or clips it and itself fits. */
    const contained = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const r = a.getBoundingClientRect();
        if (r.left >= -1 && r.right <= width + 1) return true;
      }
      return false;
    };
    const outside: Element[] = [];
    for (const el of document.querySelectorAll('header *, main *, footer *, [role="dialog"] *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if ((r.right > width + 1 || r.left < -1) && !contained(el)) outside.push(el);
    }
    // The outermost of each: its descendants stick out with it.
    for (const el of outside) {
      if (outside.some((other) => other !== el && other.contains(el))) continue;
      const r = el.getBoundingClientRect();
      problems.push(`${name(el)} reaches ${Math.round(r.left)}..${Math.round(r.right)} px`);
    }
    // A row that scrolls or clips sideways and so hides a control (a tab, the stop button of a
    // second timer) beyond its edge, where a phone user does not look for it.
    const controls = 'button, a[href], input, select, textarea, label, [role="tab"]';
    for (const box of document.querySelectorAll<HTMLElement>('header *, main *')) {
      if (box.scrollWidth <= box.clientWidth + 1 || getComputedStyle(box).overflowX === 'visible') continue;
      const r = box.getBoundingClientRect();
      const hidden = [...box.querySelectorAll(controls)].filter((control) => {
        const c = control.getBoundingClientRect();
        return c.width > 0 && (c.right > Math.min(r.right, width) + 1 || c.left < Math.max(r.left, 0) - 1);
      });
      if (hidden.length) problems.push(`${name(box)} hides ${hidden.map(name).join(', ')} beyond its edge`);
    }
    // A value the user cannot scroll (a chosen option, a read-only field) or a button label cut off.
    for (const el of document.querySelectorAll<HTMLElement>('main input[readonly], main input:disabled, main button, [role="dialog"] button, header button')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} cuts off its content (${el.scrollWidth} px in ${el.clientWidth} px)`);
      const label = el.querySelector<HTMLElement>('.mantine-Button-label');
      if (label && label.scrollWidth > label.clientWidth + 1) problems.push(`${name(el)} cuts off its label (${label.scrollWidth} px in ${label.clientWidth} px)`);
    }
    return problems;
  }, viewports.phone.width);
}

interface Screen {
  name: string;
  path: () => string;
  roles: readonly Role[];
  /** What shows once the screen has its data (besides its heading). */
  ready?: (page: Page, lang: Lang) => Promise<unknown>;
}

const everyone: readonly Role[] = ['Owner', 'Admin', 'Manager', 'Employee'];
const backOffice: readonly Role[] = ['Owner', 'Admin', 'Manager'];
const customerName = 'Bäckerei Huber & Söhne Backwaren GmbH';

const signedInScreens: Screen[] = [
  { name: 'dashboard', path: () => '/', roles: backOffice },
  { name: 'library', path: () => '/library', roles: everyone },
  { name: 'library-report', path: () => '/library?view=report&period=all', roles: backOffice },
  { name: 'gallery', path: () => '/gallery', roles: everyone, ready: (page) => page.locator('main img').first().waitFor() },
  { name: 'customerlist', path: () => '/customerlist', roles: everyone, ready: (page) => page.getByText(customerName).first().waitFor() },
  { name: 'customer', path: () => `/customer/${customerId}`, roles: everyone, ready: (page) => page.getByRole('tablist').first().waitFor() },
  { name: 'customer-time', path: () => `/customer/${customerId}?tab=time`, roles: everyone, ready: (page) => page.getByRole('tabpanel').first().waitFor() },
  { name: 'customer-photos', path: () => `/customer/${customerId}?tab=photos`, roles: everyone, ready: (page) => page.getByRole('tabpanel').first().waitFor() },
  { name: 'customer-confirmations', path: () => `/customer/${customerId}?tab=confirmations`, roles: everyone, ready: (page) => page.getByRole('tabpanel').first().waitFor() },
  { name: 'activity', path: () => `/activity/${customerId}`, roles: everyone },
  { name: 'materiallist', path: () => '/materiallist', roles: everyone, ready: (page) => page.getByText('Kabel NYM-J 3x1,5 mm²').first().waitFor() },
  { name: 'timetracking', path: () => '/timetracking', roles: everyone },
  { name: 'timetracking-all', path: () => '/timetracking?member=all', roles: backOffice },
  { name: 'timetracking-customer', path: () => '/timetracking?tab=customer', roles: everyone },
  { name: 'profile-company', path: () => '/profile', roles: everyone },
  { name: 'profile-members', path: () => '/profile?tab=1', roles: everyone },
  { name: 'profile-licenses', path: () => '/profile?tab=2', roles: everyone },
  { name: 'profile-consents', path: () => '/profile?tab=3', roles: everyone },
  { name: 'profile-accounting', path: () => '/profile?tab=4', roles: everyone },
  { name: 'manage-locals', path: () => '/manage-locals', roles: ['Owner', 'Admin'] },
  { name: 'account', path: () => '/account', roles: everyone },
];

const publicScreens: { name: string; path: string }[] = [
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'password-recovery', path: '/password-recovery' },
  { name: 'password-reset', path: '/password-reset?userId=3f0c2a9e-0000-4000-8000-000000000001&token=abcdefghijklmnopqrstuvwxyz' },
  { name: 'password-reset-invalid', path: '/password-reset' },
  { name: 'set-password', path: '/set-password?userId=3f0c2a9e-0000-4000-8000-000000000001&token=abcdefghijklmnopqrstuvwxyz' },
  { name: 'email-confirmation', path: '/email-confirmation' },
  { name: 'email-confirmation-expired', path: '/email-confirmation?status=expired' },
  { name: 'email-confirmation-used', path: '/email-confirmation?status=used' },
  { name: 'email-confirmation-invalid', path: '/email-confirmation?status=invalid' },
  { name: 'email-confirmation-replaced', path: '/email-confirmation?status=replaced' },
  { name: 'email-confirmed', path: '/email-confirmed' },
  { name: 'terms-view', path: '/terms-view' },
  { name: 'license-expired', path: '/license-expired?role=Manager&checkoutUrl=https%3A%2F%2Fpay.example%2Fc%2F1' },
  { name: 'license-missing', path: '/license-expired?reason=license' },
  { name: 'info', path: '/info' },
  { name: 'development', path: '/development' },
  { name: 'login-success', path: '/login-success#id_token=a.b.c&state=forged' },
];

/** Waits for the screen, checks it and keeps a screenshot; answers its problems, each named by the screen. */
async function inspect(page: Page, name: string, ready?: () => Promise<unknown>): Promise<string[]> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (ready) await ready();
  await page.waitForLoadState('networkidle');
  // A lazily loaded tab or list shows its content, not its placeholder, when it is checked. Only
  // what is in view counts: a photo's thumbnail below the fold keeps its spinner until it is
  // scrolled to (photos.tsx), and waiting for it only ran into the timeout on every feed.
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('main .mantine-Loader-root, main .mantine-Skeleton-root, main [aria-busy="true"]')].some((el) => {
          const box = el.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
        }),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  const problems = await layoutProblems(page);
  await shot(page, `phone/${name}`, false);
  return problems.map((problem) => `${name}: ${problem}`);
}

/**
 * Every role that sees other screens once; the Owner, who sees the most, in both languages (English
 * words run longer). The Admin sees exactly the Owner's screens (signedInScreens' roles), so an Admin
 * pass checked the same layouts a third time.
 */
const passes: { role: Role; lang: Lang; scheme: 'light' | 'dark' }[] = [
  { role: 'Owner', lang: 'de', scheme: 'light' },
  { role: 'Owner', lang: 'en', scheme: 'dark' },
  { role: 'Manager', lang: 'de', scheme: 'dark' },
  { role: 'Employee', lang: 'en', scheme: 'dark' },
];

describe('every screen fits a phone', () => {
  for (const pass of passes) {
    it(`${pass.role}, ${pass.lang}, ${pass.scheme}`, async () => {
      const context = await newContext(browser, { viewport: 'phone', colorScheme: pass.scheme, locale: pass.lang === 'de' ? 'de-DE' : 'en-US' });
      await signInContext(context, members[pass.role], pass.lang);
      const page = await context.newPage();
      const problems: string[] = [];
      for (const screen of signedInScreens.filter((s) => s.roles.includes(pass.role))) {
        await page.goto(`${appUrl}${screen.path()}`);
        problems.push(...(await inspect(page, `${pass.role}-${pass.lang}-${pass.scheme}-${screen.name}`, screen.ready && (() => screen.ready!(page, pass.lang)))));
      }
      await context.close();
      expect(problems).toEqual([]);
    }, 240_000);
  }

  // Not a phone, but the same fault: the report's filter showed "Offen und erledig" on a desktop.
  it('the report filter shows its whole choice on a desktop too', async () => {
    const problems: string[] = [];
    for (const lang of ['de', 'en'] as const) {
      const context = await newContext(browser, { viewport: 'desktop', locale: lang === 'de' ? 'de-DE' : 'en-US' });
      await signInContext(context, members.Owner, lang);
      const page = await context.newPage();
      await page.goto(`${appUrl}/library?view=report&period=all`);
      await page.getByRole('table').first().waitFor();
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('main input[readonly]')].filter((i) => i.scrollWidth > i.clientWidth + 1).map((i) => i.value),
      );
      problems.push(...cut.map((value) => `${lang}: "${value}" is cut off`));
      await shot(page, `phone/desktop-${lang}-library-report`, false);
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  for (const lang of ['de', 'en'] as const) {
    it(`public screens, ${lang}`, async () => {
      let context = await newContext(browser, { viewport: 'phone', colorScheme: lang === 'de' ? 'light' : 'dark', locale: lang === 'de' ? 'de-DE' : 'en-US' });
      await context.addInitScript((l) => localStorage.setItem('fieldbook-locale', l), lang);
      let page = await context.newPage();
      const problems: string[] = [];
      for (const screen of publicScreens) {
        await page.goto(`${appUrl}${screen.path}`);
        problems.push(...(await inspect(page, `public-${lang}-${screen.name}`)));
      }
      await context.close();

      // An account whose email is not confirmed yet.
      context = await newContext(browser, { viewport: 'phone', locale: lang === 'de' ? 'de-DE' : 'en-US' });
      await signInContext(context, unconfirmed, lang);
      page = await context.newPage();
      await page.goto(`${appUrl}/`);
      await expectPath(page, '/missing-email-confirmation');
      problems.push(...(await inspect(page, `public-${lang}-missing-email-confirmation`)));
      await context.close();

      // A new Google account has not accepted the terms yet.
      const suffix = `${lang}.${Date.now().toString(36)}`;
      await fetch(`${controlUrl}/google/identity`, {
        method: 'POST',
        body: JSON.stringify({ sub: `phone-${suffix}`, email: `phone.${suffix}@gmail.com`, given_name: 'Lena', family_name: 'Huber' }),
      });
      context = await newContext(browser, { viewport: 'phone', locale: lang === 'de' ? 'de-DE' : 'en-US' });
      await context.addInitScript((l) => localStorage.setItem('fieldbook-locale', l), lang);
      page = await context.newPage();
      await page.goto(`${appUrl}/login`);
      await page.getByRole('button', { name: lang === 'de' ? 'Weiter mit Google' : 'Continue with Google' }).click();
      await expectPath(page, '/terms-confirmation');
      await page.getByText('§ 1').first().waitFor();
      problems.push(...(await inspect(page, `public-${lang}-terms-confirmation`)));
      await context.close();
      expect(problems).toEqual([]);
    }, 180_000);
  }
});
