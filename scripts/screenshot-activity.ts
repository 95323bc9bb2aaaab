/**
 * Screenshots of the customer-activity screens for a visual check: the built app (dist/) on the
 * real server with an embedded PostgreSQL in a temporary directory, a firm seeded through the API
 * (customers, products, notes, materials, times, photos, a signed confirmation), then the dashboard,
 * the customer page's tabs, /activity, /library, /gallery and the capture dialogs — German and
 * English, light and dark, desktop and phone.
 *
 *   npm run build && npx tsx scripts/screenshot-activity.ts [--out test-results/screenshots/activity]
 *
 * Chromium: Debian's /usr/bin/chromium (or CHROMIUM_PATH), driven by playwright-core.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildServer } from '../server/app';
import { prepareDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/platform/config';
import { freePort } from '../tests/support/pg-global-setup';

const args = process.argv.slice(2);
const outDir = path.resolve(args[args.indexOf('--out') + 1] && args.includes('--out') ? args[args.indexOf('--out') + 1] : 'test-results/screenshots/activity');
fs.mkdirSync(outDir, { recursive: true });
const deviceId = `backoffice_${crypto.randomUUID()}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-shots-'));
// The embedded PostgreSQL runs as another user when started as root: it must reach the directory.
fs.chmodSync(dataDir, 0o755);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'silent', PORT: '0' });
const prepared = await prepareDatabase(config, () => undefined);
const app = await buildServer({ config, database: prepared.database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

let token = '';
async function api(method: string, url: string, body?: unknown) {
  const response = await fetch(base + url, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Device-Id': deviceId, 'Accept-Language': 'de', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  const json = text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null;
  if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return json;
}
async function form(url: string, data: FormData) {
  const response = await fetch(base + url, { method: 'POST', body: data, headers: { 'X-Device-Id': deviceId, Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

// Sign up, confirm, sign in.
const email = `anna-${crypto.randomBytes(3).toString('hex')}@elektro-schneider.example`;
const password = 'Kabeltrommel-Sommer-2026';
await api('POST', '/api/Auth/SignUp', { email, password, tenantName: 'elektroschneider', termsConfirmed: true, language: 'de' });
const outbox = await (await fetch(`${base}/dev/outbox`)).json();
const link = /\/api\/Auth\/ConfirmEmail\?[^\s"'<>\\]+/.exec(JSON.stringify(outbox.mails.find((m: { to: string }) => m.to === email)))![0].replace(/\\u0026/g, '&').replace(/&amp;/g, '&');
const confirmed = await fetch(base + link, { redirect: 'manual', headers: { 'X-Device-Id': deviceId } });
if (confirmed.status !== 302) throw new Error(`confirming the address answered ${confirmed.status} ${link} ${await confirmed.text()}`);
const session = (await api('POST', '/api/Auth/SignIn', { userNameOrEmail: email, password })).data;
token = session.token;

// Seed
const day = (offset: number, hour: number) => {
  const d = new Date();
  d.setDate(d.getDate() - offset);
  d.setHours(hour, 15, 0, 0);
  return d.toISOString();
};
const customers = [];
for (const [companyName, city] of [
  ['Bäckerei Huber', 'München'],
  ['Elektro Schneider GmbH', 'Garching'],
  ['Hausverwaltung Meier', 'Freising'],
  ['Praxis Dr. Yilmaz', 'Dachau'],
]) {
  customers.push((await api('POST', '/api/Customers/Create', { companyName, street: 'Musterstraße 12', zip: '80331', city, country: 'DE' })).data);
}
const cable = (await api('POST', '/api/Products/Create', { name: 'Kabel NYM-J 3x1,5 mm²', ean: '4006381333931', unit: 'm', netPrice: 0.89, vatRate: 19 })).data;
const rcd = (await api('POST', '/api/Products/Create', { name: 'Fehlerstromschutzschalter 40A', unit: 'Stk', netPrice: 38.9, vatRate: 19 })).data;
const [huber, schneider, meier, yilmaz] = customers;
for (const [i, c] of [huber, schneider, meier, yilmaz, huber, huber, meier].entries()) {
  await api('POST', '/api/TimeTracks/Create', { customerId: c.id, startedAtUtc: day(1 + (i % 5), 7 + i), endedAtUtc: day(1 + (i % 5), 9 + i), description: ['Unterverteilung montiert', 'Leitungen verlegt', 'Fehlersuche', 'Wartung'][i % 4] });
}
await api('POST', '/api/Information/Create', { customerId: huber.id, subType: 'note', text: 'Zählerschrank hat keinen Platz für den FI; Kunde wünscht Angebot für Wallbox.', occurredAtUtc: day(1, 10) });
await api('POST', '/api/Information/Create', { customerId: huber.id, subType: 'material', productId: cable.id, quantity: 25, occurredAtUtc: day(1, 11) });
await api('POST', '/api/Information/Create', { customerId: huber.id, subType: 'material', productId: rcd.id, quantity: 2, occurredAtUtc: day(0, 9) });
await api('POST', '/api/Information/Create', { customerId: huber.id, subType: 'time', durationSeconds: 5400, text: 'Fehlersuche in der Backstube', occurredAtUtc: day(0, 8) });
await api('POST', '/api/Information/Create', { customerId: meier.id, subType: 'material', text: 'Kabelbinder schwarz', unit: 'Pkg', quantity: 3, unitPrice: 4.5, occurredAtUtc: day(2, 12) });
await api('POST', '/api/Information/Create', { customerId: schneider.id, subType: 'note', text: 'Schlüssel beim Hausmeister abholen.', occurredAtUtc: day(3, 8) });
const colours = ['#c96f3b', '#3b7fc9', '#5aa36b', '#8a5ac9', '#c9b43b', '#c93b5a'];
for (const [i, colour] of colours.entries()) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="${colour}"/><circle cx="${300 + i * 120}" cy="450" r="220" fill="white" fill-opacity="0.35"/><text x="60" y="840" font-size="90" font-family="sans-serif" fill="white">Baustelle ${i + 1}</text></svg>`;
  const data = new FormData();
  data.append('customerId', (i < 4 ? huber : meier).id);
  data.append('category', ['before', 'after', 'damage', 'material', 'other', 'after'][i]);
  data.append('description', ['Zählerschrank vorher', 'Zählerschrank nachher', 'Wasserschaden Keller', 'Gelieferte Kabel', 'Hauseingang', 'Neue Leuchten'][i]);
  data.append('createdAtUtc', day(i % 3, 9 + i));
  data.append('file', new Blob([new Uint8Array(await sharp(Buffer.from(svg)).jpeg().toBuffer())], { type: 'image/jpeg' }), `IMG_${1000 + i}.jpg`);
  await form('/api/Images/UploadWorkDocImage', data);
}
{
  const signature = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="150"><rect width="400" height="150" fill="white"/><path d="M20 100 C 80 20, 120 140, 180 60 S 300 120, 380 40" stroke="black" stroke-width="4" fill="none"/></svg>')).png().toBuffer();
  const data = new FormData();
  data.append('customerId', schneider.id);
  data.append('signee', 'Thomas Schneider');
  data.append('place', 'Garching');
  data.append('file', new Blob([new Uint8Array(signature)], { type: 'image/png' }), 'signature.png');
  await form('/api/WorkConfirmations', data);
}

// Screenshots
const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
async function shoot(name: string, url: string, options: { phone?: boolean; dark?: boolean; locale?: 'de' | 'en'; action?: (page: Page) => Promise<void> } = {}) {
  const context = await browser.newContext({
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    isMobile: !!options.phone,
    hasTouch: !!options.phone,
    colorScheme: options.dark ? 'dark' : 'light',
    locale: options.locale === 'en' ? 'en-GB' : 'de-DE',
  });
  await context.addInitScript(
    ({ stored, device, locale, dark }) => {
      window.localStorage.setItem('fieldbook-device-id', device);
      window.localStorage.setItem('fieldbook-locale', locale);
      window.localStorage.setItem('fieldbook-color-scheme', dark ? 'dark' : 'light');
      window.localStorage.setItem('mantine-color-scheme-value', dark ? 'dark' : 'light');
      window.localStorage.setItem('fieldbook-session', JSON.stringify(stored));
    },
    {
      device: deviceId,
      locale: options.locale ?? 'de',
      dark: !!options.dark,
      stored: { token: session.token, refreshToken: session.refreshToken, userId: session.id, userName: session.userName, userEmail: session.email, emailConfirmed: true, isMaster: false, firstName: null, lastName: null, showMenu: true },
    },
  );
  const page = await context.newPage();
  await page.goto(base + url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(700);
  if (options.action) {
    await options.action(page);
    await page.waitForTimeout(700);
  }
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: !options.action });
  await context.close();
  console.log('wrote', name);
}

try {
  await shoot('dashboard-de', '/');
  await shoot('dashboard-en-dark', '/', { locale: 'en', dark: true });
  await shoot('customer-activities-de', `/customer/${huber.id}`);
  await shoot('customer-photos-de', `/customer/${huber.id}`, { action: (p) => p.getByRole('tab', { name: 'Fotos' }).click() });
  await shoot('customer-confirmations-de', `/customer/${schneider.id}`, { action: (p) => p.getByRole('tab', { name: 'Bestätigungen' }).click() });
  await shoot('activity-phone-de', `/activity/${huber.id}`, { phone: true });
  await shoot('activity-phone-dark-en', `/activity/${huber.id}?state=all`, { phone: true, dark: true, locale: 'en' });
  await shoot('library-de', '/library?state=all');
  await shoot('library-phone-de', '/library?state=all', { phone: true });
  await shoot('gallery-de', '/gallery');
  await shoot('gallery-viewer-de', '/gallery', { action: async (p) => { await p.getByRole('button', { name: /Foto .* öffnen/ }).first().click(); } });
  await shoot('gallery-phone-dark-en', '/gallery', { phone: true, dark: true, locale: 'en' });
  await shoot('capture-material-phone-de', `/activity/${huber.id}`, { phone: true, action: (p) => p.getByRole('button', { name: 'Material', exact: true }).click() });
  await shoot('capture-photo-phone-de', `/activity/${huber.id}`, { phone: true, action: (p) => p.getByRole('button', { name: 'Foto', exact: true }).click() });
  await shoot('capture-sign-step1-phone-de', `/activity/${huber.id}`, { phone: true, action: (p) => p.getByRole('button', { name: 'Unterschrift' }).click() });
  await shoot('capture-sign-step2-phone-de', `/activity/${huber.id}`, {
    phone: true,
    action: async (p) => {
      await p.getByRole('button', { name: 'Unterschrift' }).click();
      await p.getByRole('button', { name: 'Weiter zur Unterschrift' }).click();
      await p.getByLabel('Name der unterschreibenden Person').fill('Thomas Huber');
      const box = (await p.getByTestId('signature-pad').boundingBox())!;
      await p.mouse.move(box.x + 20, box.y + 120);
      await p.mouse.down();
      for (let i = 0; i <= 20; i++) await p.mouse.move(box.x + 20 + i * 15, box.y + 100 + Math.sin(i / 2) * 40);
      await p.mouse.up();
    },
  });
  await shoot('capture-note-desktop-en', `/activity/${huber.id}`, { locale: 'en', action: (p) => p.getByRole('button', { name: 'Note' }).click() });
} finally {
  await browser.close();
  await app.close();
  await prepared.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
