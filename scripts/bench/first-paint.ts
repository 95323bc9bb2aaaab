/**
 * First paint of /login on a slow link: Chromium with DevTools network emulation (4 Mbit/s down,
 * 1 Mbit/s up, 150 ms latency, cache disabled) loads the built app from the real server and reads
 * `first-contentful-paint`. Each run pairs the server's compressed answer with the same page when
 * the browser asks for no compression (`Accept-Encoding: identity`), so the ratio is measured side
 * by side on this noisy machine. Needs `npm run build` first.
 *
 * Environment: BENCH_RUNS (pairs, default 7).
 */
import fs from 'node:fs';
import { launchBrowser } from '../../tests/e2e/browser';
import { type BenchResult, firstContentfulPaint, machine, markdownTable, runMain, startBench, stats } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function main() {
  if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first.');
  const bench = await startBench({ serveApp: true });
  const browser = await launchBrowser();
  const firstPaint = async (compressed: boolean) => {
    const context = await browser.newContext({ extraHTTPHeaders: compressed ? {} : { 'Accept-Encoding': 'identity' } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (4 * 1024 * 1024) / 8,
      uploadThroughput: (1 * 1024 * 1024) / 8,
    });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength));
    await page.goto(`${bench.base}/login`, { waitUntil: 'load', timeout: 120_000 });
    await page.getByRole('button').first().waitFor({ timeout: 120_000 });
    const fcp = await firstContentfulPaint(page);
    await context.close();
    return { fcp, bytes };
  };

  const samples = { compressed: [] as number[], identity: [] as number[] };
  let transferred = { compressed: 0, identity: 0 };
  await firstPaint(true);
  for (let run = 0; run < RUNS; run++) {
    const a = await firstPaint(true);
    const b = await firstPaint(false);
    samples.compressed.push(a.fcp);
    samples.identity.push(b.fcp);
    transferred = { compressed: a.bytes, identity: b.bytes };
  }
  await browser.close();
  await bench.close();

  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB transferred`;
  const results: BenchResult[] = [
    { call: 'first contentful paint of /login, compressed', ...stats(samples.compressed), note: kib(transferred.compressed) },
    { call: 'first contentful paint of /login, no compression', ...stats(samples.identity), note: kib(transferred.identity) },
  ];
  const ratio = stats(samples.identity).median / stats(samples.compressed).median;
  console.log(`\n${machine()}; 4 Mbit/s down, 150 ms latency\n\n${markdownTable(results)}\n\nuncompressed / compressed (medians): ${ratio.toFixed(2)}×`);
}

runMain(main);
