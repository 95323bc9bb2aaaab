/**
 * The counts of the customer, product, time-track, photo, information, shift and invoice-register
 * lists stop after 10,000 rows (decision 0046, decision 0051, the contract's `totalCountCapped`),
 * as the feed's does: exact up to the cap, 10,001 with the flag beyond it, pages end at the cap,
 * and a narrower query counts exactly again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from '../support/test-server';
import { startScene, type Member } from './factories';

let server: TestServer, owner: Member, customerId: string;
const ROWS = 10_005;

beforeAll(async () => {
  let firm;
  ({ server, firm, customers: { site: { id: customerId } } } = await startScene({ customers: { site: 'Baustelle Lindenhof' } }));
  owner = firm.owner;
  const admin = new pg.Pool({ connectionString: server.adminUrl, max: 1 });
  const args = [firm.tenantId, customerId, owner.userId, ROWS];
  await admin.query(`insert into customers (tenant_id, company_name, country) select $1, 'Kunde ' || i, 'DE' from generate_series(1, $2::int) i`, [firm.tenantId, ROWS]);
  await admin.query(`insert into products (tenant_id, name, unit, net_price) select $1, 'Kabel ' || i, 'm', 1.5 from generate_series(1, $2::int) i`, [firm.tenantId, ROWS]);
  await admin.query(
    `insert into time_tracks (tenant_id, customer_id, owner_id, started_at, ended_at, description)
     select $1, $2, $3, t, t + interval '1 hour', 'Einsatz ' || i
       from generate_series(1, $4::int) i, lateral (select timestamptz '2026-11-20 12:00:00+00' - i * interval '2 hours' as t) at`,
    args,
  );
  await admin.query(
    `insert into images (tenant_id, customer_id, owner_id, width, height, file_name, content_type, size_bytes, storage_key, thumbnail_key, description)
     select $1, $2, $3, 640, 480, 'foto-' || i || '.jpg', 'image/jpeg', 1000, 'k' || i, 't' || i, 'Foto ' || i from generate_series(1, $4::int) i`,
    args,
  );
  await admin.query(
    `insert into information_entries (tenant_id, customer_id, owner_id, sub_type, text, occurred_at)
     select $1, $2, $3, 'note', 'Notiz ' || i, timestamptz '2026-11-20 12:00:00+00' - i * interval '1 minute' from generate_series(1, $4::int) i`,
    args,
  );
  // Shifts of one member, one a day back from 2026-11-19 (the last, i = ROWS, in 1999).
  await admin.query(
    `insert into user_time_tracks (tenant_id, owner_id, started_at, ended_at)
     select $1, $2, t, t + interval '8 hours'
       from generate_series(1, $3::int) i, lateral (select timestamptz '2026-11-20 07:00:00+00' - i * interval '1 day' as t) at`,
    [firm.tenantId, owner.userId, ROWS],
  );
  // The register: vouchers created in lexoffice from here.
  await admin.query(
    `insert into accounting_vouchers (tenant_id, system, voucher_id, voucher_number, status, customer_id, voucher_date, service_from, service_to, net_cents, gross_cents, document_url)
     select $1, 'lexoffice', 'v' || i, 'RE-' || i, 'open', $2, date '2026-11-20' - (i % 300), timestamptz '2026-11-01', timestamptz '2026-11-02', 10000, 11900, 'https://app.lexoffice.de/v' || i
       from generate_series(1, $3::int) i`,
    [firm.tenantId, customerId, ROWS],
  );
  await admin.end();
});
afterAll(() => server?.close());

type Page = { totalCount: number; totalCountCapped?: boolean; items: unknown[] };

const lists: Record<string, (query: { page: number; pageSize: number; filter?: string }) => Promise<Page>> = {
  information: async (query) =>
    (await owner.api.GET('/api/Information/GetAll', { params: { query: { includeProcessed: true, includeUnprocessed: true, isDescending: true, ...query } } })).data!.data!,
  // Shifts are filtered by their member's name: the narrower query is a month of them instead.
  shifts: async ({ filter, ...query }) =>
    (
      await owner.api.GET('/api/UserTimeTracks/GetList', {
        params: {
          query: {
            includeActive: true,
            includeEnded: true,
            includeProcessed: true,
            includeUnprocessed: true,
            isDescending: true,
            ...(filter ? { fromDate: '2026-10-20T00:00:00Z', toDate: '2026-11-20T00:00:00Z' } : {}),
            ...query,
          },
        },
      })
    ).data!.data!,
  register: async (query) => (await owner.api.GET('/api/Invoices', { params: { query } })).data!.data!,
  customers: async (query) => (await owner.api.GET('/api/Customers/GetAll', { params: { query: { isDescending: false, ...query } } })).data!.data!,
  products: async (query) => (await owner.api.GET('/api/Products/GetAll', { params: { query: { isDescending: false, ...query } } })).data!.data!,
  timeTracks: async (query) =>
    (await owner.api.GET('/api/TimeTracks/Get', { params: { query: { includeRunning: true, includeStopped: true, includeProcessed: true, includeUnprocessed: true, isDescending: true, ...query } } })).data!.data!,
  photos: async (query) =>
    (await owner.api.GET('/api/Images/GetAll', { params: { query: { includeProcessed: true, includeUnprocessed: true, isDescending: true, ...query } } })).data!.data!,
};
/** A filter each list narrows to a handful of rows. */
const narrow: Record<string, string> = { information: 'Notiz 1000', shifts: 'a month', register: 'RE-1000', customers: 'Kunde 1000', products: 'Kabel 1000', timeTracks: 'Einsatz 1000', photos: 'Foto 1000' };

describe.each(Object.keys(lists))('the count of %s', (list) => {
  it('says "more than 10,000" beyond the cap and ends the pages there', async () => {
    const first = await lists[list]({ page: 1, pageSize: 50 });
    expect(first.totalCount).toBe(10_001);
    expect(first.totalCountCapped).toBe(true);
    expect(first.items).toHaveLength(50);
    expect((await lists[list]({ page: 200, pageSize: 50 })).items).toHaveLength(50);
    const past = await lists[list]({ page: 201, pageSize: 50 });
    expect(past.items).toEqual([]);
    expect(past.totalCountCapped).toBe(true);
  });

  it('is exact, without the flag, for a narrower filter', async () => {
    const page = await lists[list]({ page: 1, pageSize: 50, filter: narrow[list] });
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.totalCount).toBeLessThan(50);
    expect(page.items).toHaveLength(page.totalCount);
    expect(page.totalCountCapped).toBeUndefined();
  });
});
