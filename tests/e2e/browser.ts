/** Debian's Chromium driven by playwright-core, with the flags this machine needs. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactsDir = path.resolve('test-results/e2e');

/** `extraArgs`: more Chromium switches, such as a fake microphone that plays a WAV file. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export async function newContext(
  browser: Browser,
  options: { viewport?: keyof typeof viewports; locale?: string; colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    // The app's service worker (decision 0036) answers the app's own files from its cache, where a
    // test's `page.route` would not see them: allowed where a test asks for it (tests/e2e/offline.test.ts).
    serviceWorkers: options.serviceWorkers ?? 'block',
    viewport: viewports[options.viewport ?? 'desktop'],
    locale: options.locale ?? 'de-DE',
    // The firms are German: browser, server (the tenant's zone) and tests agree on "today".
    timezoneId: 'Europe/Berlin',
    colorScheme: options.colorScheme ?? 'light',
    isMobile: options.viewport === 'phone',
    hasTouch: options.viewport === 'phone',
  });
}

export function screenshotPath(name: string) {
  fs.mkdirSync(artifactsDir, { recursive: true });
  return path.join(artifactsDir, `${name}.png`);
}
