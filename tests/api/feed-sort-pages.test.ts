/**
 * The feed sorted by amount, duration or kind: each of the four branches is cut to its first rows
 * in the page's order before they are merged (customer-activities.repository.ts). Pages of any size
 * must tile the whole order, and the whole order must be the one asked for: the key (empty last),
 * then the id, in the same direction. Ties and empty keys are many here, so a branch cut by a
 * different order than the merged feed's would lose or repeat rows.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { type TestServer } from '../support/test-server';
import { feedPage } from './activity-support';
import { startScene, type TestTenant } from './factories';

type Activity = components['schemas']['CustomerActivity'];

let server: TestServer, firm: TestTenant, customerId: string;

beforeAll(async () => {
  ({ server, firm, customers: { feed: { id: customerId } } } = await startScene({ customers: { feed: 'Bäckerei Huber' } }));
  const admin = new pg.Pool({ connectionString: server.adminUrl, max: 1 });
  const at = `timestamptz '2026-11-20 12:00:00+00' - i * interval '1 hour'`;
  // Notes, materials (a third without a price: no amount; amounts repeat), time entries with repeating durations.
  await admin.query(
    `insert into information_entries (tenant_id, customer_id, owner_id, sub_type, text, product_name, quantity, unit, unit_price, vat_rate, duration_seconds, occurred_at, created_at, updated_at)
     select $1, $2, $3, (array['note', 'material', 'time'])[1 + i % 3],
       case when i % 3 <> 1 then 'Eintrag ' || i end,
       case when i % 3 = 1 then 'Material ' || i end,
       case when i % 3 = 1 then 1 + i % 4 end, case when i % 3 = 1 then 'Stk' end,
       case when i % 3 = 1 and i % 9 <> 1 then 2.5 * (i % 5) end, case when i % 3 = 1 then 19 end,
       case when i % 3 = 2 then 900 * (1 + i % 4) end,
       ${at}, ${at}, ${at}
     from generate_series(1, 45) as i`,
    [firm.tenantId, customerId, firm.owner.userId],
  );
  await admin.query(
    `insert into time_tracks (tenant_id, customer_id, owner_id, description, started_at, ended_at, duration_seconds)
     select $1, $2, $3, 'Arbeiten ' || i, ${at}, ${at} + 900 * (1 + i % 4) * interval '1 second', 900 * (1 + i % 4)
     from generate_series(46, 65) as i`,
    [firm.tenantId, customerId, firm.owner.userId],
  );
  await admin.query(
    `insert into images (tenant_id, customer_id, owner_id, category, description, taken_at, width, height, file_name, content_type, size_bytes, storage_key, thumbnail_key)
     select $1::uuid, $2, $3, 'other', 'Foto ' || i, ${at}, 640, 480, 'foto-' || i || '.jpg', 'image/jpeg', 1000, $1::text || '/images/' || i || '.jpg', $1::text || '/images/' || i || '-thumb.webp'
     from generate_series(66, 77) as i`,
    [firm.tenantId, customerId, firm.owner.userId],
  );
  await admin.end();
});
afterAll(() => server?.close());

const feed = (query: Record<string, string | number | boolean>) => feedPage(firm.owner, { customerId, pageSize: 100, ...query });

const keys = {
  amount: (a: Activity) => a.amount ?? null,
  durationSeconds: (a: Activity) => a.durationSeconds ?? null,
  kind: (a: Activity) => a.kind,
} as const;

/** The order asked for: the key (empty ones last in both directions), then the id, both in the direction. */
function compare(key: keyof typeof keys, descending: boolean) {
  const sign = descending ? -1 : 1;
  return (a: Activity, b: Activity) => {
    const x = keys[key](a);
    const y = keys[key](b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      return sign * (x < y ? -1 : 1);
    }
    return sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
}

describe('the feed sorted by a column of its own', () => {
  for (const orderBy of ['amount', 'durationSeconds', 'kind'] as const) {
    for (const isDescending of [true, false]) {
      it(`pages by ${orderBy}, ${isDescending ? 'descending' : 'ascending'}, tile the whole order`, async () => {
        const whole = await feed({ orderBy, isDescending });
        expect(whole.totalCount).toBe(77);
        expect(whole.items).toHaveLength(77);
        expect(whole.items.map((i) => i.id)).toEqual([...whole.items].sort(compare(orderBy, isDescending)).map((i) => i.id));
        for (const pageSize of [5, 13]) {
          const pages: string[] = [];
          for (let page = 1; (page - 1) * pageSize < 77; page++) pages.push(...(await feed({ orderBy, isDescending, page, pageSize })).items.map((i) => i.id));
          expect(pages).toEqual(whole.items.map((i) => i.id));
        }
      });
    }
  }

  it('puts the priced materials first by amount, the rest after them', async () => {
    const whole = (await feed({ orderBy: 'amount', isDescending: true })).items;
    const priced = whole.filter((i) => i.amount !== null && i.amount !== undefined);
    expect(priced.length).toBeGreaterThan(5);
    expect(whole.slice(0, priced.length)).toEqual(priced);
    expect(new Set(whole.slice(priced.length).map((i) => i.kind))).toEqual(new Set(['note', 'material', 'timeEntry', 'time', 'image']));
  });
});
