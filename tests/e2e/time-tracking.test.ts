/**
 * The time-tracking journeys in the built app on the real server, each in a firm of its own (an
 * Owner signed up through the API, the address confirmed from the mail: tests/e2e/journey.ts) and a
 * fresh page: clock in, take a break, clock out and see the day with its segments; start two
 * customer timers from the bar, find them again after a reload and stop one; correct a stopped
 * timer; the bar and the day as cards on a phone. Screenshots go to test-results/e2e/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshotPath } from './browser';
import { apiAs, appUrl, seedFirm, signInContext, type SeededAccount, type SeededCustomer } from './journey';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: SeededAccount;
let customers: SeededCustomer[];

const shot = async (name: string, fullPage = true) => {
  await page.waitForTimeout(350);
  await page.screenshot({ path: screenshotPath(`time-tracking-${name}`), fullPage });
};

/** A firm of its own with two customers, and a fresh page signed in as its Owner. */
async function freshFirm(viewport: 'desktop' | 'phone' = 'desktop') {
  ({ owner, customers } = await seedFirm({
    prefix: 'zeit',
    customers: ['Bäckerei Huber', 'Praxis Dr. Weber'].map((companyName) => ({ companyName, city: 'München' })),
  }));
  context = await newContext(browser, { viewport });
  await signInContext(context, owner);
  page = await context.newPage();
}

const startTimer = async (name: string) =>
  (await apiAs(owner, 'POST', '/api/TimeTracks/Start', { customerId: customers.find((c) => c.name === name)!.id })) as { id: string };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

const bar = () => page.getByRole('region', { name: 'Laufende Timer und Arbeitszeit' });

describe('time-tracking journey', () => {
  it('clocks in, takes a break, clocks out and sees the day with its segments', async () => {
    await freshFirm();
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

    // By month the rows come without their shifts: opening the month loads them from the server.
    await page.goto(`${appUrl}/timetracking?grouping=month`);
    const monthRow = table.getByTestId('work-day').first();
    await monthRow.waitFor();
    expect(await table.getByTestId('segment').count()).toBe(0);
    await monthRow.getByRole('button', { name: /^Details zu .* zeigen$/ }).click();
    await table.getByTestId('segment').nth(2).waitFor();
    expect(await table.getByTestId('shift').count()).toBe(1);
    expect(await table.getByTestId('segment').count()).toBe(3);

    const list = (await apiAs(
      owner,
      'GET',
      '/api/UserTimeTracks/GetList?includeActive=true&includeEnded=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true',
    )) as { items: { segments: { kind: string; endedAtUtc: string | null }[]; active: boolean }[] };
    expect(list.items).toHaveLength(1);
    expect(list.items[0].active).toBe(false);
    expect(list.items[0].segments.map((s) => s.kind)).toEqual(['work', 'break', 'work']);
  });

  it('starts two customer timers from the bar, keeps them over a reload and stops one', async () => {
    await freshFirm();
    await page.goto(`${appUrl}/`);
    for (const customer of customers) {
      await bar().getByRole('button', { name: 'Timer starten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Timer starten' });
      await dialog.getByLabel('Kunde', { exact: true }).fill(customer.name.split(' ')[0]);
      await dialog.getByRole('button', { name: new RegExp(`^${customer.name}.*Timer starten`) }).click();
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
    await freshFirm();
    await apiAs(owner, 'POST', '/api/TimeTracks/Stop', { id: (await startTimer('Bäckerei Huber')).id });
    await startTimer('Praxis Dr. Weber');
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

    const mine = (await apiAs(
      owner,
      'GET',
      '/api/TimeTracks/GetMy?includeRunning=true&includeStopped=true&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=10&isDescending=true',
    )) as { items: { customerName: string; durationSeconds: number; description: string | null; status: string }[] };
    const huber = mine.items.find((t) => t.customerName === 'Bäckerei Huber')!;
    expect(huber).toMatchObject({ status: 'stopped', description: 'Backstube: Steckdosen erneuert' });
    expect(huber.durationSeconds).toBeGreaterThanOrEqual(3600 - 60);
    expect(mine.items.find((t) => t.customerName === 'Praxis Dr. Weber')!.status).toBe('running');
  });

  it('shows the bar and the day as cards on a phone', async () => {
    await freshFirm('phone');
    await startTimer('Praxis Dr. Weber');
    await apiAs(owner, 'POST', '/api/UserTimeTracks/Start', {});
    await page.goto(`${appUrl}/timetracking`);
    await page.getByTestId('running-timer').filter({ hasText: 'Praxis Dr. Weber' }).waitFor();
    await page.getByTestId('work-day').first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await shot('phone');
  });
});
