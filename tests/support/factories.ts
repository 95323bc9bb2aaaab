/**
 * The lowest layer of the API tests' factories: rows of a firm (tenant) and members with real
 * sessions and tokens, inserted through the server's own repository and services so tokens pass
 * the session check like real ones. Tests use tests/api/factories.ts, which builds on these.
 */
import crypto from 'node:crypto';
import { tenants } from '../../server/db/schema';
import type { Role } from '../../server/platform/auth';
import { systemClock } from '../../server/platform/clock';
import type { TestServer } from './test-server';
import { newDeviceId } from './api-client';
import * as accounts from '../../server/db/accounts';

export interface SessionMember {
  tenantId: string;
  userId: string;
  email: string;
  role: Role;
  token: string;
  refreshToken: string;
  deviceId: string;
}

export async function insertTenant(server: TestServer, name = 'Elektro Schneider GmbH') {
  const tenantId = crypto.randomUUID();
  await server.database.withTenant(tenantId, (tx) =>
    tx.insert(tenants).values({ tenantId, name, trialEndsAt: new Date(Date.now() + 30 * 86400_000) }),
  );
  return tenantId;
}

/**
 * When the member joined. On a server with a test clock the member joined a day before the clock's
 * now, so the moments a test records (`atUtc`, some hours back) and the working-time start day
 * do not depend on the day the suite runs; otherwise the database's now.
 */
function memberSince(server: TestServer): { createdAt?: Date } {
  const { clock } = server.app.deps;
  if (clock === systemClock) return {};
  // A test clock stands still: a millisecond apart each, so members keep the order they joined in
  // (the seats go by role, then by who joined first).
  return { createdAt: new Date(clock.now().getTime() - 86_400_000 + joined++) };
}
let joined = 0;

export async function insertMember(
  server: TestServer,
  options: { role?: Role; tenantId?: string; email?: string; language?: 'de' | 'en'; emailConfirmed?: boolean; termsConfirmed?: boolean } = {},
): Promise<SessionMember> {
  const tenantId = options.tenantId ?? (await insertTenant(server));
  const role = options.role ?? 'Owner';
  const email = options.email ?? `${role.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.de`;
  const deviceId = newDeviceId();
  const issued = await server.database.withTenant(tenantId, async (tx) => {
    const user = await accounts.insertUser(tx, {
      ...memberSince(server),
      tenantId,
      email,
      userName: email,
      role,
      language: options.language ?? 'de',
      emailConfirmedAt: options.emailConfirmed === false ? null : new Date(),
      termsConfirmedAt: options.termsConfirmed === false ? null : new Date(),
      activatedAt: new Date(),
    });
    await accounts.registerAccount(tx, user.id, tenantId, email);
    return server.app.services.auth.openSession(tx, user, { deviceId, ip: '127.0.0.1', lang: options.language ?? 'de' });
  });
  return {
    tenantId,
    userId: issued.session.id,
    email,
    role,
    token: issued.session.token,
    refreshToken: issued.refreshToken,
    deviceId,
  };
}
