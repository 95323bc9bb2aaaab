/**
 * The firm's own texts: every member reads them, only the Owner sets or removes one, each firm sees
 * only its own, bad ids and empty texts are refused and change nothing, and one firm stores at most
 * 2,000.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server';
import { codeOf, startWithFirms, type Firm, type SignedIn } from './roles-support';

let server: TestServer, firm: Firm, other: Firm;

beforeAll(async () => {
  ({ server, firm, other } = await startWithFirms());
});
afterAll(() => server?.close());

type Item = { locale: string; messageId: string; text: string };
const list = async (member: SignedIn) => ((await member.call('GET', '/api/Localisation/GetTextOverrides')).body as { data: { items: Item[] } }).data.items;
const set = (member: SignedIn, body: unknown) => member.call('PUT', '/api/Localisation/SetTextOverride', { body });

describe('Localisation', () => {
  it('lets the Owner set a text that every member of the firm then reads', async () => {
    expect(await list(firm.employee)).toEqual([]);
    const saved = await set(firm.owner, { locale: 'de', messageId: 'hM2Yn1', text: '  Baustelle  ' });
    expect(saved.status).toBe(200);
    expect((saved.body as { data: Item }).data).toMatchObject({ locale: 'de', messageId: 'hM2Yn1', text: 'Baustelle' });
    for (const member of [firm.owner, firm.admin, firm.manager, firm.employee]) {
      expect(await list(member)).toEqual([expect.objectContaining({ locale: 'de', messageId: 'hM2Yn1', text: 'Baustelle' })]);
    }
    // Again: changed, not doubled.
    await set(firm.owner, { locale: 'de', messageId: 'hM2Yn1', text: 'Einsatzort' });
    expect((await list(firm.owner)).map((i) => i.text)).toEqual(['Einsatzort']);
    expect(await list(other.owner)).toEqual([]);
  });

  it('refuses other roles, bad ids and empty texts, changing nothing', async () => {
    for (const member of [firm.admin, firm.manager, firm.employee]) {
      const response = await set(member, { locale: 'de', messageId: 'hM2Yn1', text: 'Anders' });
      expect(response.status).toBe(403);
    }
    const cases = [
      { locale: 'fr', messageId: 'hM2Yn1', text: 'x' },
      { locale: 'de', messageId: 'bad id!', text: 'x' },
      { locale: 'de', messageId: 'x'.repeat(101), text: 'x' },
      { locale: 'de', messageId: 'hM2Yn1', text: '' },
      { locale: 'de', messageId: 'hM2Yn1', text: '   ' },
      { locale: 'de', messageId: 'hM2Yn1', text: 'x'.repeat(2001) },
      { locale: 'de', messageId: 'hM2Yn1' },
    ];
    for (const body of cases) {
      const response = await set(firm.owner, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(codeOf(response.body)).toBe('VALIDATION_ERROR');
    }
    expect((await list(firm.owner)).map((i) => i.text)).toEqual(['Einsatzort']);
  });

  it('removes an override with text null', async () => {
    const removed = await set(firm.owner, { locale: 'de', messageId: 'hM2Yn1', text: null });
    expect(removed.status).toBe(200);
    expect((removed.body as { data: unknown }).data).toBeNull();
    expect(await list(firm.owner)).toEqual([]);
  });

  it('keeps at most 2,000 texts per firm but still lets one be changed', async () => {
    await server.database.withTenant(other.tenantId, (tx) =>
      tx.execute(sql`insert into text_overrides (tenant_id, locale, message_id, text) select ${other.tenantId}, 'en', 'id' || n, 'Text ' || n from generate_series(1, 2000) n`),
    );
    const full = await set(other.owner, { locale: 'de', messageId: 'newOne', text: 'Neu' });
    expect(full.status).toBe(409);
    expect(codeOf(full.body)).toBe('CONFLICT');
    expect((await set(other.owner, { locale: 'en', messageId: 'id7', text: 'Changed' })).status).toBe(200);
    expect(await list(firm.owner)).toEqual([]);
  });
});
