/**
 * Screenshots of the time-tracking screens for a visual check, on the built app and the real
 * server with an embedded PostgreSQL in a temporary directory:
 *
 *   npx vite build && npx tsx scripts/screenshot-time-tracking.ts [--out test-results/screenshots/time-tracking]
 *
 * Seeds one firm: the Owner signs up through the API (mail link from the development outbox),
 * two more members are written directly, customers come through the API, two weeks of working
 * time (with breaks, a late shift, a Sunday) straight into the tables; then the Owner runs two
 * timers and is clocked in on a break. Shots: /timetracking (days, a day opened, all members,
 * customer times), the start-timer dialog, the bar on another screen; desktop and phone, German
 * and English, light and dark.
 */
// Seed and show times in the firm's zone, whatever the machine's zone is.
process.env.TZ ??= 'Europe/Berlin';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildServer } from '../server/app';
import { prepareDatabase } from '../server/bootstrap';
import { userTimeTracks, userTimeTrackSegments } from '../server/db/schema';
import * as repo from '../server/modules/auth/auth.repository';
import { loadConfig } from '../server/platform/config';
import { freePort } from '../tests/support/pg-global-setup';

const args = process.argv.slice(2);
const outDir = path.resolve(args[args.indexOf('--out') + 1] && args.includes('--out') ? args[args.indexOf('--out') + 1] : 'test-results/screenshots/time-tracking');
fs.mkdirSync(outDir, { recursive: true });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-shots-'));
fs.chmodSync(dataDir, 0o755);
const port = await freePort();
const appUrl = `http://localhost:${port}`;
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(await freePort()),
  LOG_LEVEL: 'silent',
  PORT: String(port),
  PUBLIC_URL: appUrl,
});
const prepared = await prepareDatabase(config, () => undefined);
const app = await buildServer({ config, database: prepared.database });
await app.listen({ port, host: 'localhost' });

const deviceId = `backoffice_${crypto.randomUUID()}`;
async function api<T>(method: string, url: string, body?: unknown, token?: string, device = deviceId): Promise<T> {
  const response = await fetch(appUrl + url, {
    method,
    headers: { 'content-type': 'application/json', 'X-Device-Id': device, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

let browser: Browser | undefined;
try {
  const email = `anna.schneider.${Date.now()}@elektro-schneider.de`;
  let session = await api<{ token: string; refreshToken: string; id: string; tenantId: string } & Record<string, unknown>>('POST', '/api/Auth/SignUp', {
    email,
    password: 'Sonnenblume-Kabel-42',
    tenantName: 'elektroschneider',
    termsConfirmed: true,
  });
  const outbox = (await (await fetch(`${appUrl}/dev/outbox`)).json()) as { mails: { to: string; text: string }[] };
  const link = outbox.mails.find((m) => m.to.includes(email))!.text.match(/https?:\/\/\S+/)![0];
  await fetch(link, { redirect: 'manual' });
  session = await api('POST', '/api/Auth/RefreshToken', { token: session.refreshToken });
  const token = session.token;
  await api('PUT', '/api/Users/UpdateMe', { firstName: 'Anna', lastName: 'Schneider', language: 'de' }, token).catch(() => undefined);
  const tenantId = session.tenantId;

  // Two more members, written directly (an invitation would need its mail link and a password).
  const db = prepared.database;
  const members = await db.withTenant(tenantId, async (tx) => {
    const out = [];
    for (const [firstName, lastName] of [
      ['Jonas', 'Weber'],
      ['Lena', 'Hoffmann'],
    ]) {
      const user = await repo.insertUser(tx, {
        tenantId,
        email: `${firstName.toLowerCase()}.${Date.now()}@elektro-schneider.de`,
        userName: `${firstName.toLowerCase()}.${lastName.toLowerCase()}`,
        firstName,
        lastName,
        role: 'Employee',
        emailConfirmedAt: new Date(),
        termsConfirmedAt: new Date(),
        activatedAt: new Date(),
      });
      await repo.registerAccount(tx, user.id, tenantId, user.email);
      out.push(user);
    }
    return out;
  });

  const customers = [];
  for (const [companyName, city] of [
    ['Bäckerei Huber', 'München'],
    ['Praxis Dr. Weber', 'Garching'],
    ['Wohnanlage Sonnenhof WEG', 'Freising'],
  ]) {
    customers.push(await api<{ id: string }>('POST', '/api/Customers/Create', { companyName, city, country: 'DE' }, token));
  }

  // Two weeks of working time for the two employees: 7:00 to about 15:30 with a 30-minute break;
  // one long day with a short break, one late shift followed by an early start, one Sunday.
  const day = (offset: number, hour: number, minute = 0) => {
    const d = new Date();
    d.setDate(d.getDate() - offset);
    d.setHours(hour, minute, 0, 0);
    return d;
  };
  await db.withTenant(tenantId, async (tx) => {
    for (const [index, member] of members.entries()) {
      for (let offset = 13; offset >= 1; offset--) {
        const weekday = day(offset, 12).getDay();
        if (weekday === 6 || (weekday === 0 && !(index === 0 && offset > 6))) continue;
        let shape: [string, Date, Date][];
        if (index === 0 && offset === 3) {
          shape = [
            ['work', day(offset, 6), day(offset, 12)],
            ['break', day(offset, 12), day(offset, 12, 15)],
            ['work', day(offset, 12, 15), day(offset, 17, 30)],
          ];
        } else if (index === 1 && offset === 5) {
          shape = [
            ['work', day(offset, 14), day(offset, 18)],
            ['break', day(offset, 18), day(offset, 18, 30)],
            ['work', day(offset, 18, 30), day(offset, 22, 30)],
          ];
        } else if (index === 1 && offset === 4) {
          shape = [
            ['work', day(offset, 6), day(offset, 10)],
            ['break', day(offset, 10), day(offset, 10, 30)],
            ['work', day(offset, 10, 30), day(offset, 14, 30)],
          ];
        } else {
          const start = 7 + ((offset + index) % 2) * 0.5;
          shape = [
            ['work', day(offset, Math.floor(start), (start % 1) * 60), day(offset, 11, 30)],
            ['break', day(offset, 11, 30), day(offset, 12)],
            ['work', day(offset, 12), day(offset, 15, 30 + index * 15)],
          ];
        }
        const id = crypto.randomUUID();
        await tx.insert(userTimeTracks).values({ tenantId, id, ownerId: member.id, startedAt: shape[0][1], endedAt: shape[shape.length - 1][2] });
        await tx.insert(userTimeTrackSegments).values(shape.map(([kind, s, e]) => ({ tenantId, trackId: id, kind, startedAt: s, endedAt: e })));
      }
    }
  });

  // The Owner: customer times by hand, two running timers, clocked in and on a break.
  const iso = (d: Date) => d.toISOString();
  await api('POST', '/api/TimeTracks/Create', { customerId: customers[0].id, startedAtUtc: iso(day(1, 8)), endedAtUtc: iso(day(1, 10, 30)), description: 'Backstube: Steckdosen erneuert' }, token);
  await api('POST', '/api/TimeTracks/Create', { customerId: customers[2].id, startedAtUtc: iso(day(2, 13)), endedAtUtc: iso(day(2, 16, 15)), description: 'Treppenhausbeleuchtung' }, token);
  const first = await api<{ id: string }>('POST', '/api/TimeTracks/Start', { customerId: customers[0].id, description: 'Zählerschrank' }, token);
  await api('PUT', '/api/TimeTracks/Update', { id: first.id, startedAtUtc: iso(new Date(Date.now() - 83 * 60_000)), endedAtUtc: null, description: 'Zählerschrank' }, token);
  await api('POST', '/api/TimeTracks/Start', { customerId: customers[1].id }, token);
  await api('POST', '/api/UserTimeTracks/Start', {}, token);
  await api('POST', '/api/UserTimeTracks/AppendSegment', { kind: 'break' }, token);

  const storedBase = {
    userId: session.id,
    userName: session.userName,
    userEmail: session.email,
    emailConfirmed: true,
    isMaster: false,
    firstName: 'Anna',
    lastName: 'Schneider',
    showMenu: true,
  };

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const variants = [
    { name: 'desktop-de-light', viewport: { width: 1440, height: 900 }, locale: 'de', scheme: 'light' as const },
    { name: 'desktop-en-dark', viewport: { width: 1440, height: 900 }, locale: 'en', scheme: 'dark' as const },
    { name: 'phone-de-light', viewport: { width: 390, height: 844 }, locale: 'de', scheme: 'light' as const },
    { name: 'phone-en-dark', viewport: { width: 390, height: 844 }, locale: 'en', scheme: 'dark' as const },
  ];
  for (const v of variants) {
    const phone = v.viewport.width < 600;
    // The server writes period labels and warnings in the account's language: each variant signs
    // in on its own device after setting it, as a user who switched the language would be.
    await api('PUT', '/api/Users/UpdateMe', { firstName: 'Anna', lastName: 'Schneider', language: v.locale }, token);
    const variantDevice = `backoffice_${crypto.randomUUID()}`;
    const signedIn = await api<{ token: string; refreshToken: string }>('POST', '/api/Auth/SignIn', { userNameOrEmail: email, password: 'Sonnenblume-Kabel-42' }, undefined, variantDevice);
    const stored = { ...storedBase, token: signedIn.token, refreshToken: signedIn.refreshToken };
    const context = await browser.newContext({ viewport: v.viewport, colorScheme: v.scheme, locale: v.locale, timezoneId: 'Europe/Berlin', isMobile: phone, hasTouch: phone });
    await context.addInitScript(
      ({ session: s, device, lang, scheme }) => {
        localStorage.setItem('fieldbook-session', JSON.stringify(s));
        localStorage.setItem('fieldbook-device-id', device);
        localStorage.setItem('fieldbook-locale', lang);
        localStorage.setItem('fieldbook-color-scheme', scheme);
      },
      { session: stored, device: variantDevice, lang: v.locale, scheme: v.scheme },
    );
    const page = await context.newPage();
    const shot = async (name: string, fullPage = true) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(outDir, `${v.name}-${name}.png`), fullPage });
    };
    await page.goto(`${appUrl}/timetracking?period=last14Days&member=${members[0].id}`);
    await page.locator('[data-testid="work-day"]').first().waitFor();
    await shot('member-days');
    await page.locator('[data-testid="work-day"]').nth(2).click();
    await page.locator('[data-testid="segment"]').first().waitFor();
    await shot('day-opened');
    await page.goto(`${appUrl}/timetracking?period=last14Days&member=all`);
    await page.waitForTimeout(1200);
    await shot('all-members');
    await page.goto(`${appUrl}/timetracking?period=last14Days&tab=customer`);
    await page.locator('[data-testid="customer-time"]').first().waitFor();
    await shot('customer-times');
    await page.goto(`${appUrl}/customerlist`);
    await page.locator('[data-testid="running-timer"]').first().waitFor();
    await shot('bar-on-customers', false);
    await page.getByRole('button', { name: v.locale === 'de' ? 'Timer starten' : 'Start a timer' }).click();
    await page.getByRole('dialog').waitFor();
    await shot('start-timer', false);
    await context.close();
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser?.close();
  await app.close();
  await prepared.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
