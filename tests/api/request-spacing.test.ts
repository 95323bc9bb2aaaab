/**
 * State two processes must agree on lives in PostgreSQL (decision 0046): the spacing of lexoffice
 * requests per key. Two server processes are two copies of the client module, each with its own
 * pool, on one database; their requests for one key reach the service one slot apart.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appUrlFrom } from '../../server/db/database';
import { startFakeLexoffice, type FakeLexoffice } from '../support/fake-lexoffice';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lexoffice: FakeLexoffice;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startTestServer();
  lexoffice = await startFakeLexoffice();
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await lexoffice?.close();
  await server?.close();
});

/** The client as one more process has it: a fresh copy of the modules and its own pool. */
async function processClient(apiKey: string) {
  vi.resetModules();
  const { LexofficeClient } = await import('../../server/modules/external-system/lexoffice-client');
  const { RequestSpacing } = await import('../../server/platform/request-spacing');
  const pool = new pg.Pool({ connectionString: appUrlFrom(server.adminUrl, 'test-app-role-password'), max: 2 });
  pools.push(pool);
  return new LexofficeClient(lexoffice.url, apiKey, new RequestSpacing(pool), { retries: 0 });
}

describe('lexoffice request spacing across processes', () => {
  it('spaces the requests of one key by at least the slot, whichever process sends them', async () => {
    const key = lexoffice.addKey('Elektro Schneider GmbH');
    const first = await processClient(key);
    const second = await processClient(key);
    lexoffice.enforceRate = false;
    const profiles = await Promise.all([first.profile(), second.profile(), first.profile(), second.profile()]);
    expect(profiles.map((p) => p.companyName)).toEqual(Array(4).fill('Elektro Schneider GmbH'));
    const times = lexoffice.requests.filter((r) => r.apiKey === key).map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    // Booked 500 ms apart; between booking and arrival a request may be held up on a busy machine (CI
    // once saw 228 ms between two), so a fifth of the slot is asserted. Each process spacing on its
    // own sent two within a few milliseconds of each other.
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(100);
  });

  it('keeps no key in the clear', async () => {
    const key = lexoffice.addKey('Sanitär Berger');
    await (await processClient(key)).profile();
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ key: string }>('select key from request_slots');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.key).not.toContain(key);
    } finally {
      await admin.end();
    }
  });
});
