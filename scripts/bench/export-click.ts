/**
 * Exports of the library's report in the browser, end to end: from the click on "CSV exportieren"
 * or "XLSX exportieren" to the browser's download, for about 10,000 material rows.
 *
 *   npm run build && npx tsx scripts/bench/export-click.ts     (or: npm run bench:export-click)
 *
 * The real server serves the built app; one firm with the activity seed of
 * scripts/bench/activity.ts (BENCH_ENTRIES, default 50,000 entries, a fifth of them materials)
 * over 200 customers. Chromium opens the report of every material (period "all") signed in as the
 * Owner, and each run reloads the page and clicks once, so each click loads every page of the
 * report from the server, builds the file and hands it to the browser. The first XLSX click of a
 * page also loads the workbook library (from the browser cache after the first run).
 *
 * Environment: BENCH_ENTRIES, BENCH_RUNS (clicks per format, default 7).
 */
import fs from 'node:fs';
import pg from 'pg';
import { launchBrowser } from '../../tests/e2e/browser';
import { importSeedCustomers, seed } from './activity';
import { type BenchResult, machine, markdownTable, runMain, startBench, stats } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 50_000);

async function main() {
  if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first.');
  const bench = await startBench({ serveApp: true });
  const browser = await launchBrowser();
  try {
    const customerIds = await importSeedCustomers(bench);
    const admin = new pg.Client({ connectionString: bench.adminUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    await seed(admin, bench.owner.tenantId, bench.owner.id, customerIds, customerIds[0], ENTRIES);
    // The app asks a new Owner to confirm the e-mail address first; the bench firm has.
    await admin.query('update users set email_confirmed_at = now() where id = $1', [bench.owner.id]);
    await admin.query('vacuum analyze');
    await admin.end();
    const { body: report } = await bench.call('GET', '/api/Information/Reporting?subType=material&includeProcessed=true&includeUnprocessed=true&page=1&pageSize=1&isDescending=true&orderBy=occurredAtUtc');
    const materials = report.data.totalCount as number;

    const { session: signedUp, deviceId } = bench.signedIn();
    // A token that says so: refreshed after the confirmation.
    const refreshed = await fetch(`${bench.base}/api/Auth/RefreshToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Device-Id': deviceId },
      body: JSON.stringify({ token: signedUp.refreshToken }),
    });
    if (!refreshed.ok) throw new Error(`refresh failed: ${refreshed.status}`);
    const session = { ...signedUp, ...((await refreshed.json()) as { data: Record<string, unknown> }).data };
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(
      ({ stored, device }) => {
        localStorage.setItem('fieldbook-session', JSON.stringify(stored));
        localStorage.setItem('fieldbook-device-id', device);
        localStorage.setItem('fieldbook-locale', 'de');
        localStorage.setItem(`fieldbook-onboarding-later-${String(stored.userId)}`, 'bench');
      },
      {
        stored: { token: session.token, refreshToken: session.refreshToken, userId: session.id, userName: session.userName, userEmail: session.email, emailConfirmed: true, isMaster: true, firstName: null, lastName: null, showMenu: true },
        device: deviceId,
      },
    );
    const page = await context.newPage();
    const click = async (label: string) => {
      await page.goto(`${bench.base}/library?view=report&subType=material&period=all&processed=all`);
      const button = page.getByRole('button', { name: label });
      await page
        .getByRole('table', { name: 'Auswertung' })
        .waitFor({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          await page.screenshot({ path: 'test-results/export-click-failed.png' });
          throw error;
        });
      await button.waitFor();
      const downloading = page.waitForEvent('download', { timeout: 120_000 });
      const started = await page.evaluate(() => performance.now());
      await button.click();
      const download = await downloading;
      const ended = await page.evaluate(() => performance.now());
      await download.path();
      return ended - started;
    };
    const samples: Record<string, number[]> = { 'CSV exportieren': [], 'XLSX exportieren': [] };
    await click('CSV exportieren');
    await click('XLSX exportieren');
    for (let run = 0; run < RUNS; run++) {
      for (const label of Object.keys(samples)) samples[label].push(await click(label));
    }
    await context.close();
    const results: BenchResult[] = Object.entries(samples).map(([label, list]) => ({
      call: `click on "${label}" to download, ${materials.toLocaleString('en')} rows`,
      ...stats(list),
      note: 'every page of the report loaded, the file built',
    }));
    console.log(`\n${machine()}; Chromium, server on the same machine\n\n${markdownTable(results)}`);
  } finally {
    await browser.close();
    await bench.close();
  }
}

runMain(main);
