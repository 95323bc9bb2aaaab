/**
 * Test factories of the API tests: a tenant with its Owner and further members of any role, each
 * with a real session (tests/support/factories.ts), its token and a typed client; and, in one call,
 * a real server with such a firm, named members, customers and products, plus another firm for
 * the isolation checks. Every part can be overridden.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tenants } from '../../server/db/schema';
import { insertMember, insertTenant } from '../support/factories';
import type { Role } from '../../server/platform/auth';
import type { Lang } from '../../server/platform/i18n';
import type { components } from '../../generated/server/openapi';
import { apiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { startFakeLexoffice } from '../support/fake-lexoffice';
import { insertTimeTrack, newCustomer, newEntry, newProduct } from './activity-support';

type Customer = components['schemas']['Customer'];
type Product = components['schemas']['Product'];

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

/** The complete letterhead of a German firm: all that an invoice and an e-invoice need. */
export const completeProfile = {
  companyName: 'Elektro Schneider GmbH',
  street: 'Werkstattweg 3',
  zip: '80331',
  city: 'München',
  phone: '+49 89 1234567',
  email: 'info@elektro-schneider.de',
  taxNumber: '143/123/45678',
  vatId: 'DE123456789',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bankName: 'Stadtsparkasse',
};

/** Writes the firm's profile (letterhead, tax ids, bank, rates) straight into its row. */
export async function setProfile(server: TestServer, tenantId: string, values: Partial<typeof tenants.$inferInsert>) {
  await server.database.withTenant(tenantId, (tx) => tx.update(tenants).set(values).where(eq(tenants.tenantId, tenantId)));
}

/** What a firm of `buildFirm` gets besides its Owner; every part is optional. */
interface FirmParts<M extends string = string, C extends string = string, P extends string = string> {
  name?: string;
  lang?: Lang;
  /** Profile values written into the firm's row (`completeProfile` for a full letterhead). */
  profile?: Partial<typeof tenants.$inferInsert>;
  /** Further members by the name the test uses: `{ manager: 'Manager', employee: { role: 'Employee', lang: 'en' } }`. */
  members?: Record<M, Role | { role: Role; lang?: Lang }>;
  /** Customers by name, created by the Owner through the API (the value is the company name). */
  customers?: Record<C, string>;
  /** Products by name, created by the Owner through the API (overriding the default cable). */
  products?: Record<P, Partial<components['schemas']['ProductCreate']>>;
}

interface BuiltFirm<M extends string = string, C extends string = string, P extends string = string> extends TestTenant {
  members: Record<M, Member>;
  customers: Record<C, Customer>;
  products: Record<P, Product>;
}

/** A firm with its Owner and the named members, customers and products, in one call. */
async function buildFirm<M extends string = never, C extends string = never, P extends string = never>(
  server: TestServer,
  parts: FirmParts<M, C, P> = {},
): Promise<BuiltFirm<M, C, P>> {
  const firm = await createTenant(server, { name: parts.name, lang: parts.lang });
  if (parts.profile) await setProfile(server, firm.tenantId, parts.profile);
  const members = {} as Record<M, Member>;
  for (const [key, member] of Object.entries(parts.members ?? {}) as [M, Role | { role: Role; lang?: Lang }][]) {
    members[key] = typeof member === 'string' ? await firm.member(member) : await firm.member(member.role, { lang: member.lang });
  }
  const customers = {} as Record<C, Customer>;
  for (const [key, companyName] of Object.entries(parts.customers ?? {}) as [C, string][]) customers[key] = await newCustomer(firm.owner, companyName);
  const products = {} as Record<P, Product>;
  for (const [key, body] of Object.entries(parts.products ?? {}) as [P, Partial<components['schemas']['ProductCreate']>][]) {
    products[key] = await newProduct(firm.owner, body);
  }
  return { ...firm, members, customers, products };
}

interface Scene<M extends string = string, C extends string = string, P extends string = string> {
  server: TestServer;
  firm: BuiltFirm<M, C, P>;
  owner: Member;
  members: Record<M, Member>;
  customers: Record<C, Customer>;
  products: Record<P, Product>;
  /** Another firm with its Owner, for tenant isolation. */
  other: TestTenant;
}

/**
 * The common set-up of an API test file in one call: a real server (with `env` and the server
 * options such as a clock), a firm built by `buildFirm` and another firm. The file closes
 * `scene.server` after its tests.
 */
export async function startScene<M extends string = never, C extends string = never, P extends string = never>(
  parts: FirmParts<M, C, P> & { env?: Record<string, string>; server?: Parameters<typeof startTestServer>[1] } = {},
): Promise<Scene<M, C, P>> {
  const server = await startTestServer(parts.env, parts.server);
  const firm = await buildFirm(server, parts);
  const other = await createTenant(server);
  return { server, firm, owner: firm.owner, members: firm.members, customers: firm.customers, products: firm.products, other };
}

/** `startScene` with a fake lexoffice that the server talks to; the fake closes with the server. */
export async function startSceneWithLexoffice<M extends string = never>(parts: FirmParts<M> & { server?: Parameters<typeof startTestServer>[1] } = {}) {
  const lex = await startFakeLexoffice();
  const scene = await startScene({ ...parts, env: { LEXOFFICE_API_URL: lex.url, LEXOFFICE_APP_URL: 'https://app.lexware.test', LEXOFFICE_TIMEOUT_MS: '5000' } });
  const closeServer = scene.server.close;
  scene.server.close = async () => {
    await closeServer();
    await lex.close();
  };
  return { ...scene, lex };
}

/**
 * October 2026's billable work for one customer, the invoice tests' standard case: an hour and a
 * half (and a second) of work on the 2nd, 15.5 m of cable (19 %) and two books (7 %) on the 3rd.
 */
export async function octoberWork(server: TestServer, member: Member, customerId: string, parts: { book?: string; description?: string } = {}) {
  const at = (day: number) => new Date(Date.UTC(2026, 9, day, 8, 0, 0));
  const cable = await newProduct(member, { name: 'Kabel NYM-J 3x1,5', unit: 'm', netPrice: 0.89, vatRate: 19 });
  const book = await newProduct(member, { name: parts.book ?? 'Fachbuch Elektro', unit: 'Stk', netPrice: 12.34, vatRate: 7 });
  await insertTimeTrack(server, member, customerId, { startedAt: at(2), seconds: 5401, description: parts.description });
  await newEntry(member, { customerId, subType: 'material', productId: cable.id, quantity: 15.5, occurredAtUtc: at(3).toISOString() });
  await newEntry(member, { customerId, subType: 'material', productId: book.id, quantity: 2, occurredAtUtc: at(3).toISOString() });
  return { cable, book };
}

/** The body of a lexoffice export of October 2026 (German, neither finalized nor archived), with `over` changed. */
export const lexofficeExportBody = (customerId: string, over: Record<string, unknown> = {}) => ({
  customerId,
  fromDate: '2026-10-01T00:00:00+02:00',
  toDate: '2026-11-01T00:00:00+01:00',
  language: 'de',
  finalize: false,
  archive: false,
  ...over,
});
