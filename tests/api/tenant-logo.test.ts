/**
 * The firm's logo: checked by content (a text file called logo.png is refused), re-encoded as PNG
 * within 1200 × 600 px without metadata, read by every member, set or removed only by the back
 * office, and each firm sees only its own.
 */
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTenant, type TestTenant } from './factories';
import { jpeg, postForm } from './activity-support';

let server: TestServer;
let firm: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  firm = await createTenant(server, { name: 'Elektro Schneider' });
  other = await createTenant(server);
});
afterAll(async () => {
  await server?.close();
});

const upload = (member: TestTenant['owner'], data: Buffer, type = 'image/jpeg', name = 'logo.jpg') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return postForm(server, member, '/api/Management/UploadLogo', form);
};
const getLogo = (member: TestTenant['owner']) => fetch(`${server.baseUrl}/api/Management/GetLogo`, { headers: member.auth });

describe('the firm logo', () => {
  it('stores a re-encoded PNG within 1200 × 600 without metadata, readable by every member', async () => {
    const photo = await jpeg(2400, 1600, { exif: { IFD0: { Copyright: 'Elektro Schneider', Artist: 'Secret Person' } } });
    const answer = await upload(firm.owner, photo);
    expect(answer.status).toBe(200);
    expect((answer.body as { data: { logoUpdatedAtUtc: string | null } }).data.logoUpdatedAtUtc).not.toBeNull();
    const employee = await firm.member('Employee');
    const response = await getLogo(employee);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const stored = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeLessThanOrEqual(1200);
    expect(meta.height).toBeLessThanOrEqual(600);
    expect(meta.width! / meta.height!).toBeCloseTo(1.5, 1);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Person'))).toBe(false);
    // The other firm has none.
    expect((await getLogo(other.owner)).status).toBe(404);
  });

  it('refuses what is no image, too large a file and an Employee, changing nothing', async () => {
    const before = Buffer.from(await (await getLogo(firm.owner)).arrayBuffer());
    const text = await upload(firm.owner, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png', 'logo.png');
    expect(text.status).toBe(400);
    expect((text.body as { errorMessages: { code: string }[] }).errorMessages[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = Buffer.concat([(await jpeg(64, 64)).subarray(0, 200)]);
    const truncated = await upload(firm.owner, broken);
    expect(truncated.status).toBe(400);
    const big = await upload(firm.owner, Buffer.concat([await jpeg(64, 64), Buffer.alloc(6 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    const employee = await firm.member('Employee');
    expect((await upload(employee, await jpeg(100, 50))).status).toBe(403);
    expect(Buffer.from(await (await getLogo(firm.owner)).arrayBuffer()).equals(before)).toBe(true);
  });

  it('removes the logo for the back office only', async () => {
    const employee = await firm.member('Employee');
    const refused = await fetch(`${server.baseUrl}/api/Management/DeleteLogo`, { method: 'DELETE', headers: employee.auth });
    expect(refused.status).toBe(403);
    const manager = await firm.member('Manager');
    const removed = await fetch(`${server.baseUrl}/api/Management/DeleteLogo`, { method: 'DELETE', headers: manager.auth });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { data: { logoUpdatedAtUtc: string | null } }).data.logoUpdatedAtUtc).toBeNull();
    expect((await getLogo(firm.owner)).status).toBe(404);
  });

  it('keeps the row and the file together when uploads and removals run at the same time', async () => {
    const racing = await createTenant(server, { name: 'Parallel Elektro' });
    const manager = await racing.member('Manager');
    const pictures = [await jpeg(300, 150), await jpeg(200, 200)];
    const remove = (member: TestTenant['owner']) =>
      fetch(`${server.baseUrl}/api/Management/DeleteLogo`, { method: 'DELETE', headers: member.auth }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as unknown,
      }));
    const profile = async () => {
      const response = await fetch(`${server.baseUrl}/api/Management/GetTenant`, { headers: racing.owner.auth });
      return ((await response.json()) as { data: { logoUpdatedAtUtc: string | null } }).data;
    };
    const lost: number[] = [];
    for (let round = 0; round < 30; round++) {
      // An upload by one member, a removal by another and a second upload, all at once.
      const answers = await Promise.all([upload(racing.owner, pictures[round % 2]), remove(manager), upload(manager, pictures[(round + 1) % 2])]);
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { logoUpdatedAtUtc } = await profile();
      const logo = await getLogo(racing.owner);
      if ((logoUpdatedAtUtc === null) !== (logo.status === 404)) lost.push(round);
      if (logo.status === 200) expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).format).toBe('png');
      else await logo.arrayBuffer();
    }
    expect(lost, 'rounds whose profile and logo file disagree').toEqual([]);
    // Removing it at the end leaves neither row nor file, and the files of the replaced logos are gone.
    expect((await remove(racing.owner)).status).toBe(200);
    expect((await profile()).logoUpdatedAtUtc).toBeNull();
    expect((await getLogo(racing.owner)).status).toBe(404);
    const left = (await server.storedKeys(racing.tenantId)).filter((name) => name.startsWith('logo'));
    expect(left).toEqual([]);
  }, 120_000);

  it('still reads a logo stored before versions (logo.png) and removes that file once it is replaced', async () => {
    const older = await createTenant(server, { name: 'Elektro Alt' });
    const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#2f9e44' } }).png().toBuffer();
    await server.app.deps.storage.put(`${older.tenantId}/logo.png`, png);
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    try {
      await admin.query('update tenants set logo_updated_at = now() where tenant_id = $1', [older.tenantId]);
    } finally {
      await admin.end();
    }
    const read = await getLogo(older.owner);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(png)).toBe(true);
    expect((await upload(older.owner, await jpeg(300, 150))).status).toBe(200);
    const replaced = await getLogo(older.owner);
    expect(replaced.status).toBe(200);
    expect(Buffer.from(await replaced.arrayBuffer()).equals(png)).toBe(false);
    const names = (await server.storedKeys(older.tenantId)).filter((name) => name.startsWith('logo'));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^logo-\d+\.png$/);
  });
});
