/**
 * Work confirmations: the customer signs for the open entries (all since the last confirmation, or
 * the ids sent); the server renders a PDF in German or English, stores it and locks the covered
 * entries. Refusals store nothing: ids of another customer or tenant, locked entries, running time
 * tracks, nothing to confirm, a signature that is no PNG or too large, bad fields.
 */
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, informationEntries, timeTracks, workConfirmations } from '../../server/db/schema';
import type { TestServer } from '../support/test-server';
import { checked, insertTimeTrack, jpeg, newCustomer, newEntry, newProduct, postForm, signaturePng, uploadImage } from './activity-support';
import { startScene, type Member, type TestTenant } from './factories';

let server: TestServer, firm: TestTenant, other: TestTenant;
let owner: Member, employee: Member, colleague: Member;
let signature: Buffer;

beforeAll(async () => {
  ({ server, firm, other, owner, members: { employee, colleague } } = await startScene({ name: 'Elektro Schneider GmbH', members: { employee: 'Employee', colleague: 'Employee' } }));
  signature = await signaturePng();
});
afterAll(async () => {
  await server?.close();
});

const CREATE = '/api/WorkConfirmations';

function confirmationForm(fields: Record<string, string | string[]>, file: { data: Buffer; name?: string; type?: string } | null = { data: signature }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name ?? 'signature.png');
  return form;
}

async function confirm(member: Member, fields: Record<string, string | string[]>, file?: { data: Buffer; name?: string; type?: string } | null, language = 'de') {
  return postForm(server, member, CREATE, confirmationForm(fields, file === undefined ? { data: signature } : file), language);
}

async function pdfOf(member: Member, id: string) {
  const url = `${server.baseUrl}/api/WorkConfirmations/${id}`;
  const response = await fetch(url, { headers: member.auth });
  if ((response.headers.get('content-type') ?? '').includes('json')) return { ...(await checked('GET', url, response)), bytes: Buffer.alloc(0) };
  return { status: response.status, headers: response.headers, body: null, bytes: Buffer.from(await response.arrayBuffer()) };
}

function pdfText(pdf: Buffer): string {
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf });
  expect(result.status, result.stderr?.toString()).toBe(0);
  return result.stdout.toString('utf8');
}

/** Renders page 1 with pdftoppm, as a viewer would; answers the PNG. */
function renderFirstPage(pdf: Buffer): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  try {
    const result = spawnSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-', path.join(dir, 'page')], { input: pdf });
    expect(result.status, result.stderr?.toString()).toBe(0);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.png'));
    expect(file).toBeDefined();
    return fs.readFileSync(path.join(dir, file!));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function lockState(tenantId: string, infoIds: string[], trackIds: string[] = []) {
  return server.database.withTenant(tenantId, async (tx) => ({
    info: infoIds.length ? await tx.select({ id: informationEntries.id, confirmationId: informationEntries.confirmationId }).from(informationEntries).where(inArray(informationEntries.id, infoIds)) : [],
    tracks: trackIds.length ? await tx.select({ id: timeTracks.id, confirmationId: timeTracks.confirmationId }).from(timeTracks).where(inArray(timeTracks.id, trackIds)) : [],
    confirmations: (await tx.select().from(workConfirmations)).length,
  }));
}

async function storedPdfs(tenantId: string) {
  return (await server.storedKeys(`${tenantId}/confirmations`)).length;
}

describe('POST /api/WorkConfirmations (all open entries)', () => {
  let customer: { id: string };
  let note: { id: string };
  let material: { id: string };
  let timeEntry: { id: string };
  let track: string;
  let running: string;
  let photo: { id: string };
  let confirmation: { id: string; fileName: string; confirmedInfoIds: string[]; confirmedTimeTrackIds: string[]; confirmedImageIds: string[] };

  beforeAll(async () => {
    customer = await newCustomer(owner, 'Bäckerei Huber');
    const product = await newProduct(owner, { name: 'Fehlerstromschutzschalter 40A', unit: 'Stk', netPrice: 38.9, vatRate: 19 });
    note = await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'Zählerschrank erneuert, alte Sicherungen entsorgt.' });
    material = await newEntry(employee, { customerId: customer.id, subType: 'material', productId: product.id, quantity: 2 });
    timeEntry = await newEntry(employee, { customerId: customer.id, subType: 'time', durationSeconds: 3600, text: 'Fehlersuche Küche' });
    track = await insertTimeTrack(server, employee, customer.id, { seconds: 5400, description: 'Unterverteilung montiert' });
    running = await insertTimeTrack(server, employee, customer.id, { running: true, startedAt: new Date(Date.now() - 600_000) });
    photo = await uploadImage(server, employee, customer.id, { category: 'after', description: 'Neuer Zählerschrank' });
  });

  it('covers every open entry of the customer, locks them and answers the confirmation', async () => {
    const answer = await confirm(employee, { customerId: customer.id, signee: 'Thomas Huber', place: 'München', language: 'de' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    confirmation = answer.body.data;
    expect(confirmation).toMatchObject({ customerId: customer.id, signee: 'Thomas Huber', place: 'München', language: 'de' });
    expect([...confirmation.confirmedInfoIds].sort()).toEqual([note.id, material.id, timeEntry.id].sort());
    expect(confirmation.confirmedTimeTrackIds).toEqual([track]);
    expect(confirmation.confirmedImageIds).toEqual([photo.id]);
    expect(confirmation.fileName).toMatch(/^Arbeitsnachweis-Baeckerei-Huber-\d{4}-\d{2}-\d{2}\.pdf$/);

    const state = await lockState(firm.tenantId, [note.id, material.id, timeEntry.id], [track, running]);
    expect(state.info).toHaveLength(3);
    expect(state.info.every((r) => r.confirmationId === confirmation.id)).toBe(true);
    expect(state.tracks.find((r) => r.id === track)!.confirmationId).toBe(confirmation.id);
    expect(state.tracks.find((r) => r.id === running)!.confirmationId).toBeNull();
  });

  it('refuses any change of a covered entry with 409 ENTRY_LOCKED', async () => {
    const update = await employee.api.PUT('/api/Information/Update', { body: { id: note.id, text: 'nachträglich' } });
    expect(update.response.status).toBe(409);
    expect(update.error!.errorMessages[0]).toMatchObject({ code: 'ENTRY_LOCKED', message: expect.stringContaining('bestätigt') });
    const remove = await owner.api.DELETE('/api/Information/Delete/{id}', { params: { path: { id: material.id } } });
    expect(remove.response.status).toBe(409);
    const list = await owner.api.GET('/api/Information/GetAll', {
      params: { query: { customerId: customer.id, includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 10 } },
    });
    expect(list.data!.data!.items.length).toBeGreaterThanOrEqual(3);
    expect(list.data!.data!.items.every((i) => i.locked)).toBe(true);
  });

  it('stores a PDF with company, customer, entries, totals, photos, signee, place and signature', async () => {
    const pdf = await pdfOf(employee, confirmation.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`filename="${confirmation.fileName}"`);
    expect(Number(pdf.headers.get('content-length'))).toBe(pdf.bytes.length);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf.bytes);
    for (const expected of [
      'Arbeitsnachweis',
      'Elektro Schneider GmbH',
      'Bäckerei Huber',
      'Musterstraße 12',
      'Unterverteilung montiert',
      'Fehlersuche Küche',
      'Fehlerstromschutzschalter 40A',
      '77,80 €',
      'Zählerschrank erneuert',
      'Neuer Zählerschrank',
      'Nachher',
      '2 Std. 30 Min.',
      'Thomas Huber',
      'München',
      'Unterschrieben von',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The photo is on the page as a picture (JPEG), not as a file name; the signature as PNG.
    const images = spawnSync('pdfimages', ['-list', '-'], { input: pdf.bytes });
    const listed = images.stdout.toString().trim().split('\n').slice(2);
    expect(listed.some((line) => /\bjpeg\b/.test(line)), listed.join('\n')).toBe(true);
    expect(listed.length).toBeGreaterThanOrEqual(2);
    const page = renderFirstPage(pdf.bytes);
    const meta = await sharp(page).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(400);
    // The page is not blank: the rendering has dark pixels (text, lines, the signature).
    const stats = await sharp(page).stats();
    expect(stats.channels[0].min).toBeLessThan(60);
  });

  it('keeps the creation and every lock in the audit trail', async () => {
    const rows = await server.database.withTenant(firm.tenantId, (tx) =>
      tx.select().from(auditLog).where(inArray(auditLog.entityId, [confirmation.id, note.id, track, photo.id])),
    );
    expect(rows.find((r) => r.entity === 'work_confirmation')).toMatchObject({ action: 'create', actorId: employee.userId });
    for (const [entity, id] of [['information', note.id], ['time_track', track], ['image', photo.id]]) {
      expect(rows.find((r) => r.entity === entity && r.entityId === id && r.action === 'update')?.changes).toEqual({
        before: { confirmationId: null },
        after: { confirmationId: confirmation.id },
      });
    }
  });

  it('answers NO_ACTIVITIES_SELECTED when nothing is open any more, and stores nothing', async () => {
    const before = await storedPdfs(firm.tenantId);
    const answer = await confirm(owner, { customerId: customer.id, signee: 'Thomas Huber' });
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessages[0].code).toBe('NO_ACTIVITIES_SELECTED');
    expect(await storedPdfs(firm.tenantId)).toBe(before);
  });

  it('answers a retry with the same id with the stored confirmation; another customer\'s retry with 409', async () => {
    const again = await confirm(employee, { customerId: customer.id, signee: 'Thomas Huber', id: confirmation.id });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(confirmation);
    const elsewhere = await newCustomer(owner);
    await newEntry(owner, { customerId: elsewhere.id, subType: 'note', text: 'x' });
    const conflict = await confirm(employee, { customerId: elsewhere.id, signee: 'X', id: confirmation.id });
    expect(conflict.status).toBe(409);
    expect(conflict.body.errorMessages[0].code).toBe('CONFLICT');
  });

  it('answers 404 for another tenant\'s or an unknown confirmation', async () => {
    expect((await pdfOf(other.owner, confirmation.id)).status).toBe(404);
    expect((await pdfOf(owner, crypto.randomUUID())).status).toBe(404);
  });
});

describe('POST /api/WorkConfirmations (chosen entries)', () => {
  it('covers exactly the ids sent, in English', async () => {
    const customer = await newCustomer(owner, 'Smith & Sons Ltd');
    const first = await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'Replaced the fuse box' });
    const second = await newEntry(owner, { customerId: customer.id, subType: 'material', text: 'Cable ties', quantity: 50, unit: 'pcs', unitPrice: 0.05 });
    const track = await insertTimeTrack(server, owner, customer.id, { seconds: 1800, description: 'Inspection' });
    const answer = await confirm(owner, { customerId: customer.id, signee: 'John Smith', confirmedInfoIds: [first.id], confirmedTimeTrackIds: [track], language: 'en', place: 'London' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ confirmedInfoIds: [first.id], confirmedTimeTrackIds: [track], confirmedImageIds: [], language: 'en' });
    expect(answer.body.data.fileName).toMatch(/^Work-confirmation-Smith-Sons-Ltd-/);
    const state = await lockState(firm.tenantId, [first.id, second.id]);
    expect(state.info.find((r) => r.id === second.id)!.confirmationId).toBeNull();

    const text = pdfText((await pdfOf(owner, answer.body.data.id)).bytes);
    for (const expected of ['Work confirmation', 'Replaced the fuse box', 'Inspection', '0 h 30 min', 'John Smith', 'London', 'Signed by']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Cable ties');
  });

  it('fills the place with the customer\'s town when none is given', async () => {
    const customer = await newCustomer(owner, 'Ort GmbH');
    const note = await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'Kabel verlegt' });
    const answer = await confirm(owner, { customerId: customer.id, signee: 'Eva Ort', confirmedInfoIds: [note.id] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.place).toBe('80331 München');
    expect(pdfText((await pdfOf(owner, answer.body.data.id)).bytes)).toContain('80331 München');
  });

  it('refuses an already confirmed entry with 409 ENTRY_LOCKED and stores nothing', async () => {
    const customer = await newCustomer(owner);
    const done = await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'a' });
    const fresh = await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'b' });
    expect((await confirm(owner, { customerId: customer.id, signee: 'A', confirmedInfoIds: [done.id] })).status).toBe(200);
    const before = await lockState(firm.tenantId, [fresh.id]);
    const answer = await confirm(owner, { customerId: customer.id, signee: 'A', confirmedInfoIds: [done.id, fresh.id] });
    expect(answer.status).toBe(409);
    expect(answer.body.errorMessages[0].code).toBe('ENTRY_LOCKED');
    expect(await lockState(firm.tenantId, [fresh.id])).toEqual(before);
  });

  it('refuses ids of another customer with 404 and stores nothing', async () => {
    const customer = await newCustomer(owner);
    const neighbour = await newCustomer(owner);
    const mine = await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'meins' });
    const theirs = await newEntry(owner, { customerId: neighbour.id, subType: 'note', text: 'Nachbar' });
    const before = { state: await lockState(firm.tenantId, [mine.id, theirs.id]), pdfs: await storedPdfs(firm.tenantId) };
    const answer = await confirm(owner, { customerId: customer.id, signee: 'A', confirmedInfoIds: [mine.id, theirs.id] });
    expect(answer.status).toBe(404);
    expect(answer.body.errors.confirmedInfoIds).toHaveLength(1);
    expect(await lockState(firm.tenantId, [mine.id, theirs.id])).toEqual(before.state);
    expect(await storedPdfs(firm.tenantId)).toBe(before.pdfs);
  });

  it('refuses a signature over another tenant\'s entries with 404 and stores nothing in either tenant', async () => {
    const foreignCustomer = await newCustomer(other.owner);
    const foreignEntry = await newEntry(other.owner, { customerId: foreignCustomer.id, subType: 'note', text: 'fremd' });
    const foreignTrack = await insertTimeTrack(server, other.owner, foreignCustomer.id);
    const customer = await newCustomer(owner);
    await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'eigen' });
    const before = { mine: await storedPdfs(firm.tenantId), theirs: await lockState(other.tenantId, [foreignEntry.id], [foreignTrack]) };

    const attempts: Record<string, string | string[]>[] = [
      { customerId: customer.id, confirmedInfoIds: [foreignEntry.id] },
      { customerId: customer.id, confirmedTimeTrackIds: [foreignTrack] },
      { customerId: foreignCustomer.id },
      { customerId: foreignCustomer.id, confirmedInfoIds: [foreignEntry.id] },
    ];
    for (const fields of attempts) {
      const answer = await confirm(owner, { signee: 'Eindringling', ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(404);
    }
    expect(await storedPdfs(firm.tenantId)).toBe(before.mine);
    expect(await lockState(other.tenantId, [foreignEntry.id], [foreignTrack])).toEqual(before.theirs);
  });

  it('refuses a running time track with a field error', async () => {
    const customer = await newCustomer(owner);
    const running = await insertTimeTrack(server, owner, customer.id, { running: true });
    const answer = await confirm(owner, { customerId: customer.id, signee: 'A', confirmedTimeTrackIds: [running] });
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessages[0].code).toBe('VALIDATION_ERROR');
    expect(answer.body.errors.confirmedTimeTrackIds[0]).toContain('laufende');
  });

  it('lets an Employee confirm only their own working time; a colleague\'s is not found', async () => {
    const customer = await newCustomer(owner);
    const mine = await insertTimeTrack(server, employee, customer.id, { description: 'meine Zeit' });
    const theirs = await insertTimeTrack(server, colleague, customer.id, { description: 'Zeit vom Kollegen' });
    const theirEntry = await newEntry(colleague, { customerId: customer.id, subType: 'time', durationSeconds: 600 });
    const theirNote = await newEntry(colleague, { customerId: customer.id, subType: 'note', text: 'Notiz vom Kollegen' });
    expect((await confirm(employee, { customerId: customer.id, signee: 'A', confirmedTimeTrackIds: [theirs] })).status).toBe(404);
    const answer = await confirm(employee, { customerId: customer.id, signee: 'A' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.confirmedTimeTrackIds).toEqual([mine]);
    expect(answer.body.data.confirmedInfoIds).toEqual([theirNote.id]);
    const state = await lockState(firm.tenantId, [theirEntry.id], [theirs]);
    expect(state.info[0].confirmationId).toBeNull();
    expect(state.tracks[0].confirmationId).toBeNull();
  });
});

describe('POST /api/WorkConfirmations (bad input)', () => {
  let customer: { id: string };
  beforeAll(async () => {
    customer = await newCustomer(owner);
    await newEntry(owner, { customerId: customer.id, subType: 'note', text: 'offen' });
  });

  it('refuses a signature that is no PNG, a damaged PNG and one over 1 MB with INVALID_IMAGE', async () => {
    const big = await sharp({ create: { width: 1500, height: 1500, channels: 4, background: '#ffffff', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    for (const file of [
      { data: await jpeg(200, 80), name: 'signature.png', type: 'image/png' },
      { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'signature.png', type: 'image/png' },
      { data: signature.subarray(0, 60), name: 'signature.png', type: 'image/png' },
      { data: big, name: 'signature.png', type: 'image/png' },
    ]) {
      const before = await storedPdfs(firm.tenantId);
      const answer = await confirm(owner, { customerId: customer.id, signee: 'A' }, file);
      expect(answer.status, `${file.data.length} bytes`).toBe(400);
      expect(answer.body.errorMessages[0].code).toBe('INVALID_IMAGE');
      expect(await storedPdfs(firm.tenantId)).toBe(before);
    }
  });

  it('refuses missing and wrong fields with field errors', async () => {
    let answer = await confirm(owner, { customerId: customer.id }, null);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['file', 'signee']);
    answer = await confirm(owner, {
      customerId: customer.id,
      signee: 'x'.repeat(201),
      confirmedInfoIds: ['nicht-uuid'],
      language: 'fr',
      createdAtUtc: 'morgen',
      extra: '1',
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['confirmedInfoIds', 'createdAtUtc', 'extra', 'language', 'signee']);
    answer = await confirm(owner, { customerId: crypto.randomUUID(), signee: 'A' });
    expect(answer.status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const answer = await postForm(server, null, CREATE, confirmationForm({ customerId: customer.id, signee: 'A' }));
    expect(answer.status).toBe(401);
  });

  it('covers entries up to the signing time only', async () => {
    const later = await newCustomer(owner);
    const past = await newEntry(owner, { customerId: later.id, subType: 'note', text: 'gestern', occurredAtUtc: new Date(Date.now() - 86400_000).toISOString() });
    // Recorded moments may lie at most a minute ahead of the server's clock (a device's clock skew).
    const signedAt = new Date();
    const future = await newEntry(owner, { customerId: later.id, subType: 'note', text: 'gleich', occurredAtUtc: new Date(signedAt.getTime() + 30_000).toISOString() });
    const answer = await confirm(owner, { customerId: later.id, signee: 'A', createdAtUtc: signedAt.toISOString() });
    expect(answer.body.data.confirmedInfoIds).toEqual([past.id]);
    const [row] = await server.database.withTenant(firm.tenantId, (tx) =>
      tx.select().from(informationEntries).where(and(eq(informationEntries.id, future.id))),
    );
    expect(row.confirmationId).toBeNull();
  });
});
