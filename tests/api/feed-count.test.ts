/**
 * The activity feed's count stops after 10,000 entries (the contract's `totalCountCapped`): exact
 * up to the cap, "more than" beyond it, pages end at the cap, and a narrower period counts exactly
 * again. The page itself is the same as before.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from '../support/test-server';
import { feedPage } from './activity-support';
import { startScene, type TestTenant } from './factories';

let server: TestServer, firm: TestTenant, customerId: string;

beforeAll(async () => {
  ({ server, firm, customers: { feed: { id: customerId } } } = await startScene({ customers: { feed: 'Bäckerei Huber' } }));
  const admin = new pg.Pool({ connectionString: server.adminUrl, max: 1 });
  // 10,050 notes, one a minute back from 2026-11-20 12:00 UTC.
  await admin.query(
    `insert into information_entries (tenant_id, customer_id, owner_id, sub_type, text, occurred_at, created_at, updated_at)
     select $1, $2, $3, 'note', 'Notiz ' || i, t, t, t
     from generate_series(1, 10050) as i, lateral (select timestamptz '2026-11-20 12:00:00+00' - i * interval '1 minute' as t) as at`,
    [firm.tenantId, customerId, firm.owner.userId],
  );
  await admin.end();
});
afterAll(() => server?.close());

const feed = (query: Record<string, string | number | boolean>) => feedPage(firm.owner, query);

describe('the feed\'s count', () => {
  it('says "more than 10,000" beyond the cap, with the newest entries on the first page', async () => {
    const page = await feed({});
    expect(page.totalCount).toBe(10001);
    expect(page.totalCountCapped).toBe(true);
    expect(page.items.map((i) => i.text).slice(0, 2)).toEqual(['Notiz 1', 'Notiz 2']);
    expect((await feed({ customerId })).totalCountCapped).toBe(true);
  });

  it('ends the pages at the cap', async () => {
    expect((await feed({ page: 400 })).items.map((i) => i.text).at(-1)).toBe('Notiz 10000');
    expect((await feed({ page: 401 })).items).toEqual([]);
  });

  it('is exact, without the flag, for a narrower period', async () => {
    // The newest 100: 11:59 back to 10:20 (the start is inclusive).
    const page = await feed({ fromDate: '2026-11-20T10:20:00Z', toDate: '2026-11-21T00:00:00Z' });
    expect(page.totalCount).toBe(100);
    expect(page.totalCountCapped).toBeUndefined();
  });
});
