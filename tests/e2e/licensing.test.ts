/**
 * The end of a trial in the built app, on its own server with Stripe configured (a local fake that
 * follows Stripe's API, with its hosted checkout page) and a clock the test moves: the Owner works
 * during the trial; 31 days later every call is refused and the app shows /license-expired; the
 * Owner buys a license there, pays on the fake checkout page, Stripe's signed webhook activates the
 * subscription, and the app opens again with the subscription shown in /profile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { prepareDatabase, type PreparedDatabase } from '../../server/bootstrap';
import { loadConfig } from '../../server/platform/config';
import { testClock, type TestClock } from '../support/clock';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../support/fake-stripe';
import { freePort } from '../support/pg-global-setup';
import { settleJobs } from '../support/test-server';
import { launchBrowser, newContext } from './browser';
import { expectPath, newDeviceId, PASSWORD, shot, signInContext, uniqueEmail, type SeededAccount } from './journey';

const DAY = 86400_000;

let stripe: FakeStripe;
let clock: TestClock;
let prepared: PreparedDatabase;
let app: FastifyInstance;
let baseUrl: string;
let dataDir: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function call(method: string, urlPath: string, deviceId: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Device-Id': deviceId, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: unknown };
  expect(response.ok, `${response.status} ${JSON.stringify(json)}`).toBe(true);
  return json.data;
}

/** Signs up through the API and confirms the address with the mailed link. */
async function signUp(): Promise<SeededAccount> {
  const email = uniqueEmail('lizenz');
  const deviceId = newDeviceId();
  const session = (await call('POST', '/api/Auth/SignUp', deviceId, { email, password: PASSWORD, tenantName: 'Gartenbau Lindner', termsConfirmed: true, language: 'de' })) as SeededAccount['session'];
  // Mail is sent by a job after the answer (decision 0040): wait until the queue is done.
  await settleJobs(prepared.database);
  const mail = app.deps.mailer.outbox(50).find((m) => m.to === email)!;
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  const confirmed = await fetch(link, { redirect: 'manual' });
  expect(confirmed.status).toBeLessThan(400);
  const renewed = (await call('POST', '/api/Auth/RefreshToken', deviceId, { token: session.refreshToken })) as SeededAccount['session'];
  return { email, password: PASSWORD, deviceId, session: renewed };
}

beforeAll(async () => {
  stripe = await startFakeStripe({ unitAmount: 1490 });
  clock = testClock(new Date());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-e2e-billing-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    ...stripeEnv(stripe),
  });
  prepared = await prepareDatabase(config, () => undefined);
  app = await buildServer({ config, database: prepared.database, clock });
  await app.listen({ port, host: 'localhost' });
  stripe.webhookUrl = `${baseUrl}/api/Subscription/StripeWebhook`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
  await prepared?.stop();
  await stripe?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('licensing', () => {
  it('ends the trial, sends the Owner to buy licenses, and opens the app again once Stripe confirms the payment', async () => {
    const owner = await signUp();
    context = await newContext(browser, { viewport: 'desktop' });
    await signInContext(context, owner);
    page = await context.newPage();

    // In the trial the app works.
    await page.goto(`${baseUrl}/profile?tab=2`);
    await page.getByText('Testphase', { exact: true }).waitFor();
    await page.getByText(/Ihre Testphase läuft bis/).waitFor();

    // A month later every call is refused; the app shows why.
    clock.advance(31 * DAY);
    await page.goto(`${baseUrl}/customerlist`);
    await expectPath(page, '/license-expired');
    await page.getByRole('heading', { name: 'Ihre Testphase ist abgelaufen' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Lizenzen' }).inputValue()).toBe('1');
    await shot(page, 'licensing-expired-de-desktop');

    // Buy on the provider's checkout page, come back to the app.
    await page.getByRole('button', { name: 'Lizenzen kaufen' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/c/pay/`));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.href.startsWith(baseUrl) && url.pathname === '/');
    expect(stripe.deliveries.every((d) => d.status === 200)).toBe(true);

    await page.goto(`${baseUrl}/profile?tab=2`);
    await page.getByText('Aktiv', { exact: true }).waitFor();
    await page.getByText(/nächste Abrechnung am/).waitFor();
    await expect.poll(() => page.getByRole('switch', { name: /^Lizenz für / }).isChecked()).toBe(true);
    await shot(page, 'licensing-active-de-desktop');

    // And the rest of the app works again.
    await page.goto(`${baseUrl}/customerlist`);
    await expectPath(page, '/customerlist');
    await page.getByRole('button', { name: /Kunde anlegen|Neuer Kunde/ }).first().waitFor();
  });
});
