/**
 * The seed and the list calls that bench:throughput and bench:scale share: customers imported
 * through the API with the activity seed of bench:activity over 200 of them; then 10,000 products
 * and the working-time seed of bench:time-tracking.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { startOfLocalDay } from '../../server/platform/time-zone';
import { customerIdsByExternalId, seed } from './activity';
import { customerRow, productRow } from './catalog';
import type { Bench } from './harness';
import { seedWorkingTime } from './time-tracking';

async function vacuumAnalyze(bench: Bench) {
  const admin = new pg.Client({ connectionString: bench.adminUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query('vacuum analyze');
  await admin.end();
}

/** `customers` customers through the API (10,000 a call), then `entries` activities over the first 200 (customerIds[0] the big one). */
export async function seedCustomersAndFeed(bench: Bench, customers: number, entries?: number) {
  for (let start = 0; start < customers; start += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, customers - start) }, (_, k) => customerRow(start + k));
    await bench.call('POST', '/api/Customers/ImportCsv', { rows, dryRun: false });
    process.stderr.write(`imported ${start + rows.length} customers\n`);
  }
  const customerIds = await customerIdsByExternalId(bench, 200);
  const admin = new pg.Client({ connectionString: bench.adminUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  const seeded = await seed(admin, bench.owner.tenantId, bench.owner.id, customerIds, customerIds[0], entries);
  await admin.end();
  await vacuumAnalyze(bench);
  process.stderr.write(`seeded ${JSON.stringify(seeded)}\n`);
  return { customerIds, activities: Number(seeded.info) + Number(seeded.tracks) + Number(seeded.photos) };
}

/** 10,000 products and the working time of `members` members over `days` days; the working-time URL of the last 12 months by month, as the screen asks it (without the shifts). */
export async function seedProductsAndWorkingTime(bench: Bench, options?: { members?: number; days?: number }) {
  for (let start = 0; start < 10_000; start += 5_000) {
    await bench.call('POST', '/api/Products/ImportCsv', { rows: Array.from({ length: 5_000 }, (_, k) => productRow(start + k)), dryRun: false });
  }
  const working = await seedWorkingTime(bench, bench.owner, options);
  await vacuumAnalyze(bench);
  process.stderr.write(`seeded 10,000 products, ${working.shifts} shifts, ${working.timers} customer time tracks\n`);
  const midnight = (day: number) => encodeURIComponent(new Date(startOfLocalDay(day, 'Europe/Berlin')).toISOString());
  return { ...working, byMonthUrl: groupedUrl(`grouping=month&includeTracks=false&fromDate=${midnight(working.today - 364)}&toDate=${midnight(working.today + 1)}`) };
}

/** The signed-up Owner as the bare server's request context. */
export function ownerContext(bench: Bench) {
  return { sessionId: crypto.randomUUID(), userId: bench.owner.id, tenantId: bench.owner.tenantId, role: 'Owner', termsConfirmed: true, emailConfirmed: true, deviceId: 'bench', lang: 'de' } as const;
}

export const feedUrl = (query: string) => `/api/CustomerActivities/ByCustomer?includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true${query}`;
export const groupedUrl = (query: string) => `/api/UserTimeTracks/GetListGrouped?page=1&pageSize=500&fillEmpty=true&${query}`;
