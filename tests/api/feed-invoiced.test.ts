/**
 * The activity feed names the issued invoice that billed an entry (decision 0031), so the lists
 * can show it as invoiced and link to it; entries of a draft and a photo carry none.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertTimeTrack, newCustomer, newEntry } from './activity-support';
import { completeProfile, createTenant, type TestTenant } from './factories';

let server: TestServer;
let firm: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  firm = await createTenant(server);
  await server.database.withTenant(firm.tenantId, (tx) => tx.update(tenants).set(completeProfile).where(eq(tenants.tenantId, firm.tenantId)));
});
afterAll(async () => {
  await server?.close();
});

const PERIOD = { fromDate: '2026-10-01T00:00:00Z', toDate: '2026-11-01T00:00:00Z' };

describe('invoiced entries in the feed', () => {
  it('carries the invoice id and number on the billed entries and null elsewhere', async () => {
    const customer = await newCustomer(firm.owner);
    const trackId = await insertTimeTrack(server, firm.owner, customer.id, { startedAt: new Date('2026-10-02T08:00:00Z'), seconds: 3600 });
    const material = await newEntry(firm.owner, { customerId: customer.id, subType: 'material', text: 'Kabel NYM', quantity: 10, unit: 'm', unitPrice: 1.5, vatRate: 19, occurredAtUtc: '2026-10-03T08:00:00Z' });
    const note = await newEntry(firm.owner, { customerId: customer.id, subType: 'note', text: 'Später abrechnen', occurredAtUtc: '2026-11-03T08:00:00Z' });
    const feed = async () => {
      const { data, response } = await firm.owner.api.GET('/api/CustomerActivities/ByCustomer', {
        params: { query: { customerId: customer.id, includeProcessed: true, includeUnprocessed: true, isDescending: true, page: 1, pageSize: 50 } },
      });
      expect(response.status).toBe(200);
      return new Map(data!.data.items.map((i) => [i.id, i.invoice]));
    };

    // A draft binds nothing.
    const draft = await firm.owner.api.POST('/api/Invoice/CreatePreviewFromActivities', { body: { customerId: customer.id, ...PERIOD, outputFormat: 'pdf' } });
    expect(draft.response.status).toBe(200);
    expect([...(await feed()).values()]).toEqual([null, null, null]);

    const issued = await firm.owner.api.POST('/api/Invoice/Issue', { body: { customerId: customer.id, ...PERIOD, format: 'pdf' } });
    expect(issued.response.status, JSON.stringify(issued.error)).toBe(200);
    const { id, number } = issued.data!.data.summary;
    const after = await feed();
    expect(after.get(trackId)).toEqual({ id, number });
    expect(after.get(material.id)).toEqual({ id, number });
    expect(after.get(note.id)).toBeNull();
  });
});
