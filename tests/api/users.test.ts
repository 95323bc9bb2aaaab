/**
 * Users: read one member, list the members, invite, set the first password, change a member's
 * name, role or archived flag, change the own account and end own sessions. Each call succeeds for
 * the roles and cases it is for and refuses the others with the envelope, changing nothing:
 * Employees (403), another firm's ids (404), the protected Owner, own role and own archive (403).
 * A new role or an archive counts from the member's next call, not from their next token.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { components } from '../../generated/server/openapi';
import type { TestServer } from '../support/test-server';
import { newDeviceId } from '../support/api-client';
import { caller } from '../support/http';
import { codeOf, startWithFirms, type Firm, type SignedIn } from './roles-support';
import * as accounts from '../../server/db/accounts';

type User = components['schemas']['User'];

let server: TestServer, firm: Firm, other: Firm, call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ server, firm, other, call } = await startWithFirms());
});
afterAll(() => server?.close());

const get = (member: SignedIn, id: string) => member.api.GET('/api/Users/Get', { params: { query: { id } } });
const read = async (id: string) => (await get(firm.owner, id)).data!.data!;
const list = (member: SignedIn, query: { includeArchived: boolean; filter?: string }) => member.api.POST('/api/Users/GetAll', { params: { query } });
const update = (actor: SignedIn, target: User, change: Partial<{ role: User['roles'][number]; archived: boolean; firstName: string; lastName: string }> = {}) =>
  actor.api.PUT('/api/Users/Update', {
    body: {
      id: target.id,
      firstName: change.firstName ?? target.firstName ?? 'Vorname',
      lastName: change.lastName ?? target.lastName ?? 'Nachname',
      role: change.role ?? target.roles[0],
      archived: change.archived ?? target.archived,
    },
  });
const refresh = (member: SignedIn) => call('POST', '/api/Auth/RefreshToken', { deviceId: member.deviceId, body: { token: member.refreshToken } });
let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}${serial++}@elektro-schneider.de`;

async function inviteLink(email: string) {
  await server.settleJobs();
  const mail = server.app.deps.mailer.outbox(500).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const url = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  return { userId: url.searchParams.get('userId')!, token: url.searchParams.get('token')! };
}

describe('Users/Get', () => {
  it('answers the own account with its sessions to every role, and another member without sessions', async () => {
    for (const member of [firm.owner, firm.admin, firm.manager, firm.employee]) {
      const { data, response } = await get(member, member.userId);
      expect(response.status).toBe(200);
      expect(data!.data).toMatchObject({ id: member.userId, email: member.email, roles: [member.role], archived: false });
      expect(data!.data!.sessions).toHaveLength(1);
      expect(data!.data!.sessions![0]).toMatchObject({ deviceId: member.deviceId, current: true });
    }
    const { data } = await get(firm.manager, firm.employee.userId);
    expect(data!.data).toMatchObject({ id: firm.employee.userId, roles: ['Employee'] });
    expect(data!.data!.sessions).toBeUndefined();
  });

  it('refuses an Employee another member (403), and anyone another firm\'s member or an unknown id (404)', async () => {
    const { response, error } = await get(firm.employee, firm.manager.userId);
    expect(response.status).toBe(403);
    expect(error!.errorMessages[0]).toEqual({ code: 'FORBIDDEN', message: 'Ihre Rolle erlaubt diese Aktion nicht.' });
    for (const id of [other.employee.userId, other.owner.userId, crypto.randomUUID()]) {
      const { response: notFound, error: missing } = await get(firm.owner, id);
      expect(notFound.status).toBe(404);
      expect(codeOf(missing)).toBe('NOT_FOUND');
    }
  });
});

describe('Users/GetAll', () => {
  it('lists exactly the firm\'s active members on one page, archived ones only on request, filtered by name or e-mail', async () => {
    const archived = await firm.member('Employee');
    expect((await update(firm.owner, await read(archived.userId), { archived: true, lastName: 'Archiviert' })).response.status).toBe(200);

    const { data } = await list(firm.manager, { includeArchived: false });
    const ids = data!.data!.items.map((u) => u.id);
    expect(data!.data!.totalCount).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([firm.owner.userId, firm.admin.userId, firm.manager.userId, firm.employee.userId]));
    expect(ids).not.toContain(archived.userId);
    expect(ids.filter((id) => [other.owner.userId, other.employee.userId].includes(id))).toEqual([]);

    const withArchived = (await list(firm.admin, { includeArchived: true })).data!.data!;
    expect(withArchived.items.map((u) => u.id)).toContain(archived.userId);
    expect(withArchived.totalCount).toBe(ids.length + 1);

    const filtered = (await list(firm.owner, { includeArchived: true, filter: archived.email.slice(0, 12) })).data!.data!.items;
    expect(filtered.map((u) => u.id)).toEqual([archived.userId]);
    expect((await list(firm.owner, { includeArchived: true, filter: 'Archiviert' })).data!.data!.items.map((u) => u.id)).toEqual([archived.userId]);
  });

  it('refuses an Employee (403)', async () => {
    const { response, error } = await list(firm.employee, { includeArchived: false });
    expect(response.status).toBe(403);
    expect(codeOf(error)).toBe('FORBIDDEN');
  });
});

describe('Users/Invite and Users/SetPassword', () => {
  it('invites a member with a mailed link; the link sets the password once and signs in with the invited role', async () => {
    const email = uniqueEmail('jonas');
    const { data, response } = await firm.manager.api.POST('/api/Users/Invite', { body: { email, firstName: ' Jonas ', lastName: 'Weber', role: 'Employee', language: 'en' } });
    expect(response.status).toBe(200);
    expect(data!.successMessage).toBe('Die Einladung wurde versendet.');
    expect(data!.data).toMatchObject({ email, firstName: 'Jonas', lastName: 'Weber', roles: ['Employee'], invitationPending: true, language: 'en', archived: false });
    const link = await inviteLink(email);
    expect(link.userId).toBe(data!.data!.id);

    const deviceId = newDeviceId();
    const mismatch = await call('POST', '/api/Users/SetPassword', { deviceId, body: { ...link, password: 'Werkzeugkoffer-77', confirmPassword: 'Werkzeugkoffer-78' } });
    expect(codeOf(mismatch.body)).toBe('PASSWORD_MISMATCH');
    const set = await call('POST', '/api/Users/SetPassword', { deviceId, body: { ...link, password: 'Werkzeugkoffer-77', confirmPassword: 'Werkzeugkoffer-77' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ id: link.userId, roles: ['Employee'], emailConfirmed: true });
    expect((await read(link.userId)).invitationPending).toBe(false);
    const again = await call('POST', '/api/Users/SetPassword', { deviceId, body: { ...link, password: 'Werkzeugkoffer-99', confirmPassword: 'Werkzeugkoffer-99' } });
    expect(again.status).toBe(400);
    expect(codeOf(again.body)).toBe('LINK_INVALID');
  });

  it('refuses a link with another member\'s id, and an invitation link of another firm used with this firm\'s member', async () => {
    const mine = uniqueEmail('mine');
    const theirs = uniqueEmail('theirs');
    await firm.owner.api.POST('/api/Users/Invite', { body: { email: mine, firstName: 'Mia', lastName: 'Mein', role: 'Employee', language: 'de' } });
    await other.owner.api.POST('/api/Users/Invite', { body: { email: theirs, firstName: 'Tom', lastName: 'Fremd', role: 'Employee', language: 'de' } });
    const a = await inviteLink(mine);
    const b = await inviteLink(theirs);
    const crossed = await call('POST', '/api/Users/SetPassword', { body: { userId: a.userId, token: b.token, password: 'Werkzeugkoffer-77', confirmPassword: 'Werkzeugkoffer-77' } });
    expect(crossed.status).toBe(400);
    expect(codeOf(crossed.body)).toBe('LINK_INVALID');
    expect((await read(a.userId)).invitationPending).toBe(true);
  });

  it('lets an Owner or Admin invite an Admin; refuses a Manager (403), an Employee (403), an Owner role (400) and a known address (409)', async () => {
    const invite = (member: SignedIn, role: string, email = uniqueEmail(role.toLowerCase())) =>
      member.call('POST', '/api/Users/Invite', { body: { email, firstName: 'Ada', lastName: 'Lovelace', role, language: 'de' } });
    expect((await invite(firm.owner, 'Admin')).status).toBe(200);
    expect((await invite(firm.admin, 'Admin')).status).toBe(200);
    const before = (await list(firm.owner, { includeArchived: true })).data!.data!.totalCount;
    const byManager = await invite(firm.manager, 'Admin');
    expect(byManager.status).toBe(403);
    expect(codeOf(byManager.body)).toBe('FORBIDDEN');
    expect((await invite(firm.employee, 'Employee')).status).toBe(403);
    const owner = await invite(firm.owner, 'Owner');
    expect(owner.status).toBe(400);
    expect(owner.body.errors.role).toBeDefined();
    const known = await invite(firm.owner, 'Employee', other.employee.email);
    expect(known.status).toBe(409);
    expect(codeOf(known.body)).toBe('EMAIL_ALREADY_REGISTERED');
    expect((await list(firm.owner, { includeArchived: true })).data!.data!.totalCount).toBe(before);
  });

  it('sends an open invitation again: a new link replaces the earlier one; an active member\'s address stays taken', async () => {
    const email = uniqueEmail('nochmal');
    const body = { email, firstName: 'Ada', lastName: 'Lovelace', role: 'Employee', language: 'de' };
    const first = await firm.manager.call('POST', '/api/Users/Invite', { body });
    expect(first.status).toBe(200);
    const firstLink = await inviteLink(email);
    const before = (await list(firm.owner, { includeArchived: true })).data!.data!.totalCount;
    const again = await firm.manager.call('POST', '/api/Users/Invite', { body: { ...body, firstName: 'Augusta', language: 'en' } });
    expect(again.status).toBe(200);
    expect((again.body as { data: User }).data).toMatchObject({ id: firstLink.userId, firstName: 'Augusta', language: 'en', invitationPending: true });
    expect((await list(firm.owner, { includeArchived: true })).data!.data!.totalCount).toBe(before);
    await server.settleJobs();
    const mails = server.app.deps.mailer.outbox(500).filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    const links = mails.map((m) => new URL(m.text.match(/https?:\/\/\S+/)![0]));
    const secondLink = links.find((l) => l.searchParams.get('token') !== firstLink.token)!;
    expect(secondLink).toBeDefined();
    const old = await call('POST', '/api/Users/SetPassword', {
      deviceId: newDeviceId(),
      body: { userId: firstLink.userId, token: firstLink.token, password: 'Neues-Passwort-2026', confirmPassword: 'Neues-Passwort-2026' },
    });
    expect(old.status).toBe(400);
    const fresh = await call('POST', '/api/Users/SetPassword', {
      deviceId: newDeviceId(),
      body: { userId: firstLink.userId, token: secondLink.searchParams.get('token'), password: 'Neues-Passwort-2026', confirmPassword: 'Neues-Passwort-2026' },
    });
    expect(fresh.status).toBe(200);
    // Now active: the address is taken for good.
    const taken = await firm.manager.call('POST', '/api/Users/Invite', { body });
    expect(taken.status).toBe(409);
    expect(codeOf(taken.body)).toBe('EMAIL_ALREADY_REGISTERED');
  });

  it('answers the same invitation sent several times at once with one member, never 500', async () => {
    const email = uniqueEmail('gleichzeitig');
    const before = (await list(firm.owner, { includeArchived: true })).data!.data!.totalCount;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        firm.owner.call('POST', '/api/Users/Invite', { body: { email, firstName: 'Ada', lastName: 'Lovelace', role: 'Employee', language: 'de' } }),
      ),
    );
    // One creates the member; the others either met the unique address while it was being created
    // (409) or came after and sent the open invitation again (200).
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    for (const refused of answers.filter((a) => a.status === 409)) expect(codeOf(refused.body)).toBe('EMAIL_ALREADY_REGISTERED');
    expect((await list(firm.owner, { includeArchived: true })).data!.data!.totalCount).toBe(before + 1);
  });
});

describe('Users/Invite when the mail cannot be sent', () => {
  it('invites all the same: the mail is a job, and a failed attempt is retried (decision 0040)', async () => {
    const email = uniqueEmail('offline');
    const before = (await list(firm.owner, { includeArchived: true })).data!.data!.totalCount;
    const send = vi.spyOn(server.app.deps.mailer, 'send').mockRejectedValueOnce(new Error('SMTP 421 service not available'));
    try {
      const { response, data } = await firm.owner.api.POST('/api/Users/Invite', { body: { email, firstName: 'Olaf', lastName: 'Offline', role: 'Employee', language: 'de' } });
      expect(response.status).toBe(200);
      expect((await list(firm.owner, { includeArchived: true })).data!.data!.totalCount).toBe(before + 1);
      // The first attempt failed; the retry (MAIL_RETRY_DELAY_SECONDS=1 here) delivers it.
      await expect.poll(() => send.mock.calls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      expect((await inviteLink(email)).userId).toBe(data!.data!.id);
      expect(send.mock.calls.length).toBe(2);
    } finally {
      send.mockRestore();
    }
  });
});

describe('Users/Update', () => {
  it('changes name and role; the new role counts from the member\'s next call with the same token', async () => {
    const member = await firm.member('Employee');
    expect((await list(member, { includeArchived: false })).response.status).toBe(403);

    const { data, response } = await update(firm.owner, await read(member.userId), { role: 'Manager', firstName: ' Paula ', lastName: 'Neu' });
    expect(response.status).toBe(200);
    expect(data!.data).toMatchObject({ id: member.userId, firstName: 'Paula', lastName: 'Neu', roles: ['Manager'] });
    expect((await list(member, { includeArchived: false })).response.status).toBe(200);

    expect((await update(firm.owner, await read(member.userId), { role: 'Employee' })).response.status).toBe(200);
    const { response: demoted, error } = await list(member, { includeArchived: false });
    expect(demoted.status).toBe(403);
    expect(codeOf(error)).toBe('FORBIDDEN');
    // The refreshed token carries the role as stored too.
    const renewed = await refresh(member);
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.roles).toEqual(['Employee']);
  });

  it('a demoted Admin loses the Admin rules at once: their next invitation of an Admin is refused', async () => {
    const admin = await firm.member('Admin');
    const email = uniqueEmail('next-admin');
    expect((await update(firm.owner, await read(admin.userId), { role: 'Manager' })).response.status).toBe(200);
    const { response } = await admin.api.POST('/api/Users/Invite', { body: { email, firstName: 'Ada', lastName: 'Admin', role: 'Admin', language: 'de' } });
    expect(response.status).toBe(403);
  });

  it('archiving signs the member out at once: their next call (401) and their refresh (403) get USER_ARCHIVED, and their sessions stay ended after unarchiving', async () => {
    const member = await firm.member('Employee');
    expect((await get(member, member.userId)).response.status).toBe(200);
    const { data, response } = await update(firm.manager, await read(member.userId), { archived: true });
    expect(response.status).toBe(200);
    expect(data!.data).toMatchObject({ archived: true, hasLicense: false });

    const next = await member.call('GET', `/api/Users/Get?id=${member.userId}`);
    expect(next.status).toBe(401);
    expect(next.body.errorMessages[0]).toEqual({ code: 'USER_ARCHIVED', message: 'Dieses Konto ist archiviert. Bitte wenden Sie sich an Ihre Firma.' });
    const renewed = await refresh(member);
    expect(renewed.status).toBe(403);
    expect(codeOf(renewed.body)).toBe('USER_ARCHIVED');

    expect((await update(firm.manager, await read(member.userId), { archived: false })).response.status).toBe(200);
    expect((await member.call('GET', `/api/Users/Get?id=${member.userId}`)).status).toBe(401);
    const stale = await refresh(member);
    expect(stale.status).toBe(401);
    expect(codeOf(stale.body)).toBe('TOKEN_INVALID');
  });

  it('protects the Owner, refuses own role and own archive, and nobody becomes Owner (403, nothing changed)', async () => {
    const owner = await read(firm.owner.userId);
    for (const [actor, target, change, code] of [
      [firm.owner, owner, { role: 'Admin' }, 'OWNER_PROTECTED'],
      [firm.admin, owner, { archived: true }, 'OWNER_PROTECTED'],
      [firm.owner, await read(firm.manager.userId), { role: 'Owner' }, 'OWNER_PROTECTED'],
      [firm.admin, await read(firm.admin.userId), { role: 'Manager' }, 'FORBIDDEN'],
      [firm.manager, await read(firm.manager.userId), { archived: true }, 'FORBIDDEN'],
      [firm.manager, await read(firm.admin.userId), { role: 'Manager' }, 'FORBIDDEN'],
      [firm.manager, await read(firm.employee.userId), { role: 'Admin' }, 'FORBIDDEN'],
    ] as const) {
      const { response, error } = await update(actor, target, change);
      expect(response.status, `${actor.role} ${JSON.stringify(change)}`).toBe(403);
      expect(codeOf(error)).toBe(code);
      expect(await read(target.id)).toEqual(target);
    }
  });

  it('refuses an Employee (403) and another firm\'s member (404), changing nothing', async () => {
    const target = await read(firm.manager.userId);
    const byEmployee = await update(firm.employee, target, { firstName: 'Gehackt' });
    expect(byEmployee.response.status).toBe(403);
    expect(await read(target.id)).toEqual(target);

    const foreign = (await get(other.owner, other.employee.userId)).data!.data!;
    const { response, error } = await update(firm.owner, foreign, { firstName: 'Gehackt', role: 'Manager', archived: true });
    expect(response.status).toBe(404);
    expect(codeOf(error)).toBe('NOT_FOUND');
    expect((await get(other.owner, other.employee.userId)).data!.data).toEqual(foreign);
    expect((await other.employee.call('GET', `/api/Users/Get?id=${other.employee.userId}`)).status).toBe(200);
  });
});

describe('Users/UpdateMe', () => {
  it('changes the own names and language (fields left out stay) for every role', async () => {
    for (const member of [firm.owner, firm.employee]) {
      const before = (await get(member, member.userId)).data!.data!;
      const { data, response } = await member.api.PUT('/api/Users/UpdateMe', { body: { firstName: 'Erika', language: 'en' } });
      expect(response.status).toBe(200);
      expect(data!.data).toMatchObject({ firstName: 'Erika', lastName: before.lastName, language: 'en' });
      expect(data!.data!.sessions).toHaveLength(1);
      await member.api.PUT('/api/Users/UpdateMe', { body: { language: 'de' } });
    }
  });

  it('ends another own session: that device is signed out at once, its refresh fails', async () => {
    const member = await firm.member('Manager');
    const laptop = await signInElsewhere(member);
    const sessions = (await get(member, member.userId)).data!.data!.sessions!;
    expect(sessions).toHaveLength(2);
    const laptopSession = sessions.find((s) => !s.current)!;
    expect(laptopSession.deviceId).toBe(laptop.deviceId);
    const { data, response } = await member.api.PUT('/api/Users/UpdateMe', { body: { endSessionIds: [laptopSession.id] } });
    expect(response.status).toBe(200);
    expect(data!.data!.sessions).toHaveLength(1);
    expect(data!.data!.sessions![0].current).toBe(true);
    expect((await call('GET', `/api/Users/Get?id=${member.userId}`, { deviceId: laptop.deviceId, token: laptop.token })).status).toBe(401);
    expect((await call('POST', '/api/Auth/RefreshToken', { deviceId: laptop.deviceId, body: { token: laptop.refreshToken } })).status).toBe(401);
    expect((await get(member, member.userId)).response.status).toBe(200);
  });

  it('answers 404 for a session id that is not the caller\'s (another member\'s, another firm\'s, unknown) and changes nothing', async () => {
    const member = await firm.member('Employee');
    const before = (await get(member, member.userId)).data!.data!;
    const colleague = (await get(firm.manager, firm.manager.userId)).data!.data!.sessions![0];
    const foreign = (await get(other.manager, other.manager.userId)).data!.data!.sessions![0];
    for (const id of [colleague.id, foreign.id, crypto.randomUUID()]) {
      const { response, error } = await member.api.PUT('/api/Users/UpdateMe', { body: { firstName: 'Geändert', endSessionIds: [id] } });
      expect(response.status).toBe(404);
      expect(codeOf(error)).toBe('NOT_FOUND');
    }
    expect((await get(member, member.userId)).data!.data).toEqual(before);
    expect((await get(firm.manager, firm.manager.userId)).response.status).toBe(200);
    expect((await get(other.manager, other.manager.userId)).response.status).toBe(200);
  });
});

/** A second session of the member on another device, opened the way a sign-in opens one. */
async function signInElsewhere(member: SignedIn) {
  const deviceId = newDeviceId();
  const issued = await server.database.withTenant(member.tenantId, async (tx) =>
    server.app.services.auth.openSession(tx, (await accounts.getUser(tx, member.userId))!, { deviceId, ip: '127.0.0.1', lang: 'de' }),
  );
  return { deviceId, token: issued.session.token, refreshToken: issued.refreshToken };
}
