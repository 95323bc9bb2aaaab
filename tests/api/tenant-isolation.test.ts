/**
 * Row-level security checked by what it does, not by its existence: two firms with data in every
 * tenant table, then, as the app role with one firm's tenant set, every tenant table shows none of
 * the other firm's rows and refuses to write them. And the shape the isolation relies on: every
 * primary key, unique constraint or index and foreign key of a tenant table includes `tenant_id`
 * (what a cluster sharded by tenant needs), and the app role is no superuser, owns nothing and
 * cannot bypass row-level security. "Tenant table": a table with `tenant_id` that the app role can
 * read (the cross-tenant account directory is out of its reach, foundation.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../server/db/database';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTenant, type TestTenant } from './factories';
import { grantGps, insertTimeTrack, newCustomer, newEntry, newProduct, postForm, signaturePng, uploadImage } from './activity-support';
import { seedUserTrack } from './time-tracking-support';

let server: TestServer;
let admin: pg.Client;
let firmA: TestTenant;
let firmB: TestTenant;
let tables: string[];

/** Data in every tenant table the API can fill: members, catalog, entries, photos, signatures, time. */
async function seedFirm(firm: TestTenant) {
  const employee = await firm.member('Employee');
  const customer = await newCustomer(firm.owner);
  const product = await newProduct(firm.owner);
  await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'Zählerschrank geprüft' });
  await newEntry(employee, { customerId: customer.id, subType: 'material', productId: product.id, quantity: 2 });
  await insertTimeTrack(server, employee, customer.id);
  await uploadImage(server, employee, customer.id);
  const form = new FormData();
  form.append('customerId', customer.id);
  form.append('signee', 'Erika Muster');
  form.append('file', new Blob([new Uint8Array(await signaturePng())], { type: 'image/png' }), 'signature.png');
  const confirmation = await postForm(server, employee, '/api/WorkConfirmations', form);
  expect(confirmation.status).toBe(200);
  await seedUserTrack(server, employee, [['work', '2026-11-02T07:00:00Z', '2026-11-02T11:00:00Z']]);
  await grantGps(firm.owner, true);
  // Self-hosted: the Owner sets the license count (subscriptions, licenses).
  const seats = await firm.owner.api.POST('/api/Subscription/CreateCheckout', { body: { licenseCount: 2 } });
  expect(seats.response.status).toBe(200);
  const text = await firm.owner.api.PUT('/api/Localisation/SetTextOverride', { body: { locale: 'de', messageId: 'hM2Yn1', text: 'Baustelle' } });
  expect(text.response.status).toBe(200);
  // Passkeys and mail links have calls of their own (passkeys.test.ts, auth.test.ts); a row each
  // is enough here, written as the administrator.
  await admin.query(
    `insert into passkeys (tenant_id, user_id, credential_id, public_key, device_name) values ($1, $2, $3, '\\x00', 'Test')`,
    [firm.tenantId, firm.owner.userId, `credential-${firm.tenantId}`],
  );
  await admin.query(`insert into accounting_connections (tenant_id, system, api_key_sealed, organization_name) values ($1, 'lexoffice', 'v1:test', 'Test')`, [firm.tenantId]);
  await admin.query(`insert into ai_usage (tenant_id, day, calls) values ($1, current_date, 1)`, [firm.tenantId]);
  await admin.query(`insert into billing_events (tenant_id, event_id, type) values ($1, $2, 'invoice.paid')`, [firm.tenantId, `evt_${firm.tenantId}`]);
  await admin.query(
    `insert into one_time_tokens (tenant_id, user_id, purpose, token_hash, expires_at) values ($1, $2, 'reset_password', $3, now() + interval '1 hour')`,
    [firm.tenantId, firm.owner.userId, `hash-${firm.tenantId}`],
  );
  // The register, its payments and mails, and the idempotency keys (decisions 0031–0033).
  const issued = await admin.query<{ id: string }>(
    `insert into issued_invoices (tenant_id, number, sequence_year, sequence_number, kind, customer_id, invoice_date, due_date, service_from, service_to,
       language, format, title, vat_treatment, net_cents, vat_cents, gross_cents, vat_by_rate, seller, buyer, positions, pdf, pdf_file_name, pdf_sha256)
     values ($1, 'RE-2026-0001', 2026, 1, 'invoice', $2, '2026-11-20', '2026-12-04', '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z',
       'de', 'pdf', 'Rechnung', 'standard', 10000, 1900, 11900, '[]', '{}', '{}', '[]', '\\x00', 'RE-2026-0001.pdf', 'none')
     returning id`,
    [firm.tenantId, customer.id],
  );
  const invoiceId = issued.rows[0]!.id;
  await admin.query(`insert into invoice_number_sequences (tenant_id, year, last_number) values ($1, 2026, 1)`, [firm.tenantId]);
  await admin.query(
    `insert into accounting_vouchers (tenant_id, system, voucher_id, status, customer_id, voucher_date, service_from, service_to, net_cents, gross_cents, document_url)
     values ($1, 'lexoffice', $2, 'open', $3, '2026-11-20', '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', 10000, 11900, 'https://app.lexoffice.de/permalink/invoices/view/1')`,
    [firm.tenantId, crypto.randomUUID(), customer.id],
  );
  await admin.query(`insert into payment_settings (tenant_id) values ($1)`, [firm.tenantId]);
  await admin.query(`insert into customer_payment_terms (tenant_id, customer_id, payment_days) values ($1, $2, 30)`, [firm.tenantId, customer.id]);
  await admin.query(`insert into invoice_payments (tenant_id, invoice_id, paid_on, amount_cents, method) values ($1, $2, '2026-11-25', 5000, 'transfer')`, [firm.tenantId, invoiceId]);
  await admin.query(
    `insert into invoice_mails (tenant_id, invoice_id, kind, to_address, language, subject, attachment_name) values ($1, $2, 'invoice', 'kunde@example.de', 'de', 'Rechnung', 'RE-2026-0001.pdf')`,
    [firm.tenantId, invoiceId],
  );
  await admin.query(`insert into idempotency_keys (tenant_id, user_id, key, request_hash, expires_at) values ($1, $2, $3, 'hash', now() + interval '1 day')`, [
    firm.tenantId,
    firm.owner.userId,
    crypto.randomUUID(),
  ]);
  // An API key of the firm (decision 0039).
  await admin.query(`insert into api_keys (tenant_id, name, scope, areas, key_hash, key_hint, created_by) values ($1, 'Lohnbüro', 'read', '{time}', $2, 'abcd', $3)`, [
    firm.tenantId,
    crypto.randomBytes(32).toString('hex'),
    firm.owner.userId,
  ]);
  // A webhook of the firm with one delivery (decision 0044).
  const { rows: [hook] } = await admin.query(
    `insert into webhooks (tenant_id, url, events, secret_sealed, secret_hint, created_by) values ($1, 'https://hooks.example.com/fieldbook', '{invoice.paid}', 'sealed', 'abcd', $2) returning id`,
    [firm.tenantId, firm.owner.userId],
  );
  await admin.query(`insert into webhook_deliveries (tenant_id, webhook_id, event_id, event, body) values ($1, $2, $3, 'invoice.paid', '{}')`, [firm.tenantId, hook.id, crypto.randomUUID()]);
}

async function asApp<T>(tenantId: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await server.database.pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
    return await fn(client);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

beforeAll(async () => {
  server = await startTestServer();
  admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  firmA = await createTenant(server, { name: 'Elektro Schneider GmbH' });
  firmB = await createTenant(server, { name: 'Sanitär Bauer KG' });
  await seedFirm(firmA);
  await seedFirm(firmB);
  const { rows } = await admin.query<{ relname: string }>(
    `select c.relname from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
        and has_table_privilege('fieldbook_app', c.oid, 'select')
      order by c.relname`,
  );
  tables = rows.map((row) => row.relname);
});

afterAll(async () => {
  await admin?.end();
  await server?.close();
});

describe('row-level security by behaviour', () => {
  it('has data of both firms in every tenant table, so the checks below are not empty', async () => {
    expect(tables.length).toBeGreaterThanOrEqual(15);
    const empty: string[] = [];
    for (const table of tables) {
      const { rows } = await admin.query(
        `select count(*) filter (where tenant_id = $1)::int as a, count(*) filter (where tenant_id = $2)::int as b from ${quote(table)}`,
        [firmA.tenantId, firmB.tenantId],
      );
      if (rows[0].a === 0 || rows[0].b === 0) empty.push(table);
    }
    expect(empty).toEqual([]);
  });

  it('shows a firm exactly its own rows of every tenant table, and none without a tenant', async () => {
    expect(tables.length).toBeGreaterThanOrEqual(15);
    for (const table of tables) {
      const { rows: own } = await admin.query(`select count(*)::int as n from ${quote(table)} where tenant_id = $1`, [firmA.tenantId]);
      const seen = await asApp(firmA.tenantId, async (client) => {
        const { rows } = await client.query(
          `select count(*)::int as total, count(*) filter (where tenant_id <> $1)::int as foreign from ${quote(table)}`,
          [firmA.tenantId],
        );
        return rows[0];
      });
      expect({ table, ...seen }).toEqual({ table, total: own[0].n, foreign: 0 });
      const withoutTenant = await asApp('', async (client) => (await client.query(`select count(*)::int as n from ${quote(table)}`)).rows[0].n);
      expect({ table, withoutTenant }).toEqual({ table, withoutTenant: 0 });
    }
  });

  it('refuses to update, delete or insert another firm\'s rows, and to move a row to another firm', async () => {
    for (const table of tables) {
      const { rows: before } = await admin.query(`select count(*)::int as n from ${quote(table)} where tenant_id = $1`, [firmB.tenantId]);
      const { rows: sample } = await admin.query(`select row_to_json(t) as row from ${quote(table)} t where tenant_id = $1 limit 1`, [firmB.tenantId]);

      // Where the app role may update or delete at all (the audit trail it may only append to).
      const { rows: may } = await admin.query(
        `select has_table_privilege('fieldbook_app', $1, 'update') as update, has_table_privilege('fieldbook_app', $1, 'delete') as delete`,
        [table],
      );
      for (const verb of ['update', 'delete'] as const) {
        const statement =
          verb === 'update'
            ? `update ${quote(table)} set tenant_id = tenant_id where tenant_id = $1`
            : `delete from ${quote(table)} where tenant_id = $1`;
        const attempt = asApp(firmA.tenantId, async (client) => (await client.query(statement, [firmB.tenantId])).rowCount);
        if (may[0][verb]) expect({ table, verb, rows: await attempt }).toEqual({ table, verb, rows: 0 });
        else await expect(attempt, `${verb} ${table}`).rejects.toMatchObject({ code: '42501' });
      }

      // A copy of B's row, written with A's tenant set: the policy's check refuses it before any key.
      const { rows: writable } = await admin.query<{ attname: string }>(
        `select attname from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped
            and attgenerated = '' and attidentity <> 'a' order by attnum`,
        [table],
      );
      const columns = writable.map((column) => quote(column.attname)).join(', ');
      const insert = asApp(firmA.tenantId, (client) =>
        client.query(`insert into ${quote(table)} (${columns}) select ${columns} from json_populate_record(null::${quote(table)}, $1)`, [sample[0].row]),
      );
      await expect(insert, table).rejects.toMatchObject({ code: '42501' });

      const move = asApp(firmA.tenantId, (client) =>
        client.query(`update ${quote(table)} set tenant_id = $1 where ctid = (select ctid from ${quote(table)} limit 1)`, [firmB.tenantId]),
      );
      await expect(move, table).rejects.toMatchObject({ code: '42501' });
      if (may[0].update) {
        const { rows: visible } = await asApp(firmA.tenantId, (client) => client.query(`select count(*)::int as n from ${quote(table)}`));
        expect(visible[0].n, `${table}: a row of A to move`).toBeGreaterThan(0);
      }

      const { rows: after } = await admin.query(`select count(*)::int as n from ${quote(table)} where tenant_id = $1`, [firmB.tenantId]);
      expect({ table, n: after[0].n }).toEqual({ table, n: before[0].n });
    }
  });
});

describe('the shape of tenant tables', () => {
  it('includes tenant_id in every primary key, unique constraint or index and foreign key of a tenant table', async () => {
    const { rows } = await admin.query<{ table: string; name: string; kind: string; has_tenant: boolean; refs_tenant: boolean | null }>(
      `select c.relname as table, con.conname as name, con.contype as kind,
              exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and a.attnum = any (con.conkey)) as has_tenant,
              case when con.contype = 'f' then exists (
                select 1 from pg_attribute a where a.attrelid = con.confrelid and a.attname = 'tenant_id' and a.attnum = any (con.confkey)
              ) end as refs_tenant
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
        where c.relname = any ($1) and con.contype in ('p', 'u', 'f')
       union all
       select c.relname, i.relname, 'i',
              exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and a.attnum = any (x.indkey::int2[])),
              null
         from pg_index x
         join pg_class c on c.oid = x.indrelid
         join pg_class i on i.oid = x.indexrelid
        where x.indisunique and c.relname = any ($1)`,
      [tables],
    );
    expect(rows.filter((row) => row.kind === 'p').length).toBeGreaterThanOrEqual(15);
    const missing = rows.filter((row) => !row.has_tenant || row.refs_tenant === false).map((row) => `${row.table}.${row.name} (${row.kind})`);
    expect(missing).toEqual([]);
  });

  it('runs the app as a role that is no superuser, cannot bypass row-level security and owns nothing', async () => {
    const { rows } = await server.database.pool.query(
      `select r.rolsuper, r.rolbypassrls, r.rolcreaterole, r.rolcreatedb,
              (select count(*) from pg_class c where c.relowner = r.oid)::int as owned
         from pg_roles r where r.rolname = current_user`,
    );
    expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false, owned: 0 });
  });

  it('has row-level security enabled and forced, with a policy, on every tenant table', async () => {
    const { rows } = await admin.query(
      `select c.relname, c.relrowsecurity, c.relforcerowsecurity,
              (select count(*) from pg_policy p where p.polrelid = c.oid)::int as policies
         from pg_class c
        where c.relname = any ($1)`,
      [tables],
    );
    expect(rows.length).toBe(tables.length);
    for (const row of rows) expect(row).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true, policies: 1 });
  });
});

describe('withTenant, the transaction every tenant query runs in', () => {
  const countCustomers = async (tx: Tx) => (await tx.execute(sql`select count(*)::int as n from customers`)).rows[0].n as number;
  const database = () => server.app.deps.database;

  it('sees one firm’s rows, and leaves no firm set on the connection afterwards', async () => {
    const { rows } = await admin.query('select count(*)::int as n from customers where tenant_id = $1', [firmA.tenantId]);
    expect(rows[0].n).toBeGreaterThan(0);
    expect(await database().withTenant(firmA.tenantId, countCustomers)).toBe(rows[0].n);
    // Every connection of the pool, used without withTenant, sees no firm and no rows.
    const clients = await Promise.all(Array.from({ length: 3 }, () => database().pool.connect()));
    for (const client of clients) {
      const { rows: seen } = await client.query(`select coalesce(current_setting('app.tenant_id', true), '') as tenant, (select count(*)::int from customers) as n`);
      expect(seen[0]).toEqual({ tenant: '', n: 0 });
      client.release();
    }
  });

  it('rolls back on a failure and keeps what a failed savepoint did not touch', async () => {
    const name = `Rollback ${crypto.randomUUID()}`;
    const insert = (tx: Tx) => tx.execute(sql`insert into customers (tenant_id, company_name) values (${firmA.tenantId}, ${name})`);
    const named = async () => (await admin.query('select count(*)::int as n from customers where company_name = $1', [name])).rows[0].n;
    await expect(
      database().withTenant(firmA.tenantId, async (tx) => {
        await insert(tx);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await named()).toBe(0);
    await database().withTenant(firmA.tenantId, async (tx) => {
      await insert(tx);
      await tx.transaction(async (inner) => {
        await insert(inner);
        throw new Error('inner');
      }).catch(() => undefined);
    });
    expect(await named()).toBe(1);
  });

  it('refuses a tenant id that is no UUID before it touches the database', async () => {
    let ran = false;
    await expect(
      database().withTenant("x', true); select set_config('app.tenant_id', 'y", async () => {
        ran = true;
      }),
    ).rejects.toThrow(TypeError);
    expect(ran).toBe(false);
  });
});
