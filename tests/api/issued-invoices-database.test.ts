/**
 * Issued invoices in the database (decision 0031): the rows are never changed or deleted, by the
 * app role (no grant, and a trigger) nor by the owner of the tables (the trigger); an entry bound
 * to an issued invoice keeps what was billed; the number sequence hands out each number once.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertTenant } from '../support/factories';
import { insertIssuedInvoice, takeNextSequenceNumber } from '../../server/modules/invoice/issued-invoices.repository';

let server: TestServer;
let admin: pg.Pool;
beforeAll(async () => {
  server = await startTestServer();
  admin = new pg.Pool({ connectionString: server.adminUrl, max: 2 });
});
afterAll(async () => {
  await admin?.end();
  await server?.close();
});

const messageOf = (error: unknown) => String(((error as Error).cause as Error | undefined)?.message ?? (error as Error).message);

/** A firm with a customer, an issued invoice and one entry of each kind bound to it. */
async function issuedFixture() {
  const tenantId = await insertTenant(server);
  const customerId = crypto.randomUUID();
  const invoiceId = crypto.randomUUID();
  const ownerId = crypto.randomUUID();
  const entryId = crypto.randomUUID();
  const trackId = crypto.randomUUID();
  await server.database.withTenant(tenantId, async (tx) => {
    await tx.execute(sql`insert into users (tenant_id, id, email, user_name) values (${tenantId}, ${ownerId}, ${`o-${ownerId}@example.de`}, 'o')`);
    await tx.execute(sql`insert into customers (tenant_id, id, company_name) values (${tenantId}, ${customerId}, 'Kunde GmbH')`);
    await insertIssuedInvoice(tx, {
      tenantId,
      id: invoiceId,
      number: 'RE-2026-0001',
      sequenceYear: 2026,
      sequenceNumber: 1,
      kind: 'invoice',
      customerId,
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-04',
      serviceFrom: new Date('2026-11-01T00:00:00Z'),
      serviceTo: new Date('2026-12-01T00:00:00Z'),
      language: 'de',
      format: 'pdf',
      title: 'Rechnung',
      vatTreatment: 'standard',
      netCents: 10000,
      vatCents: 1900,
      grossCents: 11900,
      vatByRate: [{ vatCategory: 'S', vatRate: 19, netCents: 10000, vatCents: 1900 }],
      seller: { name: 'Firma' } as never,
      buyer: { name: 'Kunde GmbH' } as never,
      positions: [],
      pdf: Buffer.from('%PDF-1.7 issued'),
      pdfFileName: 'Rechnung.pdf',
      pdfSha256: 'x',
    });
    await tx.execute(sql`insert into information_entries (tenant_id, id, customer_id, owner_id, sub_type, text, quantity, unit_price, invoice_id)
      values (${tenantId}, ${entryId}, ${customerId}, ${ownerId}, 'material', 'Kabel', 2, 5, ${invoiceId})`);
    await tx.execute(sql`insert into time_tracks (tenant_id, id, customer_id, owner_id, started_at, ended_at, invoice_id)
      values (${tenantId}, ${trackId}, ${customerId}, ${ownerId}, now() - interval '2 hours', now() - interval '1 hour', ${invoiceId})`);
  });
  return { tenantId, customerId, invoiceId, entryId, trackId };
}

describe('issued invoices are unalterable', () => {
  it('refuses UPDATE, DELETE and TRUNCATE to the app role in SQL', async () => {
    const { tenantId, invoiceId } = await issuedFixture();
    for (const statement of [
      sql`update issued_invoices set gross_cents = 1 where id = ${invoiceId}`,
      sql`update issued_invoices set pdf = ${Buffer.from('forged')} where id = ${invoiceId}`,
      sql`delete from issued_invoices where id = ${invoiceId}`,
      sql`truncate issued_invoices`,
    ]) {
      await expect(server.database.withTenant(tenantId, (tx) => tx.execute(statement))).rejects.toSatisfy((e) => /permission denied/.test(messageOf(e)));
    }
    const { rows } = await admin.query('select gross_cents, pdf from issued_invoices where id = $1', [invoiceId]);
    expect(rows).toEqual([{ gross_cents: '11900', pdf: Buffer.from('%PDF-1.7 issued') }]);
  });

  it('refuses UPDATE and DELETE even to the owner of the tables (the trigger)', async () => {
    const { invoiceId } = await issuedFixture();
    await expect(admin.query('update issued_invoices set gross_cents = 1 where id = $1', [invoiceId])).rejects.toThrow(/never changed or deleted/);
    await expect(admin.query('delete from issued_invoices where id = $1', [invoiceId])).rejects.toThrow(/never changed or deleted/);
    await expect(admin.query('truncate issued_invoices cascade')).rejects.toThrow(/never changed or deleted/);
    const { rows } = await admin.query('select count(*)::int as n from issued_invoices where id = $1', [invoiceId]);
    expect(rows[0].n).toBe(1);
  });

  it('keeps what an invoiced entry billed: no content change, no deletion; its marks may change', async () => {
    const { tenantId, entryId, trackId } = await issuedFixture();
    const refused = [
      sql`update information_entries set quantity = 3 where id = ${entryId}`,
      sql`update information_entries set text = 'anders' where id = ${entryId}`,
      sql`delete from information_entries where id = ${entryId}`,
      sql`update time_tracks set ended_at = now() where id = ${trackId}`,
      sql`delete from time_tracks where id = ${trackId}`,
    ];
    for (const statement of refused) {
      await expect(server.database.withTenant(tenantId, (tx) => tx.execute(statement))).rejects.toSatisfy((e) => {
        const cause = ((e as Error).cause ?? e) as { code?: string; detail?: string };
        return cause.code === 'FB409' && cause.detail === 'RE-2026-0001';
      });
    }
    await server.database.withTenant(tenantId, (tx) => tx.execute(sql`update information_entries set archived_at = now() where id = ${entryId}`));
    const { rows } = await admin.query('select quantity, archived_at is not null as archived from information_entries where id = $1', [entryId]);
    expect(rows).toEqual([{ quantity: '2.000', archived: true }]);
  });
});

describe('the number sequence', () => {
  it('hands out each number once under concurrency, and a rolled-back number again', async () => {
    const tenantId = await insertTenant(server);
    const taken = await Promise.all(
      Array.from({ length: 5 }, () => server.database.withTenant(tenantId, (tx) => takeNextSequenceNumber(tx, tenantId, 2026))),
    );
    expect([...taken].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    await expect(
      server.database.withTenant(tenantId, async (tx) => {
        expect(await takeNextSequenceNumber(tx, tenantId, 2026)).toBe(6);
        throw new Error('issue failed');
      }),
    ).rejects.toThrow('issue failed');
    expect(await server.database.withTenant(tenantId, (tx) => takeNextSequenceNumber(tx, tenantId, 2026))).toBe(6);
    expect(await server.database.withTenant(tenantId, (tx) => takeNextSequenceNumber(tx, tenantId, 2027))).toBe(1);
  });
});
