/**
 * Test factories of the catalog tests: a tenant with its Owner and further members of any role,
 * each with a real session (tests/support/factories.ts), its token and a typed client.
 */
import crypto from 'node:crypto';
import { insertMember, insertTenant } from '../support/factories';
import type { Role } from '../../server/platform/auth';
import type { Lang } from '../../server/platform/i18n';
import { apiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';

export interface Member {
  tenantId: string;
  userId: string;
  role: Role;
  email: string;
  token: string;
  /** The typed client of this member; answers are validated against the contract. */
  api: ReturnType<typeof apiClient>;
  /** Headers for `rawCall`. */
  auth: Record<string, string>;
}

export interface TestTenant {
  tenantId: string;
  name: string;
  owner: Member;
  /** Adds a member with this role to the tenant. */
  member: (role: Role, options?: { lang?: Lang }) => Promise<Member>;
}

async function addMember(server: TestServer, tenantId: string, role: Role, lang: Lang): Promise<Member> {
  const member = await insertMember(server, { tenantId, role, language: lang });
  return {
    tenantId,
    userId: member.userId,
    role,
    email: member.email,
    token: member.token,
    api: apiClient(server.baseUrl, { token: member.token, deviceId: member.deviceId, language: lang }),
    auth: { Authorization: `Bearer ${member.token}`, 'X-Device-Id': member.deviceId },
  };
}

/** A new tenant with its Owner (German unless `lang` says otherwise). */
export async function createTenant(server: TestServer, options: { name?: string; lang?: Lang } = {}): Promise<TestTenant> {
  const name = options.name ?? `Firma ${crypto.randomBytes(3).toString('hex')}`;
  const tenantId = await insertTenant(server, name);
  const owner = await addMember(server, tenantId, 'Owner', options.lang ?? 'de');
  return {
    tenantId,
    name,
    owner,
    member: (role, memberOptions = {}) => addMember(server, tenantId, role, memberOptions.lang ?? options.lang ?? 'de'),
  };
}
