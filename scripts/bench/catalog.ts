/**
 * Benchmark of the catalog (customers and products) at 50,000 rows each in one tenant.
 *
 *   npx tsx scripts/bench/catalog.ts            (or: npm run bench:catalog)
 *
 * Starts its own embedded PostgreSQL in a temporary directory, the real server on a free port,
 * signs up one firm through the API and seeds it through the CSV import call: 5 × 10,000
 * customers and 5 × 10,000 products (each import timed). Then, after `VACUUM ANALYZE` (the state
 * autovacuum reaches on its own), it times over HTTP: the list (GetAll page 1 and a deep page),
 * filters, every sort column, the EAN look-up, and re-imports of 10,000 rows that change every
 * row or none. Prints median and p95 per call as a Markdown table (docs/benchmarks.md).
 *
 * Environment: BENCH_ROWS (default 50000), BENCH_RUNS (calls per measurement, default 40).
 */
import path from 'node:path';
import pg from 'pg';
import { machine, markdownTable, runMain, startBench, stats } from './harness';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const BATCH = 10_000;

// A small deterministic generator, so every run seeds the same data.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

const firstNames = ['Anna', 'Thomas', 'Jürgen', 'Sabine', 'Michael', 'Petra', 'Stefan', 'Özlem', 'Lukas', 'Marie', 'Jonas', 'Zoë', 'Klaus', 'Ute'];
const lastNames = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Öztürk', 'Koch', 'Bauer', 'Richter'];
const trades = ['Elektro', 'Sanitär', 'Bäckerei', 'Malerei', 'Zimmerei', 'Dachdeckerei', 'Gärtnerei', 'Praxis', 'Kanzlei', 'Autohaus'];
const forms = ['GmbH', 'KG', 'GbR', 'e.K.', 'AG', 'GmbH & Co. KG'];
const cities = ['München', 'Berlin', 'Köln', 'Hamburg', 'Rosenheim', 'Augsburg', 'Würzburg', 'Leipzig', 'Dresden', 'Nürnberg', 'Ulm', 'Passau'];
const streets = ['Hauptstraße', 'Bahnhofstraße', 'Schulstraße', 'Gartenweg', 'Am Anger', 'Lindenallee', 'Marktplatz'];
const materials = ['Kabel NYM-J', 'Steckdose', 'Schalter', 'Kupferrohr', 'Dübel', 'Schraube', 'Silikon', 'Fliesenkleber', 'Gipskarton', 'Dämmwolle'];
const units = ['Stk', 'm', 'm²', 'kg', 'l', 'Pkg'];

export function customerRow(i: number) {
  const company = random() < 0.6;
  return {
    sourceLine: i + 2,
    externalId: `KD-${100000 + i}`,
    companyName: company ? `${pick(trades)} ${pick(lastNames)} ${pick(forms)}` : null,
    firstName: pick(firstNames),
    lastName: pick(lastNames),
    street: `${pick(streets)} ${1 + Math.floor(random() * 120)}`,
    zip: String(10000 + Math.floor(random() * 89999)),
    city: pick(cities),
    country: 'DE',
    phone: `+49 ${80 + Math.floor(random() * 900)} ${1000000 + i}`,
    email: `kunde${i}@beispiel-${Math.floor(random() * 500)}.de`,
    hourlyRate: random() < 0.3 ? 45 + Math.floor(random() * 40) : null,
  };
}

function ean13(i: number) {
  const body = `40${String(i).padStart(10, '0')}`;
  const sum = body.split('').reverse().reduce((acc, d, k) => acc + Number(d) * (k % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

export function productRow(i: number) {
  return {
    sourceLine: i + 2,
    name: `${pick(materials)} ${i} ${pick(['weiß', 'grau', '15 mm', '3x1,5 mm²', 'UP', 'AP', 'groß'])}`,
    ean: i % 10 === 0 ? null : ean13(i),
    unit: pick(units),
    netPrice: Math.round(random() * 20000) / 100,
    vatRate: random() < 0.1 ? 7 : 19,
    stock: random() < 0.3 ? null : Math.floor(random() * 1000),
  };
}

async function main() {
  const { adminUrl, results, call, measure, close } = await startBench();

  try {
    // Seed through the import call, timing every batch of 10,000.
    const seedImports = async (what: 'Customers' | 'Products', make: (i: number) => unknown) => {
      const samples: number[] = [];
      for (let start = 0; start < ROWS; start += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, k) => make(start + k));
        const { ms, body } = await call('POST', `/api/${what}/ImportCsv`, { rows, dryRun: false });
        if (body.data.created !== rows.length) throw new Error(`${what}: created ${body.data.created} of ${rows.length}`);
        samples.push(ms);
        process.stderr.write(`seeded ${start + rows.length} ${what.toLowerCase()} (${ms.toFixed(0)} ms)\n`);
      }
      results.push({ call: `POST /api/${what}/ImportCsv, 10,000 new rows`, ...stats(samples), note: `tenant growing from 0 to ${ROWS.toLocaleString('en')}` });
    };
    await seedImports('Customers', customerRow);
    await seedImports('Products', productRow);

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('vacuum analyze customers');
    await admin.query('vacuum analyze products');
    await admin.end();

    const list = (what: string, query: string) => `/api/${what}/GetAll?pageSize=10&isDescending=false&${query}`;
    await measure('Customers/GetAll, page 1 (default order: name)', list('Customers', 'page=1'));
    await measure('Customers/GetAll, page 1, descending', list('Customers', 'page=1').replace('isDescending=false', 'isDescending=true'));
    const lastPage = Math.ceil(ROWS / 10);
    await measure(`Customers/GetAll, page ${lastPage.toLocaleString('en')} (the last)`, list('Customers', `page=${lastPage}`));
    await measure('Customers/GetAll, include archived', list('Customers', 'page=1&includeArchived=true'));
    await measure('Customers/GetAll, filter "müller" (many hits)', list('Customers', `page=1&filter=${encodeURIComponent('müller')}`));
    await measure('Customers/GetAll, filter "kunde4711@" (one hit)', list('Customers', `page=1&filter=${encodeURIComponent('kunde4711@')}`));
    await measure('Customers/GetAll, filter "KD-10471" (external id)', list('Customers', 'page=1&filter=KD-10471'));
    for (const column of ['city', 'zip', 'phone', 'email', 'externalId', 'companyName', 'lastName', 'createdAtUtc']) {
      await measure(`Customers/GetAll, sort by ${column}`, list('Customers', `page=1&orderBy=${column}`));
    }
    await measure('Products/GetAll, page 1 (default order: name)', list('Products', 'page=1'));
    await measure(`Products/GetAll, page ${lastPage.toLocaleString('en')} (the last)`, list('Products', `page=${lastPage}`));
    await measure('Products/GetAll, filter "kabel"', list('Products', 'page=1&filter=kabel'));
    await measure('Products/GetAll, filter "400000004711" (EAN)', list('Products', 'page=1&filter=400000004711'));
    for (const column of ['netPrice', 'ean', 'unit', 'stock', 'vatRate']) {
      await measure(`Products/GetAll, sort by ${column}`, list('Products', `page=1&orderBy=${column}`));
    }
    await measure('Products/GetByEAN', `/api/Products/GetByEAN?ean=${ean13(4711)}`);
    await measure('Customers/Get', `/api/Customers/Get?id=${(await call('GET', list('Customers', 'page=1'))).body.data.items[0].id}`);

    // Re-imports of 10,000 rows into the full tenant: every row changed, then nothing changed.
    // The rows carry the key and the changed column only (a price list update, a city update).
    const reimport = async (what: 'Customers' | 'Products', rowsOf: (run: number) => Record<string, unknown>[]) => {
      const changed: number[] = [];
      const unchanged: number[] = [];
      for (let run = 0; run < 5; run++) {
        const rows = rowsOf(run);
        const first = await call('POST', `/api/${what}/ImportCsv`, { rows, dryRun: false });
        if (first.body.data.updated !== rows.length) throw new Error(`${what}: updated ${first.body.data.updated}`);
        changed.push(first.ms);
        const second = await call('POST', `/api/${what}/ImportCsv`, { rows, dryRun: false });
        if (second.body.data.skipped !== rows.length) throw new Error(`${what}: skipped ${second.body.data.skipped}`);
        unchanged.push(second.ms);
      }
      results.push({ call: `POST /api/${what}/ImportCsv, 10,000 rows, all changed`, ...stats(changed), note: `matched among ${ROWS.toLocaleString('en')}` });
      results.push({ call: `POST /api/${what}/ImportCsv, 10,000 rows, none changed`, ...stats(unchanged), note: 'reported as skipped' });
    };
    await reimport('Customers', (run) =>
      Array.from({ length: BATCH }, (_, k) => ({ sourceLine: k + 2, externalId: `KD-${100000 + k}`, city: `Neustadt ${run}` })),
    );
    const withEan = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 10 !== 0).slice(0, BATCH);
    await reimport('Products', (run) => withEan.map((i, k) => ({ sourceLine: k + 2, ean: ean13(i), netPrice: 1 + run })));
    // A dry run (the import dialog's preview) of 10,000 rows.
    {
      const rows = Array.from({ length: BATCH }, (_, k) => customerRow(ROWS + k));
      const samples: number[] = [];
      for (let run = 0; run < 5; run++) samples.push((await call('POST', '/api/Customers/ImportCsv', { rows, dryRun: true })).ms);
      results.push({ call: 'POST /api/Customers/ImportCsv, 10,000 rows, dry run', ...stats(samples) });
    }
  } finally {
    await close();
  }

  console.log(`\n${ROWS.toLocaleString('en')} customers and ${ROWS.toLocaleString('en')} products in one tenant; ${machine()}\n`);
  console.log(markdownTable(results));
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  runMain(main);
}
