/**
 * Migration 0033: seats held by open invitations in a database from before decision 0026 (seats go
 * to members who work) are released once. The database is brought to the state before 0033 (its
 * row in drizzle's journal removed, a seat given to an open invitation as the old seat filling
 * did), then migrated again: the seat is free, the members who work keep theirs, and the invited
 * member takes a free seat on accepting as any invited member does now.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../server/db/database';
import { startTestServer, type TestServer } from '../support/test-server';
import { createFirm, type Firm, type SignedIn } from './roles-support';

/** `when` of migration 0033 in server/db/migrations/meta/_journal.json. */
const MIGRATION_0033 = 1795733000000;

type Details = {
  licenseCount: number;
  assignedCount: number;
  licenses: { userId: string | null }[];
  members: { userId: string; hasLicense: boolean; invitationPending: boolean }[];
};

let server: TestServer;
let firm: Firm;

beforeAll(async () => {
  server = await startTestServer();
  firm = await createFirm(server, 'Elektro Altbestand GmbH');
});
afterAll(async () => {
  await server?.close();
});

const details = async (member: SignedIn) =>
  ((await member.call('GET', `/api/Subscription/GetSubscriptionDetails?tenantId=${member.tenantId}`)).body as { data: Details }).data;

/** As the administrating role (migrations), across tenants. */
async function asAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe('migration 0033: seats of open invitations', () => {
  it('releases a seat an open invitation held from before the change, and only that one', async () => {
    const email = `alt.${Date.now()}@altbestand.de`;
    const invitation = await firm.owner.call('POST', '/api/Users/Invite', { body: { email, firstName: 'Otto', lastName: 'Alt', role: 'Employee', language: 'de' } });
    expect(invitation.status).toBe(200);
    const invitedId = (invitation.body as { data: { id: string } }).data.id;
    // Five seats for four members who work: one is free.
    expect((await firm.owner.call('POST', '/api/Subscription/CreateCheckout', { body: { licenseCount: 5 } })).status).toBe(200);
    expect((await details(firm.owner)).assignedCount).toBe(4);

    // The database as before 0033: the old seat filling gave the free seat to the invitation.
    await asAdmin(async (client) => {
      await client.query('ALTER TABLE licenses NO FORCE ROW LEVEL SECURITY');
      const given = await client.query(
        'UPDATE licenses SET user_id = $1, assigned_at = now() WHERE tenant_id = $2 AND id = (SELECT id FROM licenses WHERE tenant_id = $2 AND user_id IS NULL LIMIT 1)',
        [invitedId, firm.tenantId],
      );
      await client.query('ALTER TABLE licenses FORCE ROW LEVEL SECURITY');
      expect(given.rowCount).toBe(1);
      await client.query('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = $1', [MIGRATION_0033]);
    });
    const before = await details(firm.owner);
    expect(before.assignedCount).toBe(5);
    expect(before.licenses.map((l) => l.userId)).toContain(invitedId);

    // The cluster-wide app role's password of every test file (tests/support/test-server.ts).
    await migrateDatabase(server.adminUrl, 'test-app-role-password');

    const after = await details(firm.owner);
    expect(after.licenseCount).toBe(5);
    expect(after.assignedCount).toBe(4);
    expect(after.licenses.map((l) => l.userId)).not.toContain(invitedId);
    expect(after.licenses.map((l) => l.userId)).toEqual(
      expect.arrayContaining([firm.owner.userId, firm.admin.userId, firm.manager.userId, firm.employee.userId]),
    );
    expect(after.members.find((m) => m.userId === invitedId)).toMatchObject({ hasLicense: false, invitationPending: true });
    // Recorded once: migrating again changes nothing.
    const applied = await asAdmin((client) => client.query('SELECT 1 FROM drizzle.__drizzle_migrations WHERE created_at = $1', [MIGRATION_0033]));
    expect(applied.rowCount).toBe(1);
  });
});
