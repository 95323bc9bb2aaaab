/**
 * Helpers of the role and member tests: a firm with one member of every role, each signed in on
 * its own device with a real session (access and refresh token), a typed client and a raw caller.
 */
import { insertMember, insertTenant, type SessionMember } from '../support/factories';
import { apiClient } from '../support/api-client';
import { caller, type CallOptions } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';
import type { Role } from '../../server/platform/auth';

export const roles: Role[] = ['Owner', 'Admin', 'Manager', 'Employee'];

export interface SignedIn extends SessionMember {
  /** The typed client of this member; answers are validated against the contract. */
  api: ReturnType<typeof apiClient>;
  /** A raw call as this member (device and token set); the answer is validated too. */
  call: (method: string, path: string, options?: CallOptions) => ReturnType<ReturnType<typeof caller>>;
}

export interface Firm {
  tenantId: string;
  owner: SignedIn;
  admin: SignedIn;
  manager: SignedIn;
  employee: SignedIn;
  /** Another member of the firm with this role. */
  member: (role: Role) => Promise<SignedIn>;
}

export async function signedIn(server: TestServer, tenantId: string, role: Role): Promise<SignedIn> {
  const member = await insertMember(server, { tenantId, role });
  const raw = caller(server.baseUrl);
  return {
    ...member,
    api: apiClient(server.baseUrl, { token: member.token, deviceId: member.deviceId }),
    call: (method, path, options = {}) => raw(method, path, { deviceId: member.deviceId, token: member.token, ...options }),
  };
}

export async function createFirm(server: TestServer, name?: string): Promise<Firm> {
  const tenantId = await insertTenant(server, name);
  const member = (role: Role) => signedIn(server, tenantId, role);
  return {
    tenantId,
    owner: await member('Owner'),
    admin: await member('Admin'),
    manager: await member('Manager'),
    employee: await member('Employee'),
    member,
  };
}

/** A real server with a raw caller, the firm Elektro Schneider GmbH (every role) and a second firm. */
export async function startWithFirms() {
  const server = await startTestServer();
  return {
    server,
    call: caller(server.baseUrl),
    firm: await createFirm(server, 'Elektro Schneider GmbH'),
    other: await createFirm(server, 'Sanitär Braun KG'),
  };
}

/** The first error code of an envelope. */
export const codeOf = (body: unknown) => (body as { errorMessages?: { code: string }[] } | undefined)?.errorMessages?.[0]?.code;
