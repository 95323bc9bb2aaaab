/**
 * Migration 0033: seats held by open invitations in a database from before decision 0026 (seats go
 * to members who work) are released once. The database is brought to the state before 0033 (a seat
 * given to an open invitation as the old seat filling did), then 0033's statements run as the
 * migrator runs them (drizzle runs only migrations newer than the last one applied, and later ones
 * exist): the seat is free, the members who work keep theirs, and the invited member takes a free
 * seat on accepting as any invited member does now. Migrating again changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../server/db/database';
import { startTestServer, type TestServer } from '../support/test-server';
import { createFirm, type Firm, type SignedIn } from './roles-support';

const MIGRATION_0033 = path.resolve(import.meta.dirname, '../../server/db/migrations/0033_release_invitation_seats.sql');

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
    });
    const before = await details(firm.owner);
    expect(before.assignedCount).toBe(5);
    expect(before.licenses.map((l) => l.userId)).toContain(invitedId);

    // 0033 as the migrator runs it: its statements in one transaction, as the administrating role.
    await asAdmin(async (client) => {
      await client.query('BEGIN');
      for (const statement of fs.readFileSync(MIGRATION_0033, 'utf8').split('--> statement-breakpoint')) await client.query(statement);
      await client.query('COMMIT');
    });

    const after = await details(firm.owner);
    expect(after.licenseCount).toBe(5);
    expect(after.assignedCount).toBe(4);
    expect(after.licenses.map((l) => l.userId)).not.toContain(invitedId);
    expect(after.licenses.map((l) => l.userId)).toEqual(
      expect.arrayContaining([firm.owner.userId, firm.admin.userId, firm.manager.userId, firm.employee.userId]),
    );
    expect(after.members.find((m) => m.userId === invitedId)).toMatchObject({ hasLicense: false, invitationPending: true });
    // Migrating again changes nothing (the cluster-wide app role's password of every test file).
    await migrateDatabase(server.adminUrl, 'test-app-role-password');
    expect((await details(firm.owner)).assignedCount).toBe(4);
  });
});
