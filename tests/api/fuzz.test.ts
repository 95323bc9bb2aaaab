/**
 * Fuzzing every operation of the contract, signed in as the Owner of a firm with data: per
 * operation a fixed number of requests from a fixed seed, valid ones and mutations (wrong types,
 * missing and unknown fields, huge strings, NUL, lone surrogates, edge dates and numbers, bad path
 * ids, wrong media types, oversized bodies). No answer may be a 5xx (but 501 of an operation not
 * built yet), and every answer must follow the contract (status declared, body valid).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../../server/modules';
import { checkResponse } from '../support/contract';
import { startTestServer, type TestServer } from '../support/test-server';
import { jpeg, signaturePng } from './activity-support';
import { createTenant } from './factories';
import {
  badQueryValues,
  badValues,
  contractOperations,
  deleteAt,
  EDGE_DATES,
  EDGE_NUMBERS,
  leaves,
  queryText,
  randomSource,
  setAt,
  validValue,
  type Json,
  type Operation,
  type Random,
} from './fuzz-support';
import { seedFirm, type FirmData } from './seed-firm';

const SEED = 20261123;
const REQUESTS_PER_OPERATION = 30;
const PARALLEL = 4;

let server: TestServer;
let data: FirmData;
let photo: Buffer;
let signature: Buffer;
let requestCount = 0;
const statusCounts = new Map<number, number>();

beforeAll(async () => {
  server = await startTestServer();
  const firm = await createTenant(server, { name: 'Fuzz Elektro GmbH' });
  data = await seedFirm(server, firm);
  photo = await jpeg(64, 48);
  signature = await signaturePng();
});
afterAll(async () => {
  await server?.close();
});

type Kind =
  | 'valid'
  | 'validFull'
  | 'bodyBadValue'
  | 'bodyMissing'
  | 'bodyExtra'
  | 'bodyNul'
  | 'bodySurrogate'
  | 'bodyHugeString'
  | 'bodyDeep'
  | 'bodyEdgeDate'
  | 'bodyEdgeNumber'
  | 'bodyNotObject'
  | 'bodyMalformed'
  | 'bodyEmpty'
  | 'queryBadValue'
  | 'queryMissing'
  | 'queryRepeated'
  | 'queryDateRange'
  | 'queryUnknown'
  | 'pathBad'
  | 'pathForeign'
  | 'typeText'
  | 'typeForm'
  | 'typeXml'
  | 'oversized'
  | 'formTwoFiles'
  | 'formManyFields'
  | 'formNoFile';

/** One request of each kind per operation, in this order (kinds that do not apply are replaced). */
const KINDS: Kind[] = [
  'valid', 'validFull', 'bodyBadValue', 'bodyMissing', 'bodyExtra', 'bodyNul', 'bodySurrogate', 'bodyHugeString',
  'bodyEdgeDate', 'bodyEdgeNumber', 'bodyNotObject', 'bodyMalformed', 'bodyEmpty', 'bodyDeep', 'queryBadValue',
  'queryBadValue', 'queryMissing', 'queryRepeated', 'queryUnknown', 'queryDateRange', 'pathBad', 'pathForeign',
  'typeText', 'typeForm', 'typeXml', 'oversized', 'formTwoFiles', 'formManyFields', 'formNoFile', 'validFull',
];

interface Case {
  label: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array;
}

function applicable(kind: Kind, op: Operation): boolean {
  const hasQuery = op.params.some((p) => p.in === 'query');
  const hasPath = op.params.some((p) => p.in === 'path');
  if (kind.startsWith('body')) return op.bodyType === 'json' || (op.bodyType === 'multipart' && !['bodyNotObject', 'bodyMalformed', 'bodyEmpty', 'bodyDeep'].includes(kind));
  if (kind === 'queryDateRange') return op.params.some((p) => p.name === 'fromDate');
  if (kind.startsWith('query')) return hasQuery;
  if (kind.startsWith('path')) return hasPath;
  if (kind.startsWith('form')) return op.bodyType === 'multipart';
  if (kind === 'oversized' || kind.startsWith('type')) return op.bodyType !== undefined;
  return true;
}

/** The request of one case: a valid request of the operation, then the mutation of its kind. */
function buildCase(op: Operation, kind: Kind, random: Random): Case {
  const ctx = { data, template: op.template, random, full: kind !== 'valid' };
  let label: string = kind;
  const pathValues: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const p of op.params) {
    const value = validValue(p.schema, p.name, ctx);
    if (p.in === 'path') pathValues[p.name] = String(value);
    else if (p.required || (ctx.full && random.chance(0.6))) {
      if (Array.isArray(value)) for (const v of value) query.push([p.name, queryText(v)]);
      else query.push([p.name, queryText(value)]);
    }
  }
  let body: Json | unknown = op.bodyType ? validValue(op.bodySchema!, 'body', ctx) : undefined;
  let rawBody: string | Uint8Array | undefined;
  let contentType = op.bodyType === 'json' ? 'application/json' : undefined;
  const bodyLeaves = op.bodySchema ? leaves(op.bodySchema) : [];
  const leafOf = (filter: (schema: Json) => boolean) => {
    const matching = bodyLeaves.filter((l) => filter(l.schema));
    return matching.length ? random.pick(matching) : bodyLeaves.length ? random.pick(bodyLeaves) : undefined;
  };
  const isString = (s: Json) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
  const withBody = (fn: (target: Json, leafPath: (string | number)[], value: unknown) => void, leaf: ReturnType<typeof leafOf>, value: unknown) => {
    if (!leaf || body === null || typeof body !== 'object') return;
    fn(body as Json, leaf.path, value);
    label += ` ${leaf.path.join('.')}=${JSON.stringify(value)?.slice(0, 40)}`;
  };
  let twoFiles = false;
  let manyFields = false;
  let noFile = false;

  switch (kind) {
    case 'bodyBadValue': {
      const leaf = leafOf(() => true);
      if (leaf) withBody(setAt, leaf, random.pick(badValues(leaf.schema, random)));
      break;
    }
    case 'bodyMissing': {
      const required = bodyLeaves.filter((l) => l.path.length === 1 && (op.bodySchema!.required ?? []).includes(l.path[0]));
      const leaf = required.length ? random.pick(required) : leafOf(() => true);
      if (leaf) withBody((t, p) => deleteAt(t, p), leaf, undefined);
      break;
    }
    case 'bodyExtra':
      if (body && typeof body === 'object') Object.assign(body, JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"unknownField":1}'));
      break;
    case 'bodyNul':
      withBody(setAt, leafOf(isString), random.pick(['a\u0000b', '\u0000', 'Elektro\u0000']));
      break;
    case 'bodySurrogate':
      withBody(setAt, leafOf(isString), random.pick(['kaputt \ud800', '\udc00', 'a\udbff']));
      break;
    case 'bodyHugeString':
      withBody(setAt, leafOf(isString), 'x'.repeat(random.pick([5_000, 100_000, 600_000])));
      break;
    case 'bodyEdgeDate':
      withBody(setAt, leafOf((s) => s.format === 'date-time' || s.format === 'date' || JSON.stringify(s).includes('date')), random.pick(EDGE_DATES));
      break;
    case 'bodyEdgeNumber':
      withBody(setAt, leafOf((s) => JSON.stringify(s).includes('"number"') || JSON.stringify(s).includes('"integer"')), random.pick(EDGE_NUMBERS));
      break;
    case 'bodyNotObject':
      body = random.pick([[], 'text', 42, null, true, [body]]);
      label += ` ${JSON.stringify(body)?.slice(0, 40)}`;
      break;
    case 'bodyMalformed':
      rawBody = random.pick(['{', '{"a":', '{"a":1,}', "{'a':1}", 'null null', '\u0000', '{"a":"\\u12"}', '{"a":1e999999}']);
      label += ` ${JSON.stringify(rawBody)}`;
      break;
    case 'bodyEmpty':
      rawBody = '';
      break;
    case 'bodyDeep': {
      // Nesting deeper than a recursive walk survives, at a field or as the whole body.
      const depth = random.pick([1_000, 100_000]);
      const deep = `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
      const leaf = leafOf(() => true);
      if (leaf && leaf.path.length === 1 && body && typeof body === 'object' && random.chance(0.7)) {
        const text = JSON.stringify({ ...(body as Json), [leaf.path[0]]: '__DEEP__' });
        rawBody = text.replace('"__DEEP__"', deep);
        label += ` ${leaf.path[0]} nested ${depth}`;
      } else {
        rawBody = deep;
        label += ` body nested ${depth}`;
      }
      break;
    }
    case 'queryBadValue': {
      const params = op.params.filter((p) => p.in === 'query');
      const p = random.pick(params);
      const value = random.pick(badQueryValues(p, random));
      const at = query.findIndex(([n]) => n === p.name);
      if (at >= 0) query[at] = [p.name, value];
      else query.push([p.name, value]);
      label += ` ${p.name}=${JSON.stringify(value).slice(0, 40)}`;
      break;
    }
    case 'queryMissing': {
      const required = query.filter(([n]) => op.params.some((p) => p.name === n && p.required));
      if (required.length) {
        const [name] = random.pick(required);
        query.splice(query.findIndex(([n]) => n === name), 1);
        label += ` ${name}`;
      }
      break;
    }
    case 'queryRepeated':
      if (query.length) {
        const [name, value] = random.pick(query);
        query.push([name, random.pick([value, 'other', ''])]);
        label += ` ${name}`;
      }
      break;
    case 'queryDateRange': {
      // The widest and the most inverted ranges the formats allow.
      const [from, to] = random.pick([
        ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
        ['9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z'],
        ['1970-01-01T00:00:00Z', '2100-01-01T00:00:00Z'],
        ['2026-11-20T00:00:00+14:00', '2026-11-20T00:00:00-12:00'],
      ]);
      for (const [name, value] of [['fromDate', from], ['toDate', to]]) {
        const at = query.findIndex(([n]) => n === name);
        if (at >= 0) query.splice(at, 1);
        query.push([name, value]);
      }
      label += ` ${from}..${to}`;
      break;
    }
    case 'queryUnknown':
      query.push([random.pick(['__proto__', 'constructor', 'tenantId', 'unknown', '__proto__[admin]']), random.pick(['1', 'true', 'x'])]);
      break;
    case 'pathBad': {
      const name = Object.keys(pathValues)[0];
      pathValues[name] = random.pick(['not-a-uuid', '%00', '..%2F..%2Fetc', 'a'.repeat(120), '%E0%A4%A', '00000000-0000-0000-0000-000000000000', '%20', 'null', encodeURIComponent('kaputt \ud800'.slice(0, 7))]);
      label += ` ${name}=${pathValues[name]}`;
      break;
    }
    case 'pathForeign': {
      const name = Object.keys(pathValues)[0];
      pathValues[name] = random.uuid();
      break;
    }
    case 'typeText':
      contentType = 'text/plain';
      break;
    case 'typeXml':
      contentType = random.pick([
        'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/json-patch+json',
        'APPLICATION/JSON', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/json;;', '*/*', 'application',
      ]);
      label += ` ${contentType}`;
      break;
    case 'typeForm':
      contentType = op.bodyType === 'multipart' ? 'application/json' : 'multipart/form-data';
      break;
    case 'oversized':
      rawBody = JSON.stringify({ text: 'x'.repeat(server.config.bodyLimitBytes + 1024) });
      break;
    case 'formTwoFiles':
      twoFiles = true;
      break;
    case 'formManyFields':
      manyFields = true;
      break;
    case 'formNoFile':
      noFile = true;
      break;
  }

  let path = op.template.replace(/\{(\w+)\}/g, (_, name: string) => (kind === 'pathBad' ? pathValues[name] : encodeURIComponent(pathValues[name])));
  const search = new URLSearchParams(query).toString();
  if (search) path += `?${search}`;
  const headers: Record<string, string> = { ...data.owner.auth, 'Accept-Language': random.pick(['de', 'en', 'en;q=abc, de;q=0.5', '*', 'x'.repeat(300)]) };
  let sent: Case['body'];
  if (op.bodyType === 'multipart' && kind !== 'typeForm' && kind !== 'typeText' && kind !== 'typeXml' && kind !== 'oversized') {
    const form = new FormData();
    for (const [key, value] of Object.entries((body ?? {}) as Json)) {
      if (key === 'file') continue;
      if (Array.isArray(value)) for (const v of value) form.append(key, typeof v === 'string' ? v : JSON.stringify(v));
      else form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    const file = op.template.includes('WorkConfirmations') ? signature : photo;
    const type = op.template.includes('WorkConfirmations') ? 'image/png' : 'image/jpeg';
    if (!noFile) form.append('file', new Blob([new Uint8Array(file)], { type }), random.pick(['a.jpg', 'IMG 1.png', 'ä\u0000.jpg', '../x.jpg']));
    if (twoFiles) form.append('file', new Blob([new Uint8Array(file)], { type }), 'b.jpg');
    if (manyFields) for (let i = 0; i < 250; i++) form.append(`f${i}`, 'x');
    sent = form;
  } else if (op.bodyType) {
    sent = rawBody ?? JSON.stringify(body);
    if (contentType) headers['content-type'] = contentType;
  }
  return { label, path, headers, body: sent };
}

async function send(op: Operation, c: Case): Promise<string[]> {
  requestCount++;
  const url = server.baseUrl + c.path;
  let response: Response;
  try {
    response = await fetch(url, { method: op.method, headers: c.headers, body: c.body as BodyInit | undefined, redirect: 'manual' });
  } catch (error) {
    return [`${c.label}: no answer (${(error as Error).message})`];
  }
  const type = response.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await response.arrayBuffer());
  let body: unknown = bytes;
  if (type.includes('application/json')) {
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      return [`${c.label}: ${response.status} with a body that is not JSON`];
    }
  }
  statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1);
  if (process.env.FUZZ_LOG) console.log(op.operationId, response.status, c.label.slice(0, 120), type.includes('json') ? JSON.stringify((body as Json).errorMessages?.[0] ?? '').slice(0, 120) : '');
  const problems: string[] = [];
  const notBuilt = !(op.operationId in handlers);
  const code = (body as Json)?.errorMessages?.[0]?.code;
  if (response.status >= 500 && !(response.status === 501 && notBuilt && code === 'FEATURE_NOT_IMPLEMENTED')) {
    problems.push(`${c.label}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  // A path that no longer matches the operation's template (a bad id with a slash) is the router's 404.
  const pathname = new URL(url).pathname;
  const matchesTemplate = new RegExp('^' + op.template.replace(/\{[^}]+\}/g, '[^/]+') + '$').test(pathname);
  if (matchesTemplate) {
    problems.push(...checkResponse(op.method, url, response.status, type, body).map((p) => `${c.label}: ${p}`));
  } else if (response.status !== 404) {
    problems.push(`${c.label}: ${response.status} for a path outside the contract`);
  }
  return problems;
}

const operations = contractOperations();

describe('fuzzing every operation of the contract', () => {
  it.each(operations.map((op) => [op.operationId, op] as const))('%s', async (_, op) => {
    const random = randomSource(SEED ^ [...op.operationId].reduce((h, ch) => Math.imul(h, 31) + ch.charCodeAt(0), 7));
    // The cases are built first, in order, so the requests are the same on every run. Reads are
    // sent a few at a time; writes one after the other, so that each answer depends only on the
    // requests before it (races of writes are not what this test looks for).
    const parallel = op.method === 'GET' ? PARALLEL : 1;
    const cases = Array.from({ length: REQUESTS_PER_OPERATION }, (_, i) => {
      let kind = KINDS[i % KINDS.length];
      if (!applicable(kind, op)) kind = random.pick(KINDS.filter((k) => applicable(k, op) && k !== 'valid'));
      return buildCase(op, kind, random);
    });
    const problems: string[] = [];
    for (let i = 0; i < cases.length; i += parallel) {
      for (const found of await Promise.all(cases.slice(i, i + parallel).map((c) => send(op, c)))) problems.push(...found);
    }
    expect(problems).toEqual([]);
  });

  it('sent a few thousand requests, and enough of them got through to the handlers', () => {
    expect(requestCount).toBe(operations.length * REQUESTS_PER_OPERATION);
    expect(requestCount).toBeGreaterThanOrEqual(2500);
    const successes = [...statusCounts].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
    expect(successes).toBeGreaterThan(requestCount / 10);
    expect(statusCounts.get(401) ?? 0).toBeLessThan(requestCount / 20);
  });

  it('left the owner signed in and the firm readable', async () => {
    const response = await fetch(`${server.baseUrl}/api/Customers/Get?id=${data.customerId}`, { headers: data.owner.auth });
    expect([200, 404]).toContain(response.status);
  });
});

