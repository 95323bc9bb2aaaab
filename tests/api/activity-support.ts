/**
 * Helpers of the customer-activity tests: customers and products through the API, time tracks
 * written straight into the database (the TimeTracks calls are another issue's), multipart
 * uploads through fetch with the answer checked against the contract, and test images made with
 * sharp.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { timeTracks } from '../../server/db/schema';
import { checkResponse } from '../support/contract';
import type { TestServer } from '../support/test-server';
import type { Member } from './factories';

type Information = components['schemas']['Information'];
type InformationCreate = components['schemas']['InformationCreate'];

export async function newCustomer(member: Member, companyName = `Kunde ${crypto.randomBytes(3).toString('hex')}`) {
  const { data, response } = await member.api.POST('/api/Customers/Create', { body: { companyName, city: 'München', street: 'Musterstraße 12', zip: '80331', country: 'DE' } });
  expect(response.status, JSON.stringify(data)).toBe(200);
  return data!.data!;
}

export async function archiveCustomer(member: Member, id: string, companyName: string) {
  const { response } = await member.api.PUT('/api/Customers/Update', { body: { id, companyName, country: 'DE', archived: true } });
  expect(response.status).toBe(200);
}

export async function newProduct(member: Member, body: Partial<components['schemas']['ProductCreate']> = {}) {
  const { data, response } = await member.api.POST('/api/Products/Create', {
    body: { name: 'Kabel NYM-J 3x1,5 mm²', unit: 'm', netPrice: 0.89, vatRate: 19, ...body },
  });
  expect(response.status, JSON.stringify(data)).toBe(200);
  return data!.data!;
}

export async function newEntry(member: Member, body: InformationCreate): Promise<Information> {
  const { data, response, error } = await member.api.POST('/api/Information/Create', { body });
  expect(response.status, JSON.stringify(error ?? data)).toBe(201);
  return data!.data!;
}

export async function grantGps(member: Member, granted: boolean) {
  const { response } = await member.api.POST('/api/Management/UpdateTenantConsent', { body: { purpose: 'gps', granted } });
  expect(response.status).toBe(200);
}

/** A stopped (or running) customer time track, written directly: the TimeTracks calls belong to the time-tracking issue. */
export async function insertTimeTrack(
  server: TestServer,
  member: Member,
  customerId: string,
  options: { startedAt?: Date; seconds?: number; running?: boolean; description?: string } = {},
) {
  const startedAt = options.startedAt ?? new Date(Date.now() - 3 * 3600_000);
  const seconds = options.seconds ?? 5400;
  const id = crypto.randomUUID();
  await server.database.withTenant(member.tenantId, (tx) =>
    tx.insert(timeTracks).values({
      tenantId: member.tenantId,
      id,
      customerId,
      ownerId: member.userId,
      description: options.description ?? 'Leitungen verlegt',
      startedAt,
      endedAt: options.running ? null : new Date(startedAt.getTime() + seconds * 1000),
      durationSeconds: options.running ? null : seconds,
    }),
  );
  return id;
}

export interface MultipartAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope, checked against the contract
  body: any;
}

/** A multipart call; the answer must follow the contract. */
export async function postForm(server: TestServer, member: Member | null, path: string, form: FormData, language = 'de'): Promise<MultipartAnswer> {
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    body: form,
    headers: { ...(member ? member.auth : { 'X-Device-Id': `backoffice_${crypto.randomUUID()}` }), 'Accept-Language': language },
  });
  return checked('POST', server.baseUrl + path, response);
}

export async function checked(method: string, url: string, response: Response): Promise<MultipartAnswer> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const body = type.includes('application/json') && text ? JSON.parse(text) : text;
  const problems = checkResponse(method, url, response.status, type, body);
  expect(problems, `answer of ${method} ${url}`).toEqual([]);
  return { status: response.status, headers: response.headers, body };
}

export async function jpeg(width = 640, height = 480, options: { exif?: Record<string, Record<string, string>> } = {}) {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg({ quality: 80 });
  if (options.exif) image = image.withExif(options.exif);
  return image.toBuffer();
}

export function imageForm(fields: Record<string, string>, file?: { data: Buffer | Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

export async function uploadImage(server: TestServer, member: Member, customerId: string, fields: Record<string, string> = {}, data?: Buffer) {
  const answer = await postForm(
    server,
    member,
    '/api/Images/UploadWorkDocImage',
    imageForm({ customerId, ...fields }, { data: data ?? (await jpeg()), name: 'IMG_0001.jpg', type: 'image/jpeg' }),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as components['schemas']['Image'];
}

/** A small PNG signature: a few strokes on white. */
export async function signaturePng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="150"><rect width="400" height="150" fill="white"/><path d="M20 100 C 80 20, 120 140, 180 60 S 300 120, 380 40" stroke="black" stroke-width="4" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Posts a work confirmation signed with `signaturePng` for the entries named (none: all open ones); the caller checks the answer. */
export async function postConfirmation(server: TestServer, member: Member, customerId: string, fields: { infoIds?: string[]; timeTrackIds?: string[] }) {
  const form = new FormData();
  form.append('customerId', customerId);
  form.append('signee', 'Herr Kunde');
  for (const id of fields.infoIds ?? []) form.append('confirmedInfoIds', id);
  for (const id of fields.timeTrackIds ?? []) form.append('confirmedTimeTrackIds', id);
  form.append('file', new Blob([new Uint8Array(await signaturePng())], { type: 'image/png' }), 'signature.png');
  return postForm(server, member, '/api/WorkConfirmations', form);
}

/** One page of `CustomerActivities/ByCustomer` as `member` sees it: every state, newest first unless told; the answer must be 200. */
export async function feedPage(member: Member, query: Record<string, string | number | boolean | undefined>) {
  const { data, response } = await member.api.GET('/api/CustomerActivities/ByCustomer', {
    params: { query: { includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 25, isDescending: true, ...query } as never },
  });
  expect(response.status).toBe(200);
  return data!.data!;
}
