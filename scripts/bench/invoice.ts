/**
 * Invoice preview and each export over 10,000 entries of one customer in one month: 4,000 time
 * tracks, 3,000 `time` entries and 3,000 materials (half of one product, half free text in 20
 * names, mixed VAT), seeded as the administrator. Times `Invoice/CreatePreviewFromActivities` per
 * output format (also the e-invoices XRechnung and ZUGFeRD) at the client and states the resident memory of the process (server and client
 * share it here). Goal: each under 2 s.
 *
 * Environment: BENCH_RUNS (calls per format after one warm-up, default 6).
 */
import pg from 'pg';
import { type BenchResult, machine, markdownTable, runMain, startBench, stats } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 6);

async function main() {
  const bench = await startBench();
  const results: BenchResult[] = [];
  try {
    // The e-invoices need the firm's address, tax number, bank and contact, and the customer's address and e-mail.
    await bench.call('PUT', '/api/Management/UpdateTenant', {
      name: 'Bench', companyName: 'Elektro Bench GmbH', street: 'Werkstattweg 3', zip: '80331', city: 'München', country: 'DE',
      phone: '+49 89 1234567', email: 'info@bench.example', website: null, vatId: 'DE123456789', taxNumber: '143/123/45678',
      iban: 'DE02120300000000202051', bic: 'BYLADEM1001', bankName: 'Stadtsparkasse', defaultHourlyRate: 60, smallBusiness: false,
      invoiceLanguage: 'de', timeZone: 'Europe/Berlin', dailyTargetMinutes: 480,
    });
    const { body: created } = await bench.call('POST', '/api/Customers/Create', {
      companyName: 'Großkunde Wohnbau GmbH', street: 'Hauptstraße 1', zip: '80331', city: 'München', country: 'DE', email: 'rechnung@wohnbau.example',
    });
    const customerId = created.data.id;
    const { body: product } = await bench.call('POST', '/api/Products/Create', { name: 'Kabel', unit: 'm', netPrice: 0.89, vatRate: 19 });
    const admin = new pg.Client({ connectionString: bench.adminUrl });
    await admin.connect();
    const ids = [bench.owner.tenantId, customerId, bench.owner.id];
    await admin.query(
      `insert into time_tracks (tenant_id, customer_id, owner_id, description, started_at, ended_at, duration_seconds)
       select $1, $2, $3, 'Arbeit ' || n, timestamptz '2026-10-01 06:00Z' + (n % 30) * interval '1 day' + (n % 600) * interval '1 second',
              timestamptz '2026-10-01 07:00Z' + (n % 30) * interval '1 day', 1800 + n % 1800
         from generate_series(1, 4000) n`,
      ids,
    );
    await admin.query(
      `insert into information_entries (tenant_id, customer_id, owner_id, sub_type, text, duration_seconds, occurred_at)
       select $1, $2, $3, 'time', 'Zeit ' || n, 60 + n % 3600, timestamptz '2026-10-01 08:00Z' + (n % 30) * interval '1 day'
         from generate_series(1, 3000) n`,
      ids,
    );
    await admin.query(
      `insert into information_entries (tenant_id, customer_id, owner_id, sub_type, text, product_id, product_name, quantity, unit, unit_price, vat_rate, occurred_at)
       select $1, $2, $3, 'material', case when n % 2 = 0 then null else 'Teil ' || (n % 20) end, case when n % 2 = 0 then $4::uuid end,
              case when n % 2 = 0 then 'Kabel' end, 1 + (n % 7) * 0.5, 'Stk', 0.89 + (n % 20), case when n % 3 = 0 then 7 else 19 end,
              timestamptz '2026-10-01 09:00Z' + (n % 30) * interval '1 day'
         from generate_series(1, 3000) n`,
      [...ids, product.data.id],
    );
    await admin.query('vacuum analyze information_entries, time_tracks');
    await admin.end();

    const request = { customerId, fromDate: '2026-10-01T00:00:00Z', toDate: '2026-11-01T00:00:00Z', language: 'de', invoiceNumber: 'RE-2026-0001' };
    for (const outputFormat of ['json', 'pdf', 'csv', 'xlsx', 'xrechnung', 'zugferd']) {
      const samples: number[] = [];
      let size = 0;
      let positions = 0;
      for (let run = 0; run <= RUNS; run++) {
        const { ms, body } = await bench.call('POST', '/api/Invoice/CreatePreviewFromActivities', { ...request, outputFormat });
        if (run > 0) samples.push(ms);
        size = body.data.document ? Buffer.from(body.data.document.contentBase64, 'base64').length : JSON.stringify(body).length;
        positions = body.data.positions.length;
      }
      const rss = process.memoryUsage().rss / 1048576;
      results.push({
        call: `preview over 10,000 entries, ${outputFormat}`,
        ...stats(samples),
        note: `${positions} positions, ${(size / 1024).toFixed(0)} KiB, process ${rss.toFixed(0)} MiB resident`,
      });
    }
  } finally {
    await bench.close();
  }
  console.log(`\n${machine()}\n\n${markdownTable(results)}`);
}

runMain(main);
