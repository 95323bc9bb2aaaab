/**
 * The time-tracking journey in the built app on the real server: an Owner signs up through the
 * API and confirms the address with the mailed link (from the SMTP sink of global-setup, or from
 * the development outbox when no SMTP is configured); then clocks in, takes a break, clocks out
 * and sees the day with its segments; starts two customer timers from the bar, finds them again
 * after a reload, stops one and corrects it. Screenshots go to test-results/e2e/.
 */
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath, viewports } from './browser';

const appUrl = inject('appUrl');
/** Set when global-setup runs an SMTP sink; without it the server keeps mails in /dev/outbox. */
const controlUrl = (inject as (key: string) => string | undefined)('controlUrl');

interface Session {
  token: string;
  refreshToken: string;
  id: string;
  userName: string;
  email: string;
  emailConfirmed: boolean;
  firstName: string | null;
  lastName: string | null;
}

const deviceId = `backoffice_${crypto.randomUUID()}`;

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(appUrl + path, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Device-Id': deviceId, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  expect(response.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json.data;
}

/** The link of the confirmation mail, from whichever mailbox this setup has. */
async function confirmationLink(email: string): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    let texts: string[] = [];
    if (controlUrl) {
      const mails = (await (await fetch(`${controlUrl}/mails?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];
      texts = mails.filter((m) => /bestätigen|confirm/i.test(m.subject)).map((m) => m.text);
    } else {
      const outbox = (await (await fetch(`${appUrl}/dev/outbox`)).json()) as { mails: { to: string | string[]; text: string }[] };
      texts = outbox.mails.filter((m) => String(m.to).toLowerCase().includes(email.toLowerCase())).map((m) => m.text);
    }
    const link = texts.map((t) => t.match(/https?:\/\/\S*ConfirmEmail\S*/)?.[0]).find(Boolean);
    if (link) return link;
    if (Date.now() > until) throw new Error(`no confirmation mail to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: Session;
const customers: { id: string; name: string }[] = [];

const shot = async (name: string, fullPage = true) => {
  await page.waitForTimeout(350);
  await page.screenshot({ path: screenshotPath(`time-tracking-${name}`), fullPage });
};

beforeAll(async () => {
  const email = `zeit.${Date.now().toString(36)}@elektro-schneider.de`;
  session = await api<Session>('POST', '/api/Auth/SignUp', {
    email,
    password: 'Sonnenblume-Kabel-42',
    tenantName: email.split('@')[0].replace(/[^\p{L}\p{N}]/gu, ''),
    termsConfirmed: true,
    language: 'de',
  });
  const confirmed = await fetch(await confirmationLink(email), { redirect: 'manual' });
  expect(confirmed.status).toBe(302);
  session = await api<Session>('POST', '/api/Auth/RefreshToken', { token: session.refreshToken });
  expect(session.emailConfirmed).toBe(true);
  for (const name of ['Bäckerei Huber', 'Praxis Dr. Weber']) {
    const created = await api<{ id: string }>('POST', '/api/Customers/Create', { companyName: name, city: 'München', country: 'DE' }, session.token);
    customers.push({ id: created.id, name });
  }

  browser = await launchBrowser();
  context = await browser.newContext({ viewport: viewports.desktop, locale: 'de-DE', timezoneId: 'Europe/Berlin', colorScheme: 'light' });
  const stored = {
    token: session.token,
    refreshToken: session.refreshToken,
    userId: session.id,
    userName: session.userName,
    userEmail: session.email,
    emailConfirmed: true,
    isMaster: false,
    firstName: session.firstName,
    lastName: session.lastName,
    showMenu: true,
  };
  // Only before the first page: later reloads keep what the app stored (refresh tokens rotate).
  await context.addInitScript(
    ({ s, device }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('fieldbook-session', JSON.stringify(s));
      localStorage.setItem('fieldbook-device-id', device);
      localStorage.setItem('fieldbook-locale', 'de');
    },
    { s: stored, device: deviceId },
  );
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const bar = () => page.getByRole('region', { name: 'Laufende Timer und Arbeitszeit' });

describe('time-tracking journey', () => {
  it('clocks in, takes a break, clocks out and sees the day with its segments', async () => {
    await page.goto(`${appUrl}/timetracking`);
    await page.getByRole('heading', { name: 'Zeiterfassung' }).waitFor();
    await page.getByRole('heading', { name: 'Keine Arbeitszeit in diesem Zeitraum' }).waitFor();

    await bar().getByRole('button', { name: 'Einstempeln' }).click();
    await bar().getByText(/^Arbeit \d+:\d\d:\d\d$/).waitFor();
    await page.waitForTimeout(1200);
    await bar().getByRole('button', { name: 'Pause beginnen' }).click();
    await bar().getByText(/^Pause \d+:\d\d:\d\d$/).waitFor();
    await page.getByText(/in der Pause, eingestempelt um/).waitFor();
    await shot('on-break');
    await page.waitForTimeout(1200);
    await bar().getByRole('button', { name: 'Pause beenden' }).click();
    await bar().getByText(/^Arbeit /).waitFor();
    await page.waitForTimeout(1200);
    await bar().getByRole('button', { name: 'Ausstempeln' }).click();
    await bar().getByRole('button', { name: 'Einstempeln' }).waitFor();

    const table = page.getByRole('table', { name: 'Arbeitszeit nach Zeitraum' });
    const today = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    const row = table.getByTestId('work-day').filter({ hasText: today });
    await row.waitFor();
    await row.getByRole('button', { name: /^Details zu .* zeigen$/ }).click();
    const segments = table.getByTestId('segment');
    await segments.nth(2).waitFor();
    expect(await segments.count()).toBe(3);
    expect(await segments.nth(0).innerText()).toMatch(/^Arbeit/);
    expect(await segments.nth(1).innerText()).toMatch(/^Pause/);
    expect(await segments.nth(2).innerText()).toMatch(/^Arbeit/);
    await shot('day');

    const list = await api<{ items: { segments: { kind: string; endedAtUtc: string | null }[]; active: boolean }[] }>(
      'GET',
      '/api/UserTimeTracks/GetList?includeActive=true&includeEnded=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true',
      undefined,
      session.token,
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0].active).toBe(false);
    expect(list.items[0].segments.map((s) => s.kind)).toEqual(['work', 'break', 'work']);
  });

  it('starts two customer timers from the bar, keeps them over a reload and stops one', async () => {
    for (const customer of customers) {
      await bar().getByRole('button', { name: 'Timer starten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Timer starten' });
      await dialog.getByLabel('Kunde', { exact: true }).fill(customer.name.split(' ')[0]);
      await dialog.getByRole('listitem', { name: `Timer für ${customer.name} starten` }).click();
      await dialog.waitFor({ state: 'hidden' });
      await bar().getByTestId('running-timer').filter({ hasText: customer.name }).waitFor();
    }
    expect(await bar().getByTestId('running-timer').count()).toBe(2);

    await page.goto(`${appUrl}/customerlist`);
    await bar().getByTestId('running-timer').nth(1).waitFor();
    expect(await bar().getByTestId('running-timer').count()).toBe(2);
    await shot('two-timers', false);

    await bar().getByRole('button', { name: 'Timer für Bäckerei Huber stoppen' }).click();
    await bar().getByTestId('running-timer').filter({ hasText: 'Bäckerei Huber' }).waitFor({ state: 'detached' });
    expect(await bar().getByTestId('running-timer').count()).toBe(1);
  });

  it('corrects the stopped timer with a new start and a description', async () => {
    await page.goto(`${appUrl}/timetracking?tab=customer`);
    const table = page.getByRole('table', { name: 'Kundenzeiten' });
    const row = table.getByTestId('customer-time').filter({ hasText: 'Bäckerei Huber' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Aktionen für die Zeit bei Bäckerei Huber' }).click();
    await page.getByRole('menuitem', { name: 'Korrigieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zeiteintrag korrigieren' });
    const start = dialog.getByLabel(/^Beginn/);
    const earlier = await start.evaluate((input: HTMLInputElement) => {
      const d = new Date(input.value);
      d.setHours(d.getHours() - 1);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    await start.fill(earlier);
    await dialog.getByLabel('Beschreibung').fill('Backstube: Steckdosen erneuert');
    await shot('correct-timer', false);
    await dialog.getByRole('button', { name: 'Änderung speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.filter({ hasText: 'Backstube: Steckdosen erneuert' }).waitFor();
    expect(await row.innerText()).toMatch(/1:0\d h/);
    await shot('customer-times');

    const mine = await api<{ items: { customerName: string; durationSeconds: number; description: string | null; status: string }[] }>(
      'GET',
      '/api/TimeTracks/GetMy?includeRunning=true&includeStopped=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true',
      undefined,
      session.token,
    );
    const huber = mine.items.find((t) => t.customerName === 'Bäckerei Huber')!;
    expect(huber).toMatchObject({ status: 'stopped', description: 'Backstube: Steckdosen erneuert' });
    expect(huber.durationSeconds).toBeGreaterThanOrEqual(3600 - 60);
    expect(mine.items.find((t) => t.customerName === 'Praxis Dr. Weber')!.status).toBe('running');
  });

  it('shows the bar and the day as cards on a phone', async () => {
    const phone = await browser.newContext({ viewport: viewports.phone, locale: 'de-DE', timezoneId: 'Europe/Berlin', isMobile: true, hasTouch: true });
    const state = await page.evaluate(() => ({ session: localStorage.getItem('fieldbook-session'), device: localStorage.getItem('fieldbook-device-id') }));
    await phone.addInitScript((s) => {
      localStorage.setItem('fieldbook-session', s.session ?? '');
      localStorage.setItem('fieldbook-device-id', s.device ?? '');
      localStorage.setItem('fieldbook-locale', 'de');
    }, state);
    const mobile = await phone.newPage();
    await mobile.goto(`${appUrl}/timetracking`);
    await mobile.getByTestId('running-timer').filter({ hasText: 'Praxis Dr. Weber' }).waitFor();
    await mobile.getByTestId('work-day').first().waitFor();
    expect(await mobile.getByRole('table').count()).toBe(0);
    await mobile.waitForTimeout(350);
    await mobile.screenshot({ path: screenshotPath('time-tracking-phone'), fullPage: true });
    await phone.close();
  });
});
