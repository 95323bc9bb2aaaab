/**
 * Bad input is refused with the envelope and changes nothing: NUL and other control characters
 * and lone surrogates in any text (query, path, JSON body, form fields, unauthenticated calls
 * too), bodies in a media type the operation does not declare, date-times that JavaScript or
 * PostgreSQL cannot hold, sort names outside an operation's list, numbers beyond their column,
 * headers and paths too long, forms with two files or too many fields.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawCall } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { imageForm, jpeg, newCustomer, postForm } from './activity-support';
import { createTenant, type Member, type TestTenant } from './factories';

let server: TestServer;
let firm: TestTenant;
// The owner writes English; answers to its calls are English whatever Accept-Language says.
let owner: Member;
let customer: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  firm = await createTenant(server, { lang: 'en' });
  owner = firm.owner;
  customer = await newCustomer(owner, 'Elektro Schneider GmbH');
});
afterAll(async () => {
  await server?.close();
});

const jsonHeaders = (member: Member | null, language = 'de') => ({
  ...(member ? member.auth : {}),
  'content-type': 'application/json',
  'Accept-Language': language,
});

/** A JSON body as raw text, so that escapes like a lone `\ud800` reach the server as written. */
const post = (path: string, text: string, member: Member | null = owner, language = 'de') =>
  rawCall(server.baseUrl, 'POST', path, { headers: jsonHeaders(member, language), body: text });

const get = (path: string, member: Member = owner) => rawCall(server.baseUrl, 'GET', path, { headers: { ...member.auth, 'Accept-Language': 'de' } });

async function customerCount() {
  const answer = await get('/api/Customers/GetAll?page=1&pageSize=1&isDescending=false&includeArchived=true');
  return answer.body.data.totalCount as number;
}

function expectFieldError(answer: { status: number; body: { errorMessages: { code: string }[]; errors: Record<string, string[]> } }, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
  expect(Object.keys(answer.body.errors)).toContain(field);
}

describe('text no column can hold', () => {
  it('refuses a NUL byte in a JSON field, naming the field, and stores nothing', async () => {
    const before = await customerCount();
    const answer = await post('/api/Customers/Create', '{"companyName":"Elektro\\u0000Schneider","country":"DE"}', owner, 'en');
    expectFieldError(answer, 'companyName');
    expect(answer.body.errors.companyName[0]).toContain('not allowed');
    expect(await customerCount()).toBe(before);
  });

  it('refuses a NUL byte before sign-in (Auth/SignIn) as a validation error, not a server error', async () => {
    const answer = await post('/api/Auth/SignIn', '{"email":"anna\\u0000@example.de","password":"x"}', null);
    expectFieldError(answer, 'email');
  });

  it('refuses a NUL byte in a nested field with its path', async () => {
    const body = JSON.stringify({ dryRun: true, rows: [{ sourceLine: 2, companyName: 'Gut' }, { sourceLine: 3, companyName: 'Bö\u0000se' }] });
    expectFieldError(await post('/api/Customers/ImportCsv', body), 'rows.1.companyName');
  });

  it('refuses other control characters but keeps tabs and line breaks', async () => {
    expectFieldError(await post('/api/Customers/Create', '{"companyName":"Bell\\u0007","country":"DE"}'), 'companyName');
    const fine = await post('/api/Customers/Create', '{"companyName":"Zeile 1\\nZeile 2\\tTab","country":"DE"}');
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });

  it('refuses lone surrogates and accepts a proper pair (an emoji)', async () => {
    expectFieldError(await post('/api/Customers/Create', '{"companyName":"Kaputt \\ud800","country":"DE"}'), 'companyName');
    expectFieldError(await post('/api/Customers/Create', '{"companyName":"\\udc00 vorn","country":"DE"}'), 'companyName');
    const pair = await post('/api/Customers/Create', '{"companyName":"Sonnig \\ud83c\\udf1e GmbH","country":"DE"}');
    expect(pair.status, JSON.stringify(pair.body)).toBe(200);
    expect(pair.body.data.companyName).toBe('Sonnig 🌞 GmbH');
  });

  it('answers a body nested deeper than the call stack with 400, not a server error', async () => {
    const deep = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
    expect((await post('/api/Customers/Create', deep)).status).toBe(400);
    expectFieldError(await post('/api/Customers/Create', `{"companyName":${deep},"country":"DE"}`), 'companyName');
  });

  it('refuses a NUL byte in a query parameter and in a path id', async () => {
    expectFieldError(await get('/api/Customers/GetAll?page=1&pageSize=10&isDescending=false&filter=a%00b'), 'filter');
    expectFieldError(await get('/api/Customers/Get?id=%00'), 'id');
    expectFieldError(await get('/api/TimeTracks/GetById/ab%00cd'), 'id');
  });

  it('answers a refresh cookie with a NUL byte or a lone surrogate as a sign-in that failed', async () => {
    for (const cookie of ['refreshToken=a%00b', 'refreshToken=%ED%A0%80', `refreshToken=${'%00'.repeat(100)}`]) {
      const answer = await rawCall(server.baseUrl, 'POST', '/api/Auth/RefreshTokenFromCookie', { headers: { cookie, 'Accept-Language': 'de' } });
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });

  it('refuses a NUL byte in a form field and in a file name of an upload', async () => {
    const data = await jpeg(64, 48);
    const field = await postForm(server, owner, '/api/Images/UploadWorkDocImage', imageForm({ customerId: customer.id, description: 'vor\u0000her' }, { data, name: 'a.jpg', type: 'image/jpeg' }));
    expectFieldError(field, 'description');
    const name = await postForm(server, owner, '/api/Images/UploadWorkDocImage', imageForm({ customerId: customer.id }, { data, name: 'a\u0000.jpg', type: 'image/jpeg' }));
    expectFieldError(name, 'file');
    const list = await get(`/api/Images/GetAll?page=1&pageSize=10&isDescending=true&includeProcessed=true&includeUnprocessed=true&customerId=${customer.id}`);
    expect(list.body.data.totalCount).toBe(0);
  });
});

describe('media types the operation does not declare', () => {
  const body = JSON.stringify({ companyName: 'Als Text', country: 'DE' });

  it('refuses JSON sent as text/plain with 415 and stores nothing', async () => {
    const before = await customerCount();
    const answer = await rawCall(server.baseUrl, 'POST', '/api/Customers/Create', {
      headers: { ...owner.auth, 'content-type': 'text/plain', 'Accept-Language': 'en' },
      body,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(415);
    expect(answer.body.errorMessages[0]).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This call expects application/json.' });
    expect(await customerCount()).toBe(before);
  });

  it('refuses a form sent to a JSON operation and JSON sent to an upload', async () => {
    const form = new FormData();
    form.set('companyName', 'Als Formular');
    const asForm = await postForm(server, owner, '/api/Customers/Create', form);
    expect(asForm.status).toBe(415);
    expect(asForm.body.errorMessages[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const asJson = await post('/api/Images/UploadWorkDocImage', JSON.stringify({ customerId: customer.id }));
    expect(asJson.status).toBe(415);
    expect(asJson.body.errorMessages[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body without a content type', async () => {
    const answer = await rawCall(server.baseUrl, 'POST', '/api/Customers/Create', { headers: { ...owner.auth }, body: new TextEncoder().encode(body) });
    expect(answer.status).toBe(415);
  });
});

describe('date-times, sort names and numbers the contract lets through today', () => {
  const entry = (occurredAtUtc: string) =>
    JSON.stringify({ customerId: customer.id, subType: 'note', text: 'Notiz', occurredAtUtc });

  it.each([
    ['a leap second', '2026-12-31T23:59:60Z'],
    ['year 0000', '0000-01-01T00:00:00Z'],
    ['a year beyond 9999', '10000-01-01T00:00:00Z'],
    ['the 30th of February', '2026-02-30T10:00:00Z'],
    ['an offset of 24 hours', '2026-11-20T10:00:00+24:00'],
    ['an instant before year 1 in UTC', '0001-01-01T00:30:00+01:00'],
  ])('refuses %s as a date-time', async (_, value) => {
    expectFieldError(await post('/api/Information/Create', entry(value)), 'occurredAtUtc');
  });

  it('accepts an ordinary date-time with an offset and fractions', async () => {
    const answer = await post('/api/Information/Create', entry('2026-11-20T10:00:00.123456+01:00'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });

  it('refuses an impossible date-time in a query parameter', async () => {
    const answer = await get('/api/Information/GetAll?page=1&pageSize=10&isDescending=true&includeProcessed=true&includeUnprocessed=true&fromDate=0000-01-01T00:00:00Z');
    expectFieldError(answer, 'fromDate');
  });

  it('refuses sort names outside the operation\'s list, __proto__ included', async () => {
    for (const name of ['__proto__', 'constructor', 'password', 'createdAt']) {
      expectFieldError(await get(`/api/Customers/GetAll?page=1&pageSize=10&isDescending=false&orderBy=${name}`), 'orderBy');
      expectFieldError(await get(`/api/Products/GetAll?page=1&pageSize=10&isDescending=false&orderBy=${name}`), 'orderBy');
    }
    const listed = await get('/api/Products/GetAll?page=1&pageSize=10&isDescending=false&orderBy=stock');
    expect(listed.status).toBe(200);
  });

  it('refuses a stock the column cannot hold and keeps the largest one it can', async () => {
    const product = (stock: number) => JSON.stringify({ name: 'Kabel', unit: 'm', netPrice: 1, vatRate: 19, stock });
    expectFieldError(await post('/api/Products/Create', product(1e9)), 'stock');
    expectFieldError(await post('/api/Products/Create', product(-1e9)), 'stock');
    const largest = await post('/api/Products/Create', product(999999999.999));
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
    expect(largest.body.data.stock).toBe(999999999.999);
  });

  it('reports a stock the column cannot hold as a row error of a product import', async () => {
    const answer = await post('/api/Products/ImportCsv', JSON.stringify({ dryRun: true, rows: [{ sourceLine: 2, name: 'Kabel', unit: 'm', netPrice: 1, vatRate: 19, stock: 1e9 }] }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['stock']);
  });
});

/** One request over a plain socket, for what fetch refuses to send; answers status and body. */
function rawHttp(request: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('limits of the HTTP layer', () => {
  it('answers headers that are too large with 431 and the envelope, in the caller\'s language', async () => {
    const answer = await rawHttp(`GET /api/Customers/GetAll HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({
      isSuccess: false,
      data: null,
      errorMessages: [{ code: 'BAD_REQUEST', message: 'The request headers are too large.' }],
      errors: {},
      successMessage: null,
    });
  });

  it('answers a path segment that is too long with 414 and the envelope', async () => {
    const answer = await get(`/api/TimeTracks/GetById/${'a'.repeat(500)}`);
    expect(answer.status).toBe(414);
    expect(answer.body.errorMessages[0]).toEqual({ code: 'BAD_REQUEST', message: 'Die Adresse ist zu lang.' });
  });

  it('answers a path that cannot be decoded with 400 and the envelope', async () => {
    const answer = await get('/api/TimeTracks/GetById/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessages[0].code).toBe('BAD_REQUEST');
  });
});

describe('forms of an upload', () => {
  it('refuses two files with its own message, not "larger than 20 MB"', async () => {
    const data = await jpeg(64, 48);
    const form = imageForm({ customerId: customer.id }, { data, name: 'a.jpg', type: 'image/jpeg' });
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'b.jpg');
    const answer = await postForm(server, owner, '/api/Images/UploadWorkDocImage', form, 'en');
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessages[0]).toEqual({ code: 'BAD_REQUEST', message: 'The form may contain only one file.' });
  });

  it('refuses more than 200 fields with its own message', async () => {
    const form = imageForm({ customerId: customer.id });
    for (let i = 0; i < 201; i++) form.append(`extra${i}`, 'x');
    form.append('file', new Blob([new Uint8Array(await jpeg(64, 48))], { type: 'image/jpeg' }), 'a.jpg');
    const answer = await postForm(server, owner, '/api/Images/UploadWorkDocImage', form, 'en');
    expect(answer.status).toBe(413);
    expect(answer.body.errorMessages[0]).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many fields (at most 200).' });
  });
});
