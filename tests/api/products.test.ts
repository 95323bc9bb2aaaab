/**
 * Products: list (paging, filter, sorting, archived), read by id and by EAN (check digits, all
 * forms of a GTIN), create, update, archive, delete (or archive when used); roles, tenant
 * isolation, EAN uniqueness per tenant and bad input.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { informationEntries } from '../../server/db/schema';
import { productUsageChecks } from '../../server/modules/products/product-usage';
import { rawCall } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { createTenant, startScene, type Member, type TestTenant } from './factories';
import type { OrderBy } from './contract-types';

type ProductCreate = components['schemas']['ProductCreate'];
type ProductUpdate = components['schemas']['ProductUpdate'];

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, manager: Member, employee: Member;

beforeAll(async () => {
  ({ server, firm, other, owner, members: { manager, employee } } = await startScene({ members: { manager: 'Manager', employee: 'Employee' } }));
});
afterAll(() => server?.close());

/** GS1 check digit, written out here independently of the server's code. */
function withCheckDigit(body: string) {
  const digits = body.split('').reverse().map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}
let serial = 100000;
/** A fresh valid EAN-13. */
const ean13 = () => withCheckDigit(`400${String(serial++).padStart(9, '0')}`);

const post = (member: Member, body: ProductCreate) => member.api.POST('/api/Products/Create', { body });
const put = (member: Member, body: ProductUpdate) => member.api.PUT('/api/Products/Update', { body });

async function create(member: Member, body: Partial<ProductCreate> = {}) {
  const { data, response } = await post(member, { name: 'Kabel NYM-J 3x1,5 mm²', unit: 'm', netPrice: 0.89, vatRate: 19, ...body });
  expect(response.status, JSON.stringify(data)).toBe(200);
  return data!.data!;
}

const byEan = (member: Member, ean: string) => member.api.GET('/api/Products/GetByEAN', { params: { query: { ean } } });
const byId = (member: Member, id: string) => member.api.GET('/api/Products/GetById', { params: { query: { id } } });
const list = (member: Member, query: Partial<{ page: number; pageSize: number; filter: string; orderBy: OrderBy<'productsGetAll'>; isDescending: boolean; includeArchived: boolean }> = {}) =>
  member.api.GET('/api/Products/GetAll', { params: { query: { page: 1, pageSize: 10, isDescending: false, ...query } } });

describe('Products/Create', () => {
  it('creates a product with every field and reads it back by id', async () => {
    const ean = ean13();
    const product = await create(owner, { name: ' Steckdose Schuko UP ', ean, unit: 'Stk', netPrice: 4.199, vatRate: 7, stock: 12.5 });
    expect(product).toMatchObject({ name: 'Steckdose Schuko UP', ean, unit: 'Stk', netPrice: 4.2, vatRate: 7, stock: 12.5, archived: false });
    expect((await byId(employee, product.id)).data!.data).toEqual(product);
  });

  it('lets an Employee create a product on site', async () => {
    const product = await create(employee, { name: 'Dübel 8 mm', unit: 'Pkg', netPrice: 3.5, vatRate: 19 });
    expect(product.ean).toBeNull();
    expect(product.stock).toBeNull();
  });

  it('refuses an EAN with a wrong check digit or length with INVALID_EAN and stores nothing', async () => {
    const good = ean13();
    const wrongDigit = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
    for (const ean of [wrongDigit, '96385075', '036000291453']) {
      const { response, error } = await post(owner, { name: 'Falsch', ean, unit: 'Stk', netPrice: 1, vatRate: 19 });
      expect(response.status, ean).toBe(400);
      expect(error).toMatchObject({
        errorMessages: [{ code: 'INVALID_EAN', message: expect.stringContaining('Prüfziffer') }],
        errors: { ean: [expect.any(String)] },
      });
    }
    // 9 or 14 digits are not a product EAN: the contract refuses them.
    for (const ean of ['123456789', withCheckDigit('0400638133393'.slice(0, 13))]) {
      const response = await rawCall(server.baseUrl, 'POST', '/api/Products/Create', {
        headers: { ...owner.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Falsch', ean, unit: 'Stk', netPrice: 1, vatRate: 19 }),
      });
      expect(response.status).toBe(400);
      expect(response.body.errors.ean).toBeDefined();
    }
    expect((await list(owner, { filter: 'Falsch', includeArchived: true })).data!.data!.totalCount).toBe(0);
  });

  it('keeps EANs unique per tenant, the UPC-A and EAN-13 forms of one code included', async () => {
    const ean = ean13();
    await create(owner, { name: 'Original', ean });
    const again = await post(manager, { name: 'Kopie', ean, unit: 'Stk', netPrice: 1, vatRate: 19 });
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({ errorMessages: [{ code: 'DUPLICATE_EAN' }], errors: { ean: [expect.any(String)] } });

    await create(owner, { name: 'Cola UPC', ean: '036000291452' });
    const longForm = await post(owner, { name: 'Cola EAN-13', ean: '0036000291452', unit: 'Stk', netPrice: 1, vatRate: 19 });
    expect(longForm.response.status).toBe(409);

    // Another tenant may use the same code.
    expect((await create(other.owner, { name: 'Anderswo', ean })).ean).toBe(ean);
  });

  it('refuses wrong VAT rates, prices, units and missing fields with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A', unit: 'Stk', netPrice: 1, vatRate: 16 }, 'vatRate'],
      [{ name: 'A', unit: 'Stk', netPrice: -0.01, vatRate: 19 }, 'netPrice'],
      [{ name: 'A', unit: 'Stk', netPrice: '1,50', vatRate: 19 }, 'netPrice'],
      [{ name: 'A', unit: '', netPrice: 1, vatRate: 19 }, 'unit'],
      [{ name: 'A', unit: 'Quadratmeter pro Stück', netPrice: 1, vatRate: 19 }, 'unit'],
      [{ unit: 'Stk', netPrice: 1, vatRate: 19 }, 'name'],
      [{ name: 'A', unit: 'Stk', netPrice: 1, vatRate: 19, stock: 2e9 }, 'stock'],
    ];
    for (const [body, field] of cases) {
      const response = await rawCall(server.baseUrl, 'POST', '/api/Products/Create', {
        headers: { ...owner.auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.errors), JSON.stringify(body)).toContain(field);
    }
    const blank = await post(owner, { name: '   ', unit: ' ', netPrice: 1, vatRate: 19 });
    expect(blank.response.status).toBe(400);
    expect(blank.error!.errors).toEqual({ name: ['Bitte geben Sie einen Namen ein.'], unit: ['Bitte geben Sie eine Einheit ein.'] });
  });
});

describe('Products/GetByEAN', () => {
  it('finds a product by EAN-13, EAN-8 and UPC-A, also by the longer forms of the same code', async () => {
    const ean = ean13();
    const p13 = await create(owner, { name: 'Lichtschalter', ean });
    const p8 = await create(owner, { name: 'Kaugummi', ean: '96385074' });
    const upc = await create(owner, { name: 'Limonade', ean: '614141000036' });

    expect((await byEan(employee, ean)).data!.data!.id).toBe(p13.id);
    expect((await byEan(employee, '96385074')).data!.data!.id).toBe(p8.id);
    expect((await byEan(employee, '614141000036')).data!.data!.id).toBe(upc.id);
    expect((await byEan(employee, '0614141000036')).data!.data!.id).toBe(upc.id);
    expect((await byEan(employee, '00614141000036')).data!.data!.id).toBe(upc.id);
    expect((await byEan(employee, '0' + ean)).data!.data!.id).toBe(p13.id);
  });

  it('answers INVALID_EAN for a wrong check digit or length, 404 for an unknown or foreign code', async () => {
    for (const ean of ['96385075', '4006381333932', '123456789', '12345678901']) {
      const { response, error } = await byEan(owner, ean);
      expect(response.status, ean).toBe(400);
      expect(error!.errorMessages[0].code).toBe('INVALID_EAN');
    }
    const letters = await rawCall(server.baseUrl, 'GET', '/api/Products/GetByEAN?ean=40063813339AB', { headers: owner.auth });
    expect(letters.status).toBe(400);
    expect(letters.body.errorMessages[0].code).toBe('VALIDATION_ERROR');

    expect((await byEan(owner, ean13())).response.status).toBe(404);
    const foreign = ean13();
    await create(other.owner, { name: 'Fremd', ean: foreign });
    expect((await byEan(owner, foreign)).response.status).toBe(404);
  });

  it('finds an archived product and says so', async () => {
    const ean = ean13();
    const product = await create(owner, { name: 'Ausgelaufen', ean });
    await put(owner, { id: product.id, name: 'Ausgelaufen', ean, unit: 'm', netPrice: 0.89, vatRate: 19, archived: true });
    expect((await byEan(employee, ean)).data!.data).toMatchObject({ id: product.id, archived: true });
  });
});

describe('Products/Update', () => {
  it('replaces the fields, archives and restores', async () => {
    const product = await create(owner, { name: 'Rohr 15 mm', ean: ean13(), stock: 10 });
    const { data, response } = await put(manager, { id: product.id, name: 'Kupferrohr 15 mm', unit: 'm', netPrice: 7.9, vatRate: 19 });
    expect(response.status).toBe(200);
    expect(data!.data).toMatchObject({ name: 'Kupferrohr 15 mm', ean: null, stock: null, netPrice: 7.9, archived: false });

    const archived = await put(manager, { id: product.id, name: 'Kupferrohr 15 mm', unit: 'm', netPrice: 7.9, vatRate: 19, archived: true });
    expect(archived.data!.data!.archived).toBe(true);
    expect((await list(owner, { filter: 'Kupferrohr' })).data!.data!.totalCount).toBe(0);
    expect((await list(owner, { filter: 'Kupferrohr', includeArchived: true })).data!.data!.totalCount).toBe(1);

    const kept = await put(owner, { id: product.id, name: 'Kupferrohr 15 mm', unit: 'm', netPrice: 8.1, vatRate: 19 });
    expect(kept.data!.data!.archived).toBe(true);
    const restored = await put(owner, { id: product.id, name: 'Kupferrohr 15 mm', unit: 'm', netPrice: 8.1, vatRate: 19, archived: false });
    expect(restored.data!.data!.archived).toBe(false);
  });

  it('refuses Employees, foreign ids, a taken EAN and a missing id', async () => {
    const a = await create(owner, { name: 'Produkt A', ean: ean13() });
    const b = await create(owner, { name: 'Produkt B', ean: ean13() });

    const forbidden = await put(employee, { id: a.id, name: 'Geändert', unit: 'Stk', netPrice: 1, vatRate: 19 });
    expect(forbidden.response.status).toBe(403);

    const theirs = await create(other.owner, { name: 'Fremdes Produkt' });
    expect((await put(owner, { id: theirs.id, name: 'Übernommen', unit: 'Stk', netPrice: 1, vatRate: 19 })).response.status).toBe(404);
    expect((await byId(other.owner, theirs.id)).data!.data!.name).toBe('Fremdes Produkt');

    const taken = await put(owner, { id: a.id, name: 'Produkt A', ean: b.ean, unit: 'm', netPrice: 1, vatRate: 19 });
    expect(taken.response.status).toBe(409);
    expect(taken.error!.errorMessages[0].code).toBe('DUPLICATE_EAN');
    // Keeping its own EAN is no conflict.
    expect((await put(owner, { id: a.id, name: 'Produkt A2', ean: a.ean, unit: 'm', netPrice: 1, vatRate: 19 })).response.status).toBe(200);

    const noId = await rawCall(server.baseUrl, 'PUT', '/api/Products/Update', {
      headers: { ...owner.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ohne Id', unit: 'Stk', netPrice: 1, vatRate: 19 }),
    });
    expect(noId.status).toBe(400);
    expect(noId.body.errors.id).toBeDefined();
    expect((await byId(owner, a.id)).data!.data!.name).toBe('Produkt A2');
  });
});

describe('Products/DeleteById', () => {
  const builtInChecks = [...productUsageChecks];
  afterEach(() => {
    productUsageChecks.splice(0, productUsageChecks.length, ...builtInChecks);
  });

  it('deletes an unused product and says so in the caller\'s language', async () => {
    const product = await create(owner, { name: 'Löschbar' });
    const { data, response } = await manager.api.DELETE('/api/Products/DeleteById', { params: { query: { id: product.id } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ data: { deleted: true, archived: false }, successMessage: 'Das Produkt wurde gelöscht.' });
    expect((await byId(owner, product.id)).response.status).toBe(404);

    const english = await firm.member('Admin', { lang: 'en' });
    const second = await create(owner, { name: 'Also deletable' });
    const answer = await english.api.DELETE('/api/Products/DeleteById', { params: { query: { id: second.id } } });
    expect(answer.data!.successMessage).toBe('The product was deleted.');
  });

  it('archives instead of deleting a product that a material entry uses', async () => {
    const product = await create(owner, { name: 'Eingebaut' });
    const { data: customer } = await owner.api.POST('/api/Customers/Create', { body: { companyName: 'Baustelle GmbH', country: 'DE' } });
    // Material entries have no calls yet (information issue): write one as the app would.
    await server.database.withTenant(firm.tenantId, (tx) =>
      tx.insert(informationEntries).values({
        tenantId: firm.tenantId,
        customerId: customer!.data!.id,
        ownerId: owner.userId,
        subType: 'material',
        productId: product.id,
        productName: product.name,
        quantity: 3,
        unit: product.unit,
        unitPrice: product.netPrice,
        vatRate: product.vatRate,
      }),
    );
    const { data } = await manager.api.DELETE('/api/Products/DeleteById', { params: { query: { id: product.id } } });
    expect(data).toMatchObject({ data: { deleted: false, archived: true } });
    expect((await byId(owner, product.id)).data!.data!.archived).toBe(true);
  });

  it('archives instead of deleting a product that entries use (a registered usage check)', async () => {
    const product = await create(owner, { name: 'Verbaut' });
    const untouched = await create(owner, { name: 'Nicht verbaut' });
    productUsageChecks.push(async (_tx, tenantId, productId) => tenantId === firm.tenantId && productId === product.id);

    const { data } = await owner.api.DELETE('/api/Products/DeleteById', { params: { query: { id: product.id } } });
    expect(data).toMatchObject({
      data: { deleted: false, archived: true },
      successMessage: 'Das Produkt wird in Einträgen verwendet und wurde deshalb archiviert statt gelöscht.',
    });
    expect((await byId(owner, product.id)).data!.data!.archived).toBe(true);
    expect((await list(owner, { filter: 'Verbaut' })).data!.data!.items.map((p) => p.id)).toEqual([untouched.id]);

    const other = await owner.api.DELETE('/api/Products/DeleteById', { params: { query: { id: untouched.id } } });
    expect(other.data!.data!.deleted).toBe(true);
  });

  it('archives instead when a table references the product by foreign key', async () => {
    const product = await create(owner, { name: 'Referenziert' });
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    try {
      await admin.query(`create table test_material_entries (
        tenant_id uuid not null, id uuid not null default gen_random_uuid(), product_id uuid not null,
        primary key (tenant_id, id),
        foreign key (tenant_id, product_id) references products (tenant_id, id))`);
      await admin.query('insert into test_material_entries (tenant_id, product_id) values ($1, $2)', [firm.tenantId, product.id]);
      const { data } = await owner.api.DELETE('/api/Products/DeleteById', { params: { query: { id: product.id } } });
      expect(data!.data).toEqual({ deleted: false, archived: true });
      expect((await byId(owner, product.id)).data!.data!.archived).toBe(true);
    } finally {
      await admin.query('drop table if exists test_material_entries');
      await admin.end();
    }
  });

  it('refuses Employees and answers 404 for another tenant\'s product', async () => {
    const product = await create(owner, { name: 'Bleibt' });
    expect((await employee.api.DELETE('/api/Products/DeleteById', { params: { query: { id: product.id } } })).response.status).toBe(403);
    const theirs = await create(other.owner, { name: 'Fremd bleibt' });
    expect((await owner.api.DELETE('/api/Products/DeleteById', { params: { query: { id: theirs.id } } })).response.status).toBe(404);
    expect((await owner.api.DELETE('/api/Products/DeleteById', { params: { query: { id: crypto.randomUUID() } } })).response.status).toBe(404);
    expect((await byId(other.owner, theirs.id)).response.status).toBe(200);
    expect((await byId(owner, product.id)).response.status).toBe(200);
  });
});

describe('Products/GetAll', () => {
  let shop: TestTenant;
  beforeAll(async () => {
    shop = await createTenant(server);
    const rows: Partial<ProductCreate>[] = [
      { name: 'Zement 25 kg', unit: 'Sack', netPrice: 6.5, vatRate: 19, stock: 40, ean: '4012345000016' },
      { name: 'Ölfarbe weiß', unit: 'l', netPrice: 12.9, vatRate: 19, stock: null },
      { name: 'abdeckfolie', unit: 'm²', netPrice: 0.4, vatRate: 19, stock: 300 },
      { name: 'Buch: Elektroinstallation', unit: 'Stk', netPrice: 29.9, vatRate: 7, stock: 2, ean: '9783161484100' },
      { name: 'Anfahrt', unit: 'Pausch', netPrice: 35, vatRate: 0, stock: null },
    ];
    for (const row of rows) await create(shop.owner, row);
    for (let i = 1; i <= 12; i++) await create(shop.owner, { name: `Schraube ${String(i).padStart(2, '0')}`, unit: 'Stk', netPrice: i / 10, vatRate: 19 });
  });

  const page = async (query: Parameters<typeof list>[1]) => (await list(shop.owner, query)).data!.data!;

  it('pages and sorts by name in German order by default', async () => {
    const first = await page({ pageSize: 5 });
    expect(first.totalCount).toBe(17);
    expect(first.items.map((p) => p.name)).toEqual(['abdeckfolie', 'Anfahrt', 'Buch: Elektroinstallation', 'Ölfarbe weiß', 'Schraube 01']);
    expect((await page({ page: 4, pageSize: 5 })).items).toHaveLength(2);
    expect((await page({ page: 5, pageSize: 5 })).items).toHaveLength(0);
    expect((await page({ pageSize: 1, isDescending: true })).items[0].name).toBe('Zement 25 kg');
    // Names outside the contract's list are refused, not silently replaced by the default order.
    const unknown = await list(shop.owner, { pageSize: 5, orderBy: 'nonsense' as never });
    expect(unknown.response.status).toBe(400);
    expect(unknown.error!.errors).toHaveProperty('orderBy');
  });

  it('sorts by every listed column', async () => {
    const names = async (orderBy: OrderBy<'productsGetAll'>, isDescending = false) =>
      (await page({ orderBy, isDescending, pageSize: 50 })).items;
    expect((await names('netPrice')).map((p) => p.netPrice)).toEqual([...(await names('netPrice')).map((p) => p.netPrice)].sort((a, b) => a - b));
    expect((await names('netPrice', true))[0].name).toBe('Anfahrt');
    expect((await names('vatRate')).map((p) => p.vatRate).slice(0, 2)).toEqual([0, 7]);
    const stock = (await names('stock')).map((p) => p.stock);
    expect(stock.slice(0, 3)).toEqual([2, 40, 300]);
    expect(stock.at(-1)).toBeNull();
    const eans = (await names('ean')).map((p) => p.ean);
    expect(eans.slice(0, 2)).toEqual(['4012345000016', '9783161484100']);
    expect((await names('unit')).map((p) => p.unit).slice(0, 3)).toEqual(['l', 'm²', 'Pausch']);
    expect((await names('createdAtUtc'))[0].name).toBe('Zement 25 kg');
    expect((await names('updatedAtUtc', true))).toHaveLength((await names('name')).length);
  });

  it('filters by name, EAN and unit, case-insensitively', async () => {
    const match = async (filter: string) => (await page({ filter, pageSize: 50 })).items.map((p) => p.name).sort();
    expect(await match('ÖLFARBE')).toEqual(['Ölfarbe weiß']);
    expect(await match('978316')).toEqual(['Buch: Elektroinstallation']);
    expect(await match('pausch')).toEqual(['Anfahrt']);
    expect(await match('schraube 1')).toEqual(['Schraube 10', 'Schraube 11', 'Schraube 12']);
    expect((await list(other.owner, { filter: 'Schraube' })).data!.data!.totalCount).toBe(0);
  });

  it('is open to every role and refuses bad parameters', async () => {
    expect((await list(employee)).response.status).toBe(200);
    const response = await rawCall(server.baseUrl, 'GET', '/api/Products/GetAll?page=1&pageSize=0&isDescending=false', { headers: owner.auth });
    expect(response.status).toBe(400);
    expect(response.body.errors.pageSize).toBeDefined();
    expect((await rawCall(server.baseUrl, 'GET', '/api/Products/GetAll?page=1&pageSize=10&isDescending=false')).status).toBe(401);
  });
});
