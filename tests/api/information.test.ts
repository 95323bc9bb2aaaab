/**
 * Information entries: notes, materials (price and VAT copied from the product at entry time),
 * described times; the subtype rules, roles (Employees record for any active customer, change only
 * their own entries, see only their own time entries), locks (confirmed or archived entries answer
 * 409 ENTRY_LOCKED), the audit trail, lists with filters and paging, Reporting, tenant isolation.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, informationEntries } from '../../server/db/schema';
import { rawCall } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { archiveCustomer, newCustomer, newEntry, newProduct } from './activity-support';
import { startScene, type Member, type TestTenant } from './factories';
import type { OrderBy } from './contract-types';

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, manager: Member, employee: Member, colleague: Member;

beforeAll(async () => {
  ({ server, firm, other, owner, members: { manager, employee, colleague } } = await startScene({ members: { manager: 'Manager', employee: 'Employee', colleague: 'Employee' } }));
});
afterAll(() => server?.close());

type ListQuery = Partial<{
  customerId: string;
  includeProcessed: boolean;
  includeUnprocessed: boolean;
  fromDate: string;
  toDate: string;
  filter: string;
  orderBy: OrderBy<'informationGetAll'>;
  isDescending: boolean;
  page: number;
  pageSize: number;
}>;

const list = (member: Member, query: ListQuery = {}) =>
  member.api.GET('/api/Information/GetAll', {
    params: { query: { includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 50, ...query } },
  });

async function auditRows(tenantId: string, entityId: string) {
  return server.database.withTenant(tenantId, (tx) =>
    tx.select().from(auditLog).where(and(eq(auditLog.entity, 'information'), eq(auditLog.entityId, entityId))).orderBy(auditLog.at),
  );
}

describe('Information/Create', () => {
  it('records a note for the caller and answers 201 with the entry', async () => {
    const customer = await newCustomer(owner, 'Bäckerei Huber');
    const { data, response } = await employee.api.POST('/api/Information/Create', {
      body: { customerId: customer.id, subType: 'note', text: '  Zählerschrank hat keinen Platz für den FI.  ', occurredAtUtc: '2026-11-20T08:30:00Z' },
    });
    expect(response.status).toBe(201);
    expect(data!.data).toMatchObject({
      customerId: customer.id,
      customerName: 'Bäckerei Huber',
      subType: 'note',
      text: 'Zählerschrank hat keinen Platz für den FI.',
      productId: null,
      quantity: null,
      durationSeconds: null,
      occurredAtUtc: '2026-11-20T08:30:00.000Z',
      ownerId: employee.userId,
      processed: false,
      archived: false,
      locked: false,
    });
    const audit = await auditRows(firm.tenantId, data!.data!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorId: employee.userId });
  });

  it('copies unit, price and VAT from the product at entry time; later price changes do not alter the entry', async () => {
    const customer = await newCustomer(owner);
    const product = await newProduct(owner, { name: 'Steckdose Schuko UP', unit: 'Stk', netPrice: 4.2, vatRate: 7 });
    const entry = await newEntry(employee, { customerId: customer.id, subType: 'material', productId: product.id, quantity: 3 });
    expect(entry).toMatchObject({ productId: product.id, productName: 'Steckdose Schuko UP', quantity: 3, unit: 'Stk', unitPrice: 4.2, vatRate: 7, text: null });

    const { response } = await owner.api.PUT('/api/Products/Update', {
      body: { id: product.id, name: 'Steckdose Schuko UP neu', unit: 'Stk', netPrice: 5.5, vatRate: 19 },
    });
    expect(response.status).toBe(200);
    const again = (await list(owner, { customerId: customer.id })).data!.data!.items.find((i) => i.id === entry.id)!;
    expect(again).toMatchObject({ productName: 'Steckdose Schuko UP', unitPrice: 4.2, vatRate: 7 });

    // Values sent are used as given.
    const given = await newEntry(owner, { customerId: customer.id, subType: 'material', productId: product.id, quantity: 1.5, unitPrice: 3.999, vatRate: 0 });
    expect(given).toMatchObject({ productName: 'Steckdose Schuko UP neu', unitPrice: 4, vatRate: 0, quantity: 1.5 });
  });

  it('keeps a product that a material entry uses: deleting it archives it instead', async () => {
    const customer = await newCustomer(owner);
    const product = await newProduct(owner, { name: 'Abzweigdose AP' });
    await newEntry(employee, { customerId: customer.id, subType: 'material', productId: product.id, quantity: 4 });
    const { data, response } = await owner.api.DELETE('/api/Products/DeleteById', { params: { query: { id: product.id } } });
    expect(response.status).toBe(200);
    expect(data!.data).toMatchObject({ deleted: false, archived: true });
    const unused = await newProduct(owner, { name: 'Nie benutzt' });
    expect((await owner.api.DELETE('/api/Products/DeleteById', { params: { query: { id: unused.id } } })).data!.data).toMatchObject({ deleted: true });
  });

  it('takes free-text material with a unit, VAT 19 % by default', async () => {
    const customer = await newCustomer(owner);
    const entry = await newEntry(employee, { customerId: customer.id, subType: 'material', text: 'Kabelbinder schwarz', quantity: 20, unit: 'Stk' });
    expect(entry).toMatchObject({ productId: null, productName: null, text: 'Kabelbinder schwarz', unit: 'Stk', vatRate: 19, unitPrice: null });
  });

  it('records a described time', async () => {
    const customer = await newCustomer(owner);
    const entry = await newEntry(employee, { customerId: customer.id, subType: 'time', text: '2 h Fliesen verlegt', durationSeconds: 7200 });
    expect(entry).toMatchObject({ subType: 'time', durationSeconds: 7200, text: '2 h Fliesen verlegt' });
  });

  it('refuses entries that break the subtype rules with field errors and stores nothing', async () => {
    const customer = await newCustomer(owner);
    const product = await newProduct(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ subType: 'note' }, 'text'],
      [{ subType: 'note', text: '   ' }, 'text'],
      [{ subType: 'note', text: 'Hallo', quantity: 2 }, 'quantity'],
      [{ subType: 'material', quantity: 2 }, 'productId'],
      [{ subType: 'material', productId: product.id }, 'quantity'],
      [{ subType: 'material', text: 'Schrauben', quantity: 10 }, 'unit'],
      [{ subType: 'material', text: 'Schrauben', quantity: 10, unit: 'Stk', durationSeconds: 600 }, 'durationSeconds'],
      [{ subType: 'time', text: 'Montage' }, 'durationSeconds'],
      [{ subType: 'time', durationSeconds: 3600, productId: product.id }, 'productId'],
    ];
    for (const [body, field] of cases) {
      const response = await rawCall(server.baseUrl, 'POST', '/api/Information/Create', {
        headers: { ...owner.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ customerId: customer.id, ...body }),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
      expect(Object.keys(response.body.errors), JSON.stringify(body)).toContain(field);
    }
    // The contract's own limits: a duration under a minute, quantity 0, a wrong VAT rate.
    for (const body of [
      { subType: 'time', durationSeconds: 30 },
      { subType: 'material', text: 'X', unit: 'm', quantity: 0 },
      { subType: 'material', text: 'X', unit: 'm', quantity: 1, vatRate: 16 },
    ]) {
      const response = await rawCall(server.baseUrl, 'POST', '/api/Information/Create', {
        headers: { ...owner.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ customerId: customer.id, ...body }),
      });
      expect(response.status).toBe(400);
    }
    expect((await list(owner, { customerId: customer.id })).data!.data!.totalCount).toBe(0);
  });

  it('answers 404 for an unknown customer or product (or one of another tenant) and 400 CUSTOMER_ARCHIVED', async () => {
    const foreignCustomer = await newCustomer(other.owner);
    const foreignProduct = await newProduct(other.owner);
    const customer = await newCustomer(owner);
    for (const body of [
      { customerId: crypto.randomUUID(), subType: 'note' as const, text: 'x' },
      { customerId: foreignCustomer.id, subType: 'note' as const, text: 'x' },
      { customerId: customer.id, subType: 'material' as const, productId: foreignProduct.id, quantity: 1 },
    ]) {
      const { response, error } = await owner.api.POST('/api/Information/Create', { body });
      expect(response.status).toBe(404);
      expect(error!.errorMessages[0].code).toBe('NOT_FOUND');
    }
    const archived = await newCustomer(owner, 'Alt GmbH');
    await archiveCustomer(owner, archived.id, 'Alt GmbH');
    const { response, error } = await employee.api.POST('/api/Information/Create', { body: { customerId: archived.id, subType: 'note', text: 'x' } });
    expect(response.status).toBe(400);
    expect(error!.errorMessages[0]).toMatchObject({ code: 'CUSTOMER_ARCHIVED' });
  });

  it('refuses a call without a token', async () => {
    const response = await rawCall(server.baseUrl, 'POST', '/api/Information/Create', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: crypto.randomUUID(), subType: 'note', text: 'x' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('Information/Update and Delete', () => {
  it('changes a note, keeps the time when left out, and writes the change to the audit trail', async () => {
    const customer = await newCustomer(owner);
    const entry = await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'Erst', occurredAtUtc: '2026-11-19T07:00:00Z' });
    const { data, response } = await employee.api.PUT('/api/Information/Update', { body: { id: entry.id, text: 'Zweit' } });
    expect(response.status).toBe(200);
    expect(data!.data).toMatchObject({ text: 'Zweit', occurredAtUtc: '2026-11-19T07:00:00.000Z' });
    const audit = await auditRows(firm.tenantId, entry.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].changes).toEqual({ before: { text: 'Erst' }, after: { text: 'Zweit' } });
  });

  it('keeps a material\'s copied values while the product stays and copies the new product\'s when it changes', async () => {
    const customer = await newCustomer(owner);
    const cable = await newProduct(owner, { name: 'Kabel', unit: 'm', netPrice: 1, vatRate: 19 });
    const socket = await newProduct(owner, { name: 'Dose', unit: 'Stk', netPrice: 2.5, vatRate: 7 });
    const entry = await newEntry(owner, { customerId: customer.id, subType: 'material', productId: cable.id, quantity: 10 });
    await owner.api.PUT('/api/Products/Update', { body: { id: cable.id, name: 'Kabel', unit: 'm', netPrice: 9, vatRate: 19 } });
    let updated = (await owner.api.PUT('/api/Information/Update', { body: { id: entry.id, productId: cable.id, quantity: 12 } })).data!.data!;
    expect(updated).toMatchObject({ quantity: 12, unitPrice: 1, unit: 'm' });
    updated = (await owner.api.PUT('/api/Information/Update', { body: { id: entry.id, productId: socket.id, quantity: 2 } })).data!.data!;
    expect(updated).toMatchObject({ productName: 'Dose', unit: 'Stk', unitPrice: 2.5, vatRate: 7, quantity: 2 });
    const bad = await owner.api.PUT('/api/Information/Update', { body: { id: entry.id, productId: socket.id } });
    expect(bad.response.status).toBe(400);
    expect(bad.error!.errors.quantity).toBeDefined();
  });

  it('lets an Employee change and delete only their own entries (403), and hides others\' time entries (404)', async () => {
    const customer = await newCustomer(owner);
    const note = await newEntry(colleague, { customerId: customer.id, subType: 'note', text: 'vom Kollegen' });
    const time = await newEntry(colleague, { customerId: customer.id, subType: 'time', durationSeconds: 600 });
    expect((await employee.api.PUT('/api/Information/Update', { body: { id: note.id, text: 'fremd' } })).response.status).toBe(403);
    expect((await employee.api.DELETE('/api/Information/Delete/{id}', { params: { path: { id: note.id } } })).response.status).toBe(403);
    expect((await employee.api.PUT('/api/Information/Update', { body: { id: time.id, durationSeconds: 900 } })).response.status).toBe(404);
    // The back office may.
    expect((await manager.api.PUT('/api/Information/Update', { body: { id: note.id, text: 'korrigiert' } })).response.status).toBe(200);
    expect((await manager.api.DELETE('/api/Information/Delete/{id}', { params: { path: { id: time.id } } })).response.status).toBe(200);
  });

  it('answers 409 ENTRY_LOCKED for a confirmed or an archived entry and leaves it as it was', async () => {
    const customer = await newCustomer(owner);
    const confirmed = await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'bestätigt' });
    const archived = await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'archiviert' });
    await server.database.withTenant(firm.tenantId, async (tx) => {
      await tx.update(informationEntries).set({ confirmationId: crypto.randomUUID() }).where(eq(informationEntries.id, confirmed.id));
      await tx.update(informationEntries).set({ archivedAt: new Date(), processedAt: new Date() }).where(eq(informationEntries.id, archived.id));
    });
    for (const id of [confirmed.id, archived.id]) {
      const update = await owner.api.PUT('/api/Information/Update', { body: { id, text: 'geändert' } });
      expect(update.response.status).toBe(409);
      expect(update.error!.errorMessages[0].code).toBe('ENTRY_LOCKED');
      const remove = await owner.api.DELETE('/api/Information/Delete/{id}', { params: { path: { id } } });
      expect(remove.response.status).toBe(409);
    }
    const items = (await list(owner, { customerId: customer.id })).data!.data!.items;
    expect(items.find((i) => i.id === confirmed.id)).toMatchObject({ text: 'bestätigt', locked: true, processed: false });
    expect(items.find((i) => i.id === archived.id)).toMatchObject({ text: 'archiviert', archived: true, processed: true });
  });

  it('deletes an entry, keeps the deletion in the audit trail, and answers 404 for unknown or foreign ids', async () => {
    const customer = await newCustomer(owner);
    const entry = await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'weg damit' });
    const { response } = await employee.api.DELETE('/api/Information/Delete/{id}', { params: { path: { id: entry.id } } });
    expect(response.status).toBe(200);
    expect((await list(owner, { customerId: customer.id })).data!.data!.totalCount).toBe(0);
    expect((await auditRows(firm.tenantId, entry.id)).map((a) => a.action)).toEqual(['create', 'delete']);

    const foreign = await newEntry(other.owner, { customerId: (await newCustomer(other.owner)).id, subType: 'note', text: 'fremd' });
    for (const id of [entry.id, foreign.id, crypto.randomUUID()]) {
      expect((await owner.api.DELETE('/api/Information/Delete/{id}', { params: { path: { id } } })).response.status).toBe(404);
      expect((await owner.api.PUT('/api/Information/Update', { body: { id, text: 'x' } })).response.status).toBe(404);
    }
  });
});

describe('Information/GetAll and Reporting', () => {
  let customer: { id: string };
  beforeAll(async () => {
    customer = await newCustomer(owner, 'Listen GmbH');
    const product = await newProduct(owner, { name: 'Leerrohr M20', unit: 'm', netPrice: 0.6, vatRate: 19 });
    await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'Alpha Notiz', occurredAtUtc: '2026-10-01T08:00:00Z' });
    await newEntry(employee, { customerId: customer.id, subType: 'material', productId: product.id, quantity: 5, occurredAtUtc: '2026-10-02T08:00:00Z' });
    await newEntry(employee, { customerId: customer.id, subType: 'time', durationSeconds: 3600, text: 'Eigene Zeit', occurredAtUtc: '2026-10-03T08:00:00Z' });
    await newEntry(colleague, { customerId: customer.id, subType: 'time', durationSeconds: 1800, text: 'Zeit Kollege', occurredAtUtc: '2026-10-04T08:00:00Z' });
    const processed = await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'Erledigt', occurredAtUtc: '2026-10-05T08:00:00Z' });
    await server.database.withTenant(firm.tenantId, (tx) =>
      tx.update(informationEntries).set({ processedAt: new Date() }).where(eq(informationEntries.id, processed.id)),
    );
  });

  it('lists the customer\'s entries newest first with names, and pages', async () => {
    const page = (await list(owner, { customerId: customer.id })).data!.data!;
    expect(page.totalCount).toBe(5);
    expect(page.items.map((i) => i.text ?? i.productName)).toEqual(['Erledigt', 'Zeit Kollege', 'Eigene Zeit', 'Leerrohr M20', 'Alpha Notiz']);
    expect(page.items[1].ownerName).toBe(colleague.email);
    const second = (await list(owner, { customerId: customer.id, page: 2, pageSize: 2, isDescending: false })).data!.data!;
    expect(second).toMatchObject({ totalCount: 5, page: 2, pageSize: 2 });
    expect(second.items.map((i) => i.text ?? i.productName)).toEqual(['Eigene Zeit', 'Zeit Kollege']);
  });

  it('filters by processed state, period and text (product and customer names included)', async () => {
    const open = (await list(owner, { customerId: customer.id, includeProcessed: false })).data!.data!;
    expect(open.items.map((i) => i.text ?? i.productName)).not.toContain('Erledigt');
    expect(open.totalCount).toBe(4);
    const done = (await list(owner, { customerId: customer.id, includeUnprocessed: false })).data!.data!;
    expect(done.items.map((i) => i.text)).toEqual(['Erledigt']);
    expect((await list(owner, { customerId: customer.id, includeUnprocessed: false, includeProcessed: false })).data!.data!.totalCount).toBe(0);
    const period = (await list(owner, { customerId: customer.id, fromDate: '2026-10-02T00:00:00Z', toDate: '2026-10-04T00:00:00Z' })).data!.data!;
    expect(period.totalCount).toBe(2);
    expect((await list(owner, { filter: 'leerROHR' })).data!.data!.items.map((i) => i.productName)).toEqual(['Leerrohr M20']);
    expect((await list(owner, { filter: 'listen gmbh' })).data!.data!.totalCount).toBe(5);
    expect((await list(owner, { filter: '100%' })).data!.data!.totalCount).toBe(0);
  });

  it('shows an Employee every note and material but only their own time entries', async () => {
    const items = (await list(employee, { customerId: customer.id })).data!.data!.items;
    expect(items.map((i) => i.text ?? i.productName).sort()).toEqual(['Alpha Notiz', 'Eigene Zeit', 'Erledigt', 'Leerrohr M20']);
  });

  it('reports one subtype across customers for the back office; Employees get 403', async () => {
    const report = await manager.api.GET('/api/Information/Reporting', {
      params: { query: { subType: 'time', includeProcessed: true, includeUnprocessed: true, isDescending: false, page: 1, pageSize: 10 } },
    });
    expect(report.response.status).toBe(200);
    expect(report.data!.data!.items.map((i) => i.text)).toEqual(expect.arrayContaining(['Eigene Zeit', 'Zeit Kollege']));
    expect(report.data!.data!.items.length).toBeGreaterThanOrEqual(2);
    expect(report.data!.data!.items.every((i) => i.subType === 'time')).toBe(true);
    const refused = await employee.api.GET('/api/Information/Reporting', {
      params: { query: { subType: 'time', includeProcessed: true, includeUnprocessed: true, isDescending: false, page: 1, pageSize: 10 } },
    });
    expect(refused.response.status).toBe(403);
  });

  it('totals the whole period in the report, not the page: time, and material per product and unit', async () => {
    const customer = await newCustomer(owner, 'Summen GmbH');
    const pipe = await newProduct(owner, { name: 'Kupferrohr 15 mm', unit: 'm', netPrice: 4.2, vatRate: 19 });
    const on = (day: number) => `2026-09-${String(day).padStart(2, '0')}T08:00:00.000Z`;
    for (const [day, quantity] of [[1, 2.5], [2, 1.25], [3, 0.125]] as const) {
      await newEntry(employee, { customerId: customer.id, subType: 'material', productId: pipe.id, quantity, occurredAtUtc: on(day) });
    }
    await newEntry(employee, { customerId: customer.id, subType: 'material', text: 'Dichtband', quantity: 1, unit: 'Rolle', unitPrice: 3, vatRate: 19, occurredAtUtc: on(4) });
    await newEntry(employee, { customerId: customer.id, subType: 'material', text: 'Dichtband', quantity: 2, unit: 'Rolle', unitPrice: 3, vatRate: 19, occurredAtUtc: on(5) });
    await newEntry(employee, { customerId: customer.id, subType: 'time', durationSeconds: 5400, text: 'Montage', occurredAtUtc: on(6) });
    await newEntry(colleague, { customerId: customer.id, subType: 'time', durationSeconds: 1800, text: 'Nacharbeit', occurredAtUtc: on(7) });
    // Outside the period: not counted.
    await newEntry(employee, { customerId: customer.id, subType: 'material', productId: pipe.id, quantity: 100, occurredAtUtc: '2026-10-01T08:00:00.000Z' });
    const report = async (subType: 'material' | 'time' | 'note') =>
      (
        await manager.api.GET('/api/Information/Reporting', {
          params: {
            query: { subType, customerId: customer.id, fromDate: '2026-09-01T00:00:00Z', toDate: '2026-10-01T00:00:00Z', includeProcessed: true, includeUnprocessed: true, isDescending: false, page: 1, pageSize: 1 },
          },
        })
      ).data!.data!;
    const materials = await report('material');
    expect(materials.items).toHaveLength(1);
    expect(materials.totalCount).toBe(5);
    expect(materials.totals).toEqual({
      durationSeconds: 0,
      materials: [
        { productId: null, name: 'Dichtband', unit: 'Rolle', quantity: 3 },
        { productId: pipe.id, name: 'Kupferrohr 15 mm', unit: 'm', quantity: 3.875 },
      ],
    });
    expect((await report('time')).totals).toEqual({ durationSeconds: 7200, materials: [] });
    expect((await report('note')).totals).toEqual({ durationSeconds: 0, materials: [] });
  });

  it('shows nothing of another tenant', async () => {
    expect((await list(other.owner, { customerId: customer.id })).data!.data!.totalCount).toBe(0);
    expect((await list(other.owner, { filter: 'Alpha' })).data!.data!.totalCount).toBe(0);
  });
});
