#!/usr/bin/env node
/**
 * Screenshots of the app shell for a visual check: login, the signed-in shell on desktop (light and
 * dark, German and English) and on a phone with the menu open.
 *
 *   node scripts/screenshot-shell.mjs                 # builds if needed, serves dist/ with `vite preview`
 *   node scripts/screenshot-shell.mjs --url http://127.0.0.1:5173   # use a running dev server
 *   node scripts/screenshot-shell.mjs --out some/dir  # default: test-results/screenshots/shell
 *
 * The shell sits behind the login guard. Until sign-in works, the script writes a fake session to
 * localStorage (`fieldbook-session`, see src/lib/session.ts): a JWT with a far-future `exp` and the
 * role Manager. The app reads the claims; it does not check the signature.
 *
 * Chromium: Debian's /usr/bin/chromium (or CHROMIUM_PATH), driven by playwright-core.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const outDir = path.resolve(root, option('--out') ?? 'test-results/screenshots/shell');
const port = Number(option('--port') ?? 4173);
let baseUrl = option('--url');

function base64Url(value) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function fakeToken(roles) {
  const claims = {
    sub: '3f0c2a9e-6a3b-4c55-9a8e-1f2d3c4b5a60',
    tenantId: '8a1d5c2e-0b7f-4e3a-9c61-2d4e5f6a7b8c',
    iss: 'fieldbook',
    exp: Math.floor(Date.now() / 1000) + 365 * 24 * 3600,
    role: roles,
    TermsConfirmed: 'true',
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.c2NyZWVuc2hvdA`;
}

const session = {
  token: fakeToken(['Manager']),
  refreshToken: 'screenshot-refresh-token',
  userId: '3f0c2a9e-6a3b-4c55-9a8e-1f2d3c4b5a60',
  userName: 'anna.schneider',
  userEmail: 'anna@elektro-schneider.de',
  emailConfirmed: true,
  isMaster: false,
  firstName: 'Anna',
  lastName: 'Schneider',
  showMenu: true,
};

async function waitForServer(url, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server at ${url} did not answer within ${timeoutMs} ms`);
}

let server;
if (!baseUrl) {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) {
    console.log('Building the app (dist/ is missing) ...');
    const build = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  server = spawn(
    path.join(root, 'node_modules/.bin/vite'),
    ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { cwd: root, stdio: 'ignore' },
  );
  baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl);
}

fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const viewports = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

/**
 * One screenshot. `scheme` is the stored colour scheme, `locale` the stored language, `signedIn`
 * injects the fake session, `act` runs on the page before the picture.
 */
async function shoot(name, { path: urlPath = '/', viewport = 'desktop', scheme = 'light', locale = 'de', signedIn = true, act } = {}) {
  const context = await browser.newContext({
    viewport: viewports[viewport],
    deviceScaleFactor: viewport === 'phone' ? 2 : 1,
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: locale === 'de' ? 'de-DE' : 'en-US',
    colorScheme: scheme === 'dark' ? 'dark' : 'light',
  });
  await context.addInitScript(
    ({ scheme, locale, session }) => {
      localStorage.setItem('fieldbook-color-scheme', scheme);
      localStorage.setItem('fieldbook-locale', locale);
      if (session) localStorage.setItem('fieldbook-session', JSON.stringify(session));
      else localStorage.removeItem('fieldbook-session');
    },
    { scheme, locale, session: signedIn ? session : null },
  );
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  await page.goto(new URL(urlPath, baseUrl).href, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 10_000 });
  if (act) await act(page);
  await page.waitForTimeout(400);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  const htmlClass = await page.evaluate(() => globalThis.document.documentElement.className);
  const lang = await page.evaluate(() => globalThis.document.documentElement.lang);
  console.log(`${name}.png  (url ${page.url().replace(baseUrl, '')}, html class "${htmlClass}", lang ${lang})`);
  for (const problem of problems) console.log(`  ! ${problem}`);
  await context.close();
}

const openMenu = async (page) => {
  await page.locator('button[aria-controls="app-navbar"]').click();
};

try {
  await shoot('login-desktop-de', { path: '/login', signedIn: false });
  await shoot('login-desktop-de-submit-error', {
    path: '/login',
    signedIn: false,
    act: async (page) => {
      await page.getByLabel(/E-Mail oder Benutzername/).fill('anna@elektro-schneider.de');
      await page.getByLabel(/^Passwort/).fill('geheim123');
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await page.locator('.mantine-Notification-root').first().waitFor({ timeout: 5000 });
    },
  });
  await shoot('register-phone-de-validation', {
    path: '/register',
    viewport: 'phone',
    signedIn: false,
    act: async (page) => {
      await page.getByRole('button', { name: 'Konto erstellen' }).click();
    },
  });
  await shoot('shell-desktop-light-de', { path: '/' });
  await shoot('shell-desktop-dark-de', { path: '/', scheme: 'dark' });
  await shoot('shell-desktop-light-en', { path: '/customerlist', locale: 'en' });
  await shoot('shell-desktop-dark-en', { path: '/customerlist', scheme: 'dark', locale: 'en' });
  await shoot('shell-desktop-menu-hidden-de', { path: '/library', act: openMenu });
  await shoot('shell-desktop-user-menu-de', {
    path: '/materiallist',
    act: async (page) => {
      await page.getByRole('button', { name: 'Benutzermenü' }).click();
    },
  });
  await shoot('shell-phone-light-de', { path: '/', viewport: 'phone' });
  await shoot('shell-phone-menu-open-de', { path: '/', viewport: 'phone', act: openMenu });
  await shoot('shell-phone-menu-open-dark-en', { path: '/timetracking', viewport: 'phone', scheme: 'dark', locale: 'en', act: openMenu });
  await shoot('shell-phone-profile-de', { path: '/profile?tab=1', viewport: 'phone' });
  await shoot('info-phone-dark-de', { path: '/license-expired?role=Manager', viewport: 'phone', scheme: 'dark', signedIn: false });
  console.log(`\nScreenshots in ${path.relative(root, outDir) || '.'}`);
} finally {
  await browser.close();
  server?.kill();
}
