/**
 * Tenant isolation through the front door, generated from the contract: firm A has data of every
 * kind (customer, product, time track, note, material, photo, work confirmation, member, working
 * time). Then, for every built operation that takes an id (in the path, the query or the body) or
 * a filter, firm B's Owner calls it with A's ids. Each answer must be 404 or a success that shows
 * none of A's ids, and afterwards A's lists and A's rows in the database are exactly as before.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../../server/modules';
import { checkResponse } from '../support/contract';
import { startTestServer, type TestServer } from '../support/test-server';
import { jpeg, signaturePng } from './activity-support';
import { createTenant } from './factories';
import { contractOperations, leaves, queryText, randomSource, validValue, type Json, type Operation } from './fuzz-support';
import { seedFirm, type FirmData } from './seed-firm';

let server: TestServer;
let admin: pg.Client;
let a: FirmData;
let b: FirmData;
let aIds: string[];
let photo: Buffer;
let signature: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  a = await seedFirm(server, await createTenant(server, { name: 'Firma A Elektro' }));
  b = await seedFirm(server, await createTenant(server, { name: 'Firma B Sanitär' }));
  aIds = [
    a.tenantId, a.owner.userId, a.employee.userId, a.customerId, a.confirmedCustomerId, a.productId, a.noteId, a.materialId,
    a.timeTrackId, a.imageId, a.confirmationId, a.userTrackId, ...a.segmentIds,
  ];
  photo = await jpeg(64, 48);
  signature = await signaturePng();
});
afterAll(async () => {
  await admin?.end();
  await server?.close();
});

const mentionsId = (schema: Json) => JSON.stringify(schema).includes('"uuid"');

/** Operations that name records: a path id, an id or filter in the query, an id in the body. */
function namesRecords(op: Operation): boolean {
  if (op.params.some((p) => p.in === 'path')) return true;
  if (op.params.some((p) => p.in === 'query' && (mentionsId(p.schema) || p.name === 'filter'))) return true;
  return !!op.bodySchema && leaves(op.bodySchema).some((l) => mentionsId(l.schema));
}

const operations = contractOperations().filter((op) => op.operationId in handlers && namesRecords(op));

/** A's own view of its data, through the API. */
async function listsOfA() {
  const lists = [
    '/api/Customers/GetAll?page=1&pageSize=500&isDescending=false&includeArchived=true',
    '/api/Products/GetAll?page=1&pageSize=500&isDescending=false&includeArchived=true',
    '/api/Information/GetAll?page=1&pageSize=500&isDescending=false&includeProcessed=true&includeUnprocessed=true',
    '/api/TimeTracks/Get?page=1&pageSize=500&isDescending=false&includeRunning=true&includeStopped=true&includeProcessed=true&includeUnprocessed=true',
    '/api/Images/GetAll?page=1&pageSize=500&isDescending=false&includeProcessed=true&includeUnprocessed=true',
    `/api/CustomerActivities/ByCustomer?customerId=${a.customerId}&page=1&pageSize=500&isDescending=false&includeProcessed=true&includeUnprocessed=true&archived=include`,
    `/api/CustomerActivities/ByCustomer?customerId=${a.confirmedCustomerId}&page=1&pageSize=500&isDescending=false&includeProcessed=true&includeUnprocessed=true&archived=include`,
    '/api/UserTimeTracks/GetList?page=1&pageSize=500&isDescending=false&includeActive=true&includeEnded=true&includeProcessed=true&includeUnprocessed=true',
    'POST /api/Users/GetAll?includeArchived=true',
    '/api/Management/GetTenant',
    `/api/WorkConfirmations/${a.confirmationId}`,
  ];
  const out: Record<string, unknown> = {};
  for (const entry of lists) {
    const [method, path] = entry.startsWith('POST ') ? ['POST', entry.slice(5)] : ['GET', entry];
    const response = await fetch(server.baseUrl + path, { method, headers: { ...a.owner.auth, 'Accept-Language': 'de' } });
    const type = response.headers.get('content-type') ?? '';
    out[entry] = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer()).length;
    expect(response.status, path).toBe(200);
  }
  return out;
}

/** A's rows in every tenant table, as the administrator sees them. */
async function rowsOfA() {
  const { rows: tables } = await admin.query<{ relname: string }>(
    `select c.relname from pg_class c
       join pg_attribute att on att.attrelid = c.oid and att.attname = 'tenant_id' and not att.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by c.relname`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { relname } of tables) {
    const { rows } = await admin.query(`select row_to_json(t)::text as row from "${relname}" t where tenant_id = $1 order by 1`, [a.tenantId]);
    out[relname] = rows.map((r) => r.row);
  }
  return out;
}

/** Bodies the schemas alone do not make valid (rules across fields), with A's ids. */
const fixedBodies: Record<string, () => Json> = {
  informationCreate: () => ({ customerId: a.customerId, subType: 'note', text: 'Notiz von B' }),
  aiSummarize: () => ({ customerId: a.customerId, from: '2020-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z', language: 'de' }),
};

interface Answer {
  status: number;
  text: string;
  location: string;
  json: boolean;
  problems: string[];
}

/** B calls an operation with A's ids: required fields only, then with every optional filter. */
async function callAsB(op: Operation, full: boolean, random: ReturnType<typeof randomSource>, fixedBody?: Json): Promise<Answer> {
  const ctx = { data: a, template: op.template, random, full };
  let path = op.template;
  const query = new URLSearchParams();
  for (const p of op.params) {
    const value = validValue(p.schema, p.name, ctx);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.required || full) {
      for (const v of Array.isArray(value) ? value : [value]) query.append(p.name, queryText(v));
    }
  }
  if (full && op.params.some((p) => p.name === 'filter')) query.set('filter', 'Kunde');
  const search = query.toString();
  const url = server.baseUrl + path + (search ? `?${search}` : '');
  const headers: Record<string, string> = { ...b.owner.auth, 'Accept-Language': 'de' };
  let body: string | FormData | undefined;
  if (op.bodyType === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fixedBody ?? validValue(op.bodySchema!, 'body', ctx));
  } else if (op.bodyType === 'multipart') {
    const form = new FormData();
    for (const [key, value] of Object.entries(validValue(op.bodySchema!, 'body', ctx) as Json)) {
      if (key === 'file') continue;
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, String(v));
    }
    const confirmation = op.template.includes('WorkConfirmations');
    form.append('file', new Blob([new Uint8Array(confirmation ? signature : photo)], { type: confirmation ? 'image/png' : 'image/jpeg' }), 'a.png');
    body = form;
  }
  const response = await fetch(url, { method: op.method, headers, body, redirect: 'manual' });
  const type = response.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = type.includes('application/json');
  const text = json ? bytes.toString('utf8') : `<${bytes.length} bytes of ${type}>`;
  const problems = checkResponse(op.method, url, response.status, type, json ? JSON.parse(text) : bytes);
  return { status: response.status, text, json, location: response.headers.get('location') ?? '', problems };
}

describe('firm B with firm A\'s ids', () => {
  let listsBefore: Record<string, unknown>;
  let rowsBefore: Record<string, unknown[]>;
  const outcomes: { op: string; full: boolean; status: number }[] = [];

  beforeAll(async () => {
    listsBefore = await listsOfA();
    rowsBefore = await rowsOfA();
  });

  it('covers the operations that name records', () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))('%s answers 404 or nothing of A', async (_, op) => {
    const random = randomSource(7 ^ op.operationId.length);
    const statuses: number[] = [];
    for (const full of [false, true]) {
      const answer = await callAsB(op, full, random, full ? undefined : fixedBodies[op.operationId]?.());
      outcomes.push({ op: op.operationId, full, status: answer.status });
      statuses.push(answer.status);
      expect(answer.problems, answer.text.slice(0, 300)).toEqual([]);
      const label = `${op.method} ${op.template} (${full ? 'every field' : 'required fields'}): ${answer.status} ${answer.location} ${answer.text.slice(0, 300)}`;
      expect(aIds.filter((id) => answer.text.includes(id) || answer.location.includes(id)), label).toEqual([]);
      if (answer.status === 404) continue;
      if (answer.status < 300) {
        expect(answer.json, label).toBe(true);
      } else if (answer.status < 400) {
        // A mail link answers with a redirect to the app, which must not tell whose link it was.
        expect(answer.location, label).toMatch(/^\/|^http/);
      } else {
        // Refused for a rule of the request itself (a field the generated body got wrong), not
        // for anything about A's record.
        expect(answer.status, label).toBe(400);
        const envelope = JSON.parse(answer.text) as { errorMessages: { code: string }[]; errors: Record<string, string[]> };
        expect(['VALIDATION_ERROR', 'BAD_REQUEST'], label).toContain(envelope.errorMessages[0].code);
        expect(JSON.stringify(envelope.errors), label).not.toMatch(/gefunden|found|archiv|gesperrt|locked|bestätigt|confirmed/i);
      }
    }
    // At least one of the calls reached the lookup of A's record.
    expect(statuses.some((status) => status === 404 || status < 400), `${op.operationId}: ${statuses.join(', ')}`).toBe(true);
  });

  it('left A\'s lists and A\'s rows exactly as they were', async () => {
    expect(outcomes.length).toBe(operations.length * 2);
    expect(await rowsOfA()).toEqual(rowsBefore);
    expect(await listsOfA()).toEqual(listsBefore);
  });
});
