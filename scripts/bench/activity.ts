/**
 * Benchmark of the customer activity at 100,000 entries in one tenant: the activity feed
 * (`CustomerActivities/ByCustomer`, of one customer and of all) and the photo list
 * (`Images/GetAll`).
 *
 *   npx tsx scripts/bench/activity.ts            (or: npm run bench:activity)
 *
 * Starts its own embedded PostgreSQL in a temporary directory and the real server on a free port,
 * signs up one firm through the API, imports 200 customers through the API, and then writes the
 * entries straight into the database in bulk (the API would take minutes for 100,000 rows and is
 * not what is measured): 50,000 information entries (notes, materials, time entries), 30,000
 * stopped time tracks and 20,000 photo records, spread over 18 months; one customer holds 10 % of
 * everything, the others share the rest; 30 % are processed, a third of those archived; 300 work
 * confirmations cover some of them. After `VACUUM ANALYZE` it times every variant over HTTP
 * (`BENCH_RUNS` calls after 5 warm-up calls) and prints median and p95 per call as a Markdown table
 * (docs/benchmarks.md).
 *
 * Environment: BENCH_ENTRIES (default 100000), BENCH_RUNS (default 40).
 */
import path from 'node:path';
import pg from 'pg';
import { type Bench, machine, markdownTable, runMain, startBench } from './harness';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const CUSTOMERS = 200;

/** The ids of the firm's first `count` customers by external id (the order they were imported in). */
export async function customerIdsByExternalId(bench: Pick<Bench, 'call'>, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < count; page++) {
    const { body } = await bench.call('GET', `/api/Customers/GetAll?page=${page}&pageSize=100&isDescending=false&orderBy=externalId`);
    const items = body.data.items as Array<{ id: string }>;
    if (items.length === 0) break;
    ids.push(...items.map((c) => c.id));
  }
  return ids.slice(0, count);
}

/** The 200 customers the seed spreads its entries over, imported through the API; their ids. */
export async function importSeedCustomers(bench: Pick<Bench, 'call'>): Promise<string[]> {
  const rows = Array.from({ length: CUSTOMERS }, (_, i) => ({
    sourceLine: i + 2,
    externalId: `KD-${1000 + i}`,
    companyName: i === 0 ? 'Großkunde Wohnbau GmbH' : `Kunde ${i} GmbH`,
    city: 'München',
    country: 'DE',
  }));
  await bench.call('POST', '/api/Customers/ImportCsv', { rows, dryRun: false });
  return customerIdsByExternalId(bench, CUSTOMERS);
}

/** The bulk seed: plain SQL with generate_series, deterministic (no random()). */
export async function seed(admin: pg.Client, tenantId: string, ownerId: string, customerIds: string[], big: string, entries = ENTRIES) {
  const info = Math.round(entries * 0.5);
  const tracks = Math.round(entries * 0.3);
  const photos = entries - info - tracks;
  await admin.query('create temporary table bench_customers (n int primary key, id uuid)');
  await admin.query('insert into bench_customers select n - 1, id from unnest($1::uuid[]) with ordinality as t(id, n)', [customerIds]);
  // Entry i belongs to the big customer when i % 10 = 0, else to customer 1 + i % (n - 1).
  const customerOf = (i: string) => `(select id from bench_customers where n = case when ${i} % 10 = 0 then ${customerIds.indexOf(big)} else 1 + (${i} % ${customerIds.length - 1}) end)`;
  const at = (i: string) => `now() - ((${i} * 7919) % (540 * 24 * 60)) * interval '1 minute'`;
  // Processed, archived and the subtype use other strides than the customer (i % 10).
  const processed = (i: string) => `case when (${i} * 37 / 10) % 10 < 3 then now() end`;
  const archived = (i: string) => `case when (${i} * 37 / 10) % 10 = 0 then now() end`;
  await admin.query(`
    insert into information_entries (tenant_id, customer_id, owner_id, sub_type, text, product_name, quantity, unit, unit_price, vat_rate, duration_seconds, occurred_at, processed_at, archived_at, created_at, updated_at)
    select $1, ${customerOf('i')}, $2,
      (array['note', 'material', 'note', 'material', 'time'])[1 + k],
      case k when 0 then 'Fliesen im Bad verlegt, Fugen nachgearbeitet ' || i when 2 then 'Kunde wünscht Rückruf wegen Angebot ' || i when 4 then 'Montage Unterverteilung ' || i else null end,
      case when k in (1, 3) then (array['Kabel NYM-J 3x1,5 mm²', 'Steckdose UP', 'Leerrohr M20', 'Fehlerstromschutzschalter 40A'])[1 + i % 4] end,
      case when k in (1, 3) then 1 + i % 50 end,
      case when k in (1, 3) then 'Stk' end,
      case when k in (1, 3) then 0.5 + (i % 400) / 10.0 end,
      case when k in (1, 3) then 19 end,
      case when k = 4 then 600 + (i % 20) * 300 end,
      ${at('i')}, ${processed('i')}, ${archived('i')}, ${at('i')}, ${at('i')}
    from generate_series(1, ${info}) as i, lateral (select (i / 10 + i) % 5 as k) as subtype`, [tenantId, ownerId]);
  await admin.query(`
    insert into time_tracks (tenant_id, customer_id, owner_id, description, started_at, ended_at, duration_seconds, processed_at, archived_at)
    select $1, ${customerOf('i')}, $2, 'Arbeiten vor Ort ' || i, ${at('i')}, ${at('i')} + (1800 + (i % 12) * 900) * interval '1 second', 1800 + (i % 12) * 900, ${processed('i')}, ${archived('i')}
    from generate_series(1, ${tracks}) as i`, [tenantId, ownerId]);
  await admin.query(`
    insert into images (tenant_id, customer_id, owner_id, category, description, taken_at, width, height, file_name, content_type, size_bytes, storage_key, thumbnail_key, processed_at, archived_at)
    select $1::uuid, ${customerOf('i')}, $2, (array['before', 'after', 'damage', 'material', 'other'])[1 + (i / 10 + i) % 5],
      case when i % 3 = 0 then 'Wasserschaden im Keller ' || i else 'Zählerschrank ' || i end,
      ${at('i')}, 4032, 3024, 'kunde-' || i || '.jpg', 'image/jpeg', 2400000, $1::text || '/images/' || i || '.jpg', $1::text || '/images/' || i || '-thumb.webp', ${processed('i')}, ${archived('i')}
    from generate_series(1, ${photos}) as i`, [tenantId, ownerId]);
  // 300 confirmations, each covering the open information entries of one customer in one week.
  await admin.query(`
    insert into work_confirmations (tenant_id, customer_id, owner_id, signee, place, language, signature_key, pdf_key, file_name, created_at)
    select $1, ${customerOf('i')}, $2, 'Kunde ' || i, 'München', 'de', 'x', 'x', 'Arbeitsnachweis-' || i || '.pdf', now() - (i % 500) * interval '1 day'
    from generate_series(1, 300) as i`, [tenantId, ownerId]);
  await admin.query(`
    update information_entries ie set confirmation_id = wc.id
    from work_confirmations wc
    where ie.tenant_id = $1 and wc.tenant_id = $1 and ie.customer_id = wc.customer_id and ie.archived_at is null
      and ie.occurred_at between wc.created_at - interval '7 days' and wc.created_at`, [tenantId]);
  await admin.query('vacuum analyze information_entries, time_tracks, images, work_confirmations, customers, users');
  const counts = await admin.query(
    `select (select count(*) from information_entries) as info, (select count(*) from time_tracks) as tracks,
            (select count(*) from images) as photos, (select count(*) from work_confirmations) as confirmations,
            (select count(*) from information_entries where customer_id = $1) + (select count(*) from time_tracks where customer_id = $1)
              + (select count(*) from images where customer_id = $1) as big`,
    [big],
  );
  return counts.rows[0] as Record<string, string>;
}

async function main() {
  const { adminUrl, owner, results, call, measure: measureWithNote, close } = await startBench();
  let seeded: Record<string, string> = {};
  // Each line notes how many entries the call matched.
  const measure = (label: string, url: string) =>
    measureWithNote(label, url, (body: { data: { totalCount: number } }) => `${body.data.totalCount.toLocaleString('en')} matching`);

  try {
    const customerIds = await importSeedCustomers({ call });
    const big = customerIds[0];
    const typical = customerIds[57];

    const admin = new pg.Client({ connectionString: adminUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    const started = performance.now();
    seeded = await seed(admin, owner.tenantId, owner.id, customerIds, big);
    await admin.end();
    process.stderr.write(`seeded ${JSON.stringify(seeded)} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

    const feed = (query: string) => `/api/CustomerActivities/ByCustomer?includeProcessed=true&includeUnprocessed=true&page=1&pageSize=25&isDescending=true&${query}`;
    const month = new Date(Date.now() - 30 * 86400_000).toISOString();
    await measure('ByCustomer, typical customer, page 1', feed(`customerId=${typical}`));
    await measure('ByCustomer, largest customer, page 1', feed(`customerId=${big}`));
    await measure('ByCustomer, largest customer, page 200', feed(`customerId=${big}`).replace('page=1', 'page=200'));
    await measure('ByCustomer, largest customer, open only', feed(`customerId=${big}`).replace('includeProcessed=true', 'includeProcessed=false'));
    await measure('ByCustomer, largest customer, last 30 days', feed(`customerId=${big}&fromDate=${encodeURIComponent(month)}`));
    await measure('ByCustomer, largest customer, kind=material', feed(`customerId=${big}&kind=material`));
    await measure('ByCustomer, largest customer, kind=confirmation', feed(`customerId=${big}&kind=confirmation`));
    await measure('ByCustomer, largest customer, filter "fliesen"', feed(`customerId=${big}&filter=fliesen`));
    await measure('ByCustomer, largest customer, sort by amount', feed(`customerId=${big}&orderBy=amount`));
    await measure('ByCustomer, all customers (library), page 1', feed(''));
    await measure('ByCustomer, all customers, open only', feed('').replace('includeProcessed=true', 'includeProcessed=false'));
    await measure('ByCustomer, all customers, archived only', feed('archived=only').replace('includeUnprocessed=true', 'includeUnprocessed=false'));
    await measure('ByCustomer, all customers, last 30 days', feed(`fromDate=${encodeURIComponent(month)}`));
    await measure('ByCustomer, all customers, filter "rückruf"', feed(`filter=${encodeURIComponent('rückruf')}`));

    const images = (query: string) => `/api/Images/GetAll?includeProcessed=true&includeUnprocessed=true&page=1&pageSize=48&isDescending=true&${query}`;
    await measure('Images/GetAll, page 1 (gallery)', images(''));
    await measure('Images/GetAll, page 100', images('').replace('page=1', 'page=100'));
    await measure('Images/GetAll, largest customer', images(`customerId=${big}`));
    await measure('Images/GetAll, typical customer', images(`customerId=${typical}`));
    await measure('Images/GetAll, category damage', images('category=damage'));
    await measure('Images/GetAll, open only', images('').replace('includeProcessed=true', 'includeProcessed=false'));
    await measure('Images/GetAll, last 30 days', images(`fromDate=${encodeURIComponent(month)}`));
    await measure('Images/GetAll, filter "keller"', images('filter=keller'));
    await measure('Images/GetAll, sort by customer name', images('orderBy=customerName'));
  } finally {
    await close();
  }

  console.log(
    `\n${Number(seeded.info).toLocaleString('en')} information entries, ${Number(seeded.tracks).toLocaleString('en')} time tracks, ${Number(seeded.photos).toLocaleString('en')} photos, ${seeded.confirmations} confirmations in one tenant (${Number(seeded.big).toLocaleString('en')} of them the largest customer's); ${machine()}\n`,
  );
  console.log(markdownTable(results));
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  runMain(main);
}
