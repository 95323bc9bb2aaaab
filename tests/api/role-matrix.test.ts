/**
 * The role gate, generated from the contract: every signed-in operation is called as each role; the
 * roles its `x-roles` leave out get 403 FORBIDDEN, the ones it lists get past the gate (a minimal
 * request, so 400 or 404 are fine there). Then the member rules that are stricter than `x-roles`:
 * a Manager neither appoints an Admin nor changes an Admin or the Owner, nobody changes their own
 * role or archives themselves, the Owner keeps the role and nobody becomes Owner. Each refusal
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { indexOperations, loadContract } from '../../server/platform/contract';
import type { Role } from '../../server/platform/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { codeOf, createFirm, roles, type Firm, type SignedIn } from './roles-support';

type User = components['schemas']['User'];

let server: TestServer;
let firm: Firm;

beforeAll(async () => {
  server = await startTestServer();
  firm = await createFirm(server);
});
afterAll(async () => {
  await server?.close();
});

const as = (role: Role) => ({ Owner: firm.owner, Admin: firm.admin, Manager: firm.manager, Employee: firm.employee })[role];

const signedInOperations = [...indexOperations(loadContract()).values()].filter((op) => op.needsBearer);

describe('x-roles of every signed-in operation', () => {
  it('covers the contract: every signed-in operation lists its roles', () => {
    expect(signedInOperations.length).toBeGreaterThan(60);
    expect(signedInOperations.filter((op) => op.roles.length === 0).map((op) => op.operationId)).toEqual([]);
    expect(signedInOperations.filter((op) => op.roles.length < roles.length).length).toBeGreaterThan(15);
  });

  for (const op of signedInOperations) {
    it(`${op.operationId}: ${op.roles.join(', ')} pass, the others get 403`, async () => {
      for (const role of roles) {
        const member = as(role);
        // Ids are the caller's own: an Employee may read their own account, any other lookup misses.
        const path = op.path.replace(/\{[^}]+\}/g, member.userId) + (op.path.includes('{') ? '' : `?id=${member.userId}`);
        const response = await member.call(op.method, path, { body: op.bodyTypes.includes('application/json') ? {} : undefined });
        if (op.roles.includes(role)) {
          expect([401, 403, 500], `${role} ${op.operationId}: ${JSON.stringify(response.body)}`).not.toContain(response.status);
        } else {
          expect(response.status, `${role} ${op.operationId}`).toBe(403);
          expect(codeOf(response.body)).toBe('FORBIDDEN');
        }
      }
    });
  }
});

describe('member rules stricter than x-roles', () => {
  const read = async (id: string) => (await firm.owner.api.GET('/api/Users/Get', { params: { query: { id } } })).data!.data!;
  const update = (actor: SignedIn, target: User, change: Partial<{ role: Role; archived: boolean; firstName: string }>) =>
    actor.api.PUT('/api/Users/Update', {
      body: { id: target.id, firstName: change.firstName ?? target.firstName ?? 'Vorname', lastName: target.lastName ?? 'Nachname', role: change.role ?? target.roles[0], archived: change.archived ?? target.archived },
    });

  const refusals: { name: string; actor: Role; target: Role | 'self'; change: Partial<{ role: Role; archived: boolean; firstName: string }>; code: string }[] = [
    { name: 'a Manager promotes an Employee to Admin', actor: 'Manager', target: 'Employee', change: { role: 'Admin' }, code: 'FORBIDDEN' },
    { name: 'a Manager promotes themself to Admin', actor: 'Manager', target: 'self', change: { role: 'Admin' }, code: 'FORBIDDEN' },
    { name: 'a Manager demotes an Admin', actor: 'Manager', target: 'Admin', change: { role: 'Manager' }, code: 'FORBIDDEN' },
    { name: 'a Manager renames an Admin', actor: 'Manager', target: 'Admin', change: { firstName: 'Umbenannt' }, code: 'FORBIDDEN' },
    { name: 'a Manager archives an Admin', actor: 'Manager', target: 'Admin', change: { archived: true }, code: 'FORBIDDEN' },
    { name: 'a Manager renames the Owner', actor: 'Manager', target: 'Owner', change: { firstName: 'Umbenannt' }, code: 'FORBIDDEN' },
    { name: 'a Manager archives themself', actor: 'Manager', target: 'self', change: { archived: true }, code: 'FORBIDDEN' },
    { name: 'a Manager demotes themself', actor: 'Manager', target: 'self', change: { role: 'Employee' }, code: 'FORBIDDEN' },
    { name: 'an Admin changes their own role', actor: 'Admin', target: 'self', change: { role: 'Manager' }, code: 'FORBIDDEN' },
    { name: 'an Admin archives themself', actor: 'Admin', target: 'self', change: { archived: true }, code: 'FORBIDDEN' },
    { name: 'an Admin demotes the Owner', actor: 'Admin', target: 'Owner', change: { role: 'Admin' }, code: 'OWNER_PROTECTED' },
    { name: 'an Admin archives the Owner', actor: 'Admin', target: 'Owner', change: { archived: true }, code: 'OWNER_PROTECTED' },
    { name: 'the Owner demotes themself', actor: 'Owner', target: 'self', change: { role: 'Admin' }, code: 'OWNER_PROTECTED' },
    { name: 'the Owner archives themself', actor: 'Owner', target: 'self', change: { archived: true }, code: 'OWNER_PROTECTED' },
    { name: 'the Owner makes an Admin Owner', actor: 'Owner', target: 'Admin', change: { role: 'Owner' }, code: 'OWNER_PROTECTED' },
    { name: 'an Admin makes a Manager Owner', actor: 'Admin', target: 'Manager', change: { role: 'Owner' }, code: 'OWNER_PROTECTED' },
    { name: 'a Manager makes an Employee Owner', actor: 'Manager', target: 'Employee', change: { role: 'Owner' }, code: 'OWNER_PROTECTED' },
  ];

  for (const refusal of refusals) {
    it(`refuses with 403 ${refusal.code} when ${refusal.name}, and changes nothing`, async () => {
      // A fresh actor per case (the Owner is the firm's one Owner), so no case depends on another.
      const actor = refusal.actor === 'Owner' ? firm.owner : await firm.member(refusal.actor);
      const targetId = refusal.target === 'self' ? actor.userId : refusal.target === 'Owner' ? firm.owner.userId : (await firm.member(refusal.target)).userId;
      const before = await read(targetId);
      const { response, error } = await update(actor, before, refusal.change);
      expect(response.status, JSON.stringify(error)).toBe(403);
      expect(codeOf(error)).toBe(refusal.code);
      expect(error!.errorMessages[0].message).not.toMatch(/error|exception|sql/i);
      expect(await read(targetId)).toEqual(before);
    });
  }

  it('refuses a Manager who invites an Admin (403) and creates no one; invites an Owner nobody may (400)', async () => {
    const count = async () => (await firm.owner.api.POST('/api/Users/GetAll', { params: { query: { includeArchived: true } } })).data!.data!.totalCount;
    const before = await count();
    const email = `admin-${Date.now()}@example.de`;
    const { response, error } = await firm.manager.api.POST('/api/Users/Invite', { body: { email, firstName: 'Ada', lastName: 'Admin', role: 'Admin', language: 'de' } });
    expect(response.status).toBe(403);
    expect(codeOf(error)).toBe('FORBIDDEN');
    expect(error!.errorMessages[0].message).toBe('Nur der Inhaber oder ein Admin kann Admins einladen oder ernennen und Admins oder den Inhaber ändern.');
    const owner = await firm.owner.call('POST', '/api/Users/Invite', { body: { email, firstName: 'Ola', lastName: 'Owner', role: 'Owner', language: 'de' } });
    expect(owner.status).toBe(400);
    expect(await count()).toBe(before);
    expect(server.app.deps.mailer.outbox(200).some((m) => m.to === email)).toBe(false);
  });

  it('lets a Manager manage Managers and Employees, and an Admin manage Admins (the refusals above are not blanket)', async () => {
    const employee = await read((await firm.member('Employee')).userId);
    expect((await update(firm.manager, employee, { role: 'Manager' })).response.status).toBe(200);
    const manager = await read(employee.id);
    expect((await update(firm.manager, manager, { role: 'Employee', firstName: 'Wieder' })).response.status).toBe(200);
    expect((await update(firm.manager, await read(employee.id), { archived: true })).response.status).toBe(200);
    const admin = await read((await firm.member('Admin')).userId);
    expect((await update(firm.admin, admin, { role: 'Manager' })).response.status).toBe(200);
    expect((await update(firm.admin, await read(admin.id), { role: 'Admin' })).response.status).toBe(200);
    expect((await update(firm.admin, await read(firm.owner.userId), { firstName: 'Inhaberin' })).response.status).toBe(200);
    expect((await update(firm.manager, await read(firm.manager.userId), { firstName: 'Selbst' })).response.status).toBe(200);
    expect((await read(firm.manager.userId)).roles).toEqual(['Manager']);
  });
});
