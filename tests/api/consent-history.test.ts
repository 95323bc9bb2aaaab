/**
 * The consent record keeps its history: every grant and revocation with who, when and the text
 * version, newest first and paged; an employee accepting the terms adds to it and does not replace
 * the owner's acceptance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { caller } from '../support/http';
import { codeOf, createFirm, type Firm, type SignedIn } from './roles-support';

type Page = { totalCount: number; page: number; pageSize: number; items: { id: string; purpose: string; granted: boolean; atUtc: string; userId: string | null; userName: string | null; version: string | null }[] };
const data = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

describe('Management/GetConsentHistory', () => {
  let server: TestServer;
  let firm: Firm;
  let other: Firm;
  const history = (member: SignedIn, query = 'page=1&pageSize=10') => member.call('GET', `/api/Management/GetConsentHistory?${query}`);
  const consent = (member: SignedIn, purpose: string, granted: boolean) =>
    member.call('POST', '/api/Management/UpdateTenantConsent', { body: { purpose, granted } });

  beforeAll(async () => {
    server = await startTestServer();
    firm = await createFirm(server, 'Elektro Chronik GmbH');
    other = await createFirm(server, 'Sanitär Anders');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the owner\'s acceptance when an employee accepts the terms, and every later grant and revocation', async () => {
    expect((await firm.owner.call('POST', '/api/Auth/ConfirmTerms', { body: { consents: ['terms', 'privacy'] } })).status).toBe(200);
    expect((await firm.employee.call('POST', '/api/Auth/ConfirmTerms', { body: { consents: ['terms', 'privacy'] } })).status).toBe(200);
    expect((await consent(firm.manager, 'ai', true)).status).toBe(200);
    expect((await consent(firm.owner, 'ai', false)).status).toBe(200);

    const page = data<Page>(await history(firm.employee));
    expect(page.totalCount).toBe(6);
    // Newest first: the revocation, the grant, then both acceptances of each text.
    expect(page.items.slice(0, 2).map((e) => [e.purpose, e.granted, e.userId])).toEqual([
      ['ai', false, firm.owner.userId],
      ['ai', true, firm.manager.userId],
    ]);
    const acceptances = (from: number) => page.items.slice(from, from + 2);
    for (const [from, who] of [[2, firm.employee.userId], [4, firm.owner.userId]] as const) {
      expect(acceptances(from).every((e) => e.granted && e.userId === who)).toBe(true);
      expect(acceptances(from).map((e) => e.purpose).sort()).toEqual(['privacy', 'terms']);
    }
    expect(page.items.every((e) => e.version === '2026-11' && !Number.isNaN(Date.parse(e.atUtc)))).toBe(true);
    expect(page.items[0].userName).toBeTruthy();
    // The present state still answers from the same record.
    expect(data<{ granted: boolean }>(await firm.employee.call('GET', '/api/Management/GetTenantConsent?purpose=ai')).granted).toBe(false);
  });

  it('pages the history and narrows it to one purpose', async () => {
    const first = data<Page>(await history(firm.owner, 'page=1&pageSize=4'));
    const second = data<Page>(await history(firm.owner, 'page=2&pageSize=4'));
    expect(first).toMatchObject({ totalCount: 6, page: 1, pageSize: 4 });
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(6);
    const terms = data<Page>(await history(firm.owner, 'page=1&pageSize=10&purpose=terms'));
    expect(terms.totalCount).toBe(2);
    expect(terms.items.map((e) => e.userId)).toEqual([firm.employee.userId, firm.owner.userId]);
  });

  it('shows another firm nothing of it, and refuses bad paging, an unknown purpose and anonymous callers', async () => {
    expect(data<Page>(await history(other.owner))).toMatchObject({ totalCount: 0, items: [] });
    for (const query of ['page=0&pageSize=10', 'page=1&pageSize=0', 'page=1', 'page=1&pageSize=10&purpose=marketing', 'page=x&pageSize=10']) {
      const refused = await history(firm.owner, query);
      expect(refused.status, query).toBe(400);
      expect(codeOf(refused.body)).toBe('VALIDATION_ERROR');
    }
    const anonymous = await caller(server.baseUrl)('GET', '/api/Management/GetConsentHistory?page=1&pageSize=10');
    expect(anonymous.status).toBe(401);
  });
});
