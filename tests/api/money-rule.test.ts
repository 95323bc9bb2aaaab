/**
 * The one money rule (`server/platform/money.ts`) in SQL and in TypeScript agree to the cent: the
 * dashboard's open value per customer (PostgreSQL, over many customers) against the invoice's rule
 * on the very rows the invoice preview loads, on seeded random data: fractional quantities (0.333),
 * many small entries, several prices of one product, free text in different cases (umlauts too),
 * 0/7/19 % and missing rates, prices missing, processed, archived, running and out-of-period
 * entries, customer rates and the firm's default.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, informationEntries, products, tenants, timeTracks } from '../../server/db/schema';
import { billableRows } from '../../server/modules/invoice/invoice.repository';
import { invoicePositions, invoiceTotals } from '../../server/modules/invoice/invoice.rules';
import { openPositionsPerCustomer } from '../../server/modules/customer-activities/customer-activities.repository';
import { openValue } from '../../server/platform/money';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTenant, type TestTenant } from './factories';
import { seededRandom, seedMoneyData, type SeededFirm } from './money-support';

let server: TestServer;
let firm: TestTenant;
let seeded: SeededFirm;

const FROM = '2026-10-01T00:00:00+02:00';
const TO = '2026-11-01T00:00:00+01:00';

beforeAll(async () => {
  server = await startTestServer({}, { clock: testClock('2026-11-20T09:00:00Z') });
  firm = await createTenant(server, { name: 'Elektro Geldregel' });
  seeded = await seedMoneyData(server, firm.owner, seededRandom(20261126), { customers: 40, from: new Date(FROM), to: new Date(TO) });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the money rule in SQL and TypeScript', () => {
  it('values every customer the same in the dashboard query and in the invoice rule, to the cent', async () => {
    const period = { fromDate: FROM, toDate: TO };
    const tenantId = firm.tenantId;
    const compared = await server.database.withTenant(tenantId, async (tx) => {
      const [tenant] = await tx.select().from(tenants).where(eq(tenants.tenantId, tenantId));
      const rows: { customer: string; sql: number; rule: number; invoice: number }[] = [];
      for (const customer of seeded.customerIds) {
        const [dashboard] = await openPositionsPerCustomer(tx, tenantId, { customerId: customer, ...period });
        const [own] = await tx.select().from(customers).where(eq(customers.id, customer));
        const entries = await billableRows(tx, tenantId, { kind: 'period', customerId: customer, fromDate: new Date(FROM), toDate: new Date(TO) });
        const labour = entries.filter((r) => r.source !== 'material');
        const materials = entries.filter((r) => r.source === 'material');
        const hourlyRate = own.hourlyRate ?? tenant.defaultHourlyRate;
        const value = openValue({
          seconds: labour.map((r) => r.seconds ?? 0),
          materials: materials.map((r) => ({ productId: r.productId, name: r.productName ?? r.text ?? '', quantity: r.quantity ?? 0, unit: r.unit, unitPrice: r.unitPrice, vatRate: r.vatRate })),
          hourlyRate,
        });
        const positions = invoicePositions({
          language: 'de',
          vatTreatment: 'standard',
          hourlyRate,
          periodLabel: '',
          labour: labour.map((r) => ({ kind: r.source === 'time' ? 'time' : 'timeTrack', id: r.id, seconds: r.seconds ?? 0 })),
          materials: materials.map((r) => ({ id: r.id, productId: r.productId, name: r.productName ?? r.text ?? '', quantity: r.quantity ?? 0, unit: r.unit, unitPrice: r.unitPrice, vatRate: r.vatRate })),
        });
        rows.push({
          customer,
          sql: dashboard ? Math.round(dashboard.openAmount * 100) : 0,
          rule: value.netCents,
          invoice: positions.length ? invoiceTotals(positions).netCents : 0,
        });
        if (dashboard) expect(dashboard.positions).toBe(entries.length);
      }
      return rows;
    });
    expect(compared.length).toBe(40);
    // Enough data to matter: most customers have something open, and materials of several groups.
    expect(compared.filter((r) => r.rule > 0).length).toBeGreaterThan(30);
    expect(compared.filter((r) => r.sql !== r.rule)).toEqual([]);
    expect(compared.filter((r) => r.invoice !== r.rule)).toEqual([]);
  });

  it('values 2 × 0.333 m at 1,00 € as 0,67 € in SQL, as the invoice does (not 0,66 € per entry)', async () => {
    const tenantId = firm.tenantId;
    const customerId = crypto.randomUUID();
    await server.database.withTenant(tenantId, async (tx) => {
      await tx.insert(customers).values({ tenantId, id: customerId, companyName: 'Drittelkunde' });
      const [product] = await tx.insert(products).values({ tenantId, name: 'Kabel', unit: 'm', netPrice: 1, vatRate: 19 }).returning();
      const entry = { tenantId, customerId, ownerId: firm.owner.userId, subType: 'material', productId: product.id, productName: 'Kabel', quantity: 0.333, unit: 'm', unitPrice: 1, vatRate: 19, occurredAt: new Date('2026-10-05T08:00:00Z') };
      await tx.insert(informationEntries).values([entry, entry]);
    });
    const [row] = await server.database.withTenant(tenantId, (tx) => openPositionsPerCustomer(tx, tenantId, { customerId, fromDate: FROM, toDate: TO }));
    expect(row).toMatchObject({ positions: 2, materialAmount: 0.67, labourAmount: 0, openAmount: 0.67 });
  });

  it('bills a stopped time track without a stored duration by its span, in both', async () => {
    const tenantId = firm.tenantId;
    const customerId = crypto.randomUUID();
    await server.database.withTenant(tenantId, async (tx) => {
      await tx.insert(customers).values({ tenantId, id: customerId, companyName: 'Spannenkunde', hourlyRate: 60 });
      await tx.insert(timeTracks).values({ tenantId, customerId, ownerId: firm.owner.userId, startedAt: new Date('2026-10-05T08:00:00Z'), endedAt: new Date('2026-10-05T09:00:01Z'), durationSeconds: null });
    });
    const [row] = await server.database.withTenant(tenantId, (tx) => openPositionsPerCustomer(tx, tenantId, { customerId, fromDate: FROM, toDate: TO }));
    // 3601 s → 1,25 h × 60 € = 75 €
    expect(row).toMatchObject({ workingSeconds: 3601, labourAmount: 75, openAmount: 75 });
  });
});
