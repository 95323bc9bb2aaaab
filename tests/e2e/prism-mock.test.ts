/**
 * The built app against the Prism mock of the contract, as `npm run dev:mock` runs it (the mock's
 * examples for answers, `vite preview` of dist/ with the API proxied to the mock). It proves that
 * front-end work against the mock stays possible: the main screens open without a page error or a
 * console error, and every request the app sends fits the contract. Prism checks each request
 * against the operation (path, method, security, parameters, body) and reports what does not fit
 * in the header `sl-violations` (with 4xx when it refuses the request); any such answer fails here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/pg-global-setup';
import { launchBrowser, newContext, screenshotPath } from './browser';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

let mock: ChildProcess | undefined;
let preview: ChildProcess | undefined;
let browser: Browser;
let appUrl = '';

/**
 * Starts a child and resolves once its output says it is ready (or rejects when it ends first).
 * Colours are switched off and stripped: with `CI` set, Vite and Prism colour their output, and
 * `\x1b[1mLocal\x1b[22m:` does not match `/Local:/`.
 */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listen = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString('utf8'));
      if (ready.test(output)) resolve(child);
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${path.basename(command)} ended (${code}) before it was ready:\n${output.slice(-2000)}`)));
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Collects what makes a screen fail: page errors, console errors, requests the mock refuses or flags. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== appUrl) return;
    const violations = response.headers()['sl-violations'];
    if (violations || response.status() >= 400) {
      problems.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search} ${violations ?? ''}`.trim());
    }
  });
  return problems;
}

/** Waits until the screen has its heading and no request of the app is open. */
async function settle(page: Page, heading: RegExp) {
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

beforeAll(async () => {
  const mockPort = await freePort();
  const appPort = await freePort();
  appUrl = `http://localhost:${appPort}`;
  // The same switches as `npm run dev:mock` (scripts/mock.mjs).
  [mock, browser] = await Promise.all([
    start(bin('prism'), ['mock', 'generated/openapi.json', '--port', String(mockPort), '--host', '127.0.0.1', '--errors', 'false'], {}, /Prism is listening/),
    launchBrowser(),
  ]);
  preview = await start(
    bin('vite'),
    ['preview', '--port', String(appPort), '--strictPort', '--host', 'localhost'],
    { API_PROXY_TARGET: `http://127.0.0.1:${mockPort}`, API_MOCK: '1' },
    /Local:/,
  );
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([stop(preview), stop(mock)]);
});

describe('the built app against the Prism mock', () => {
  it('opens the main screens without an error and sends only requests the contract allows', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watch(page);
    const visited: string[] = [];
    const check = async (name: string, heading: RegExp) => {
      await settle(page, heading);
      visited.push(name);
      await page.screenshot({ path: screenshotPath(`prism-mock-${name}`) });
    };

    // Sign-in: the mock accepts any account and answers with the contract's example session.
    await page.goto(`${appUrl}/login`);
    await check('sign-in', /Willkommen/);
    await page.locator('input[data-path="userNameOrEmail"]').fill('thomas@elektro-schneider.de');
    await page.locator('input[data-path="password"]').fill('Sonnenblume-Kabel-42');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${appUrl}/`);
    await check('dashboard', /./);

    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Kunden' }).click();
    await page.waitForURL(/\/customerlist/);
    await check('customers', /Kunden/);

    await page.locator('a[href^="/customer/"]').first().click();
    await page.waitForURL(/\/customer\//);
    await check('customer', /./);

    await nav.getByRole('link', { name: 'Zeiterfassung' }).click();
    await page.waitForURL(/\/timetracking/);
    await check('time-tracking', /Zeiterfassung/);

    await nav.getByRole('link', { name: 'Bibliothek' }).click();
    await page.waitForURL(/\/library/);
    await check('library', /Bibliothek/);

    await nav.getByRole('link', { name: 'Firmenprofil' }).click();
    await page.waitForURL(/\/profile/);
    await check('profile', /Firmenprofil/);

    expect(visited).toEqual(['sign-in', 'dashboard', 'customers', 'customer', 'time-tracking', 'library', 'profile']);
    expect(problems).toEqual([]);

    // The watch bites: a request the contract does not allow (no page size, an unknown path) is caught.
    await page.evaluate(async () => {
      const session = { headers: { 'X-Device-Id': 'backoffice_x', Authorization: 'Bearer x' } };
      await fetch('/api/Customers/GetAll?page=1', session);
      await fetch('/api/Customers/NoSuchCall', session);
    });
    await expect.poll(() => problems.length).toBeGreaterThanOrEqual(2);
    expect(problems.join('\n')).toMatch(/GET \/api\/Customers\/GetAll\?page=1 .*pageSize/i);
    expect(problems.join('\n')).toMatch(/404 GET \/api\/Customers\/NoSuchCall/);
    await context.close();
  });
});
