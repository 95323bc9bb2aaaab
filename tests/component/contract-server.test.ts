/**
 * The contract check of the component tests can fail: a fake answer without a required field, a
 * request with a wrong query parameter or body, a missing device id or token, a role the
 * operation refuses, and a call without an answer are each refused and named.
 */
import { describe, expect, it } from 'vitest';
import { customersGetAll, timeTracksGetMy, usersGet } from '../../generated/api/sdk.gen';
import { account, customer, ids, page } from './contract-data';
import { failure, serveContract, unchecked } from './contract-server';
import { injectSession } from './helpers';

const customersQuery = { page: 1, pageSize: 10, isDescending: false };

describe('the contract server', () => {
  it('answers a request inside the contract with its data in the envelope', async () => {
    injectSession({ roles: ['Employee'] });
    const server = serveContract({ customersGetAll: page([customer({ displayName: 'Bäckerei Huber', companyName: 'Bäckerei Huber' })]) });
    const { data } = await customersGetAll({ query: customersQuery });
    expect(data?.data.items[0].displayName).toBe('Bäckerei Huber');
    expect(server.calls('customersGetAll')[0].query).toEqual({ page: '1', pageSize: '10', isDescending: 'false' });
    expect(server.takeProblems()).toEqual([]);
  });

  it('refuses a fake answer that misses a required field', async () => {
    injectSession();
    const { sessions: _, hasLicense: __, ...withoutLicense } = account();
    const server = serveContract({ usersGet: withoutLicense as never });
    const error = await usersGet({ query: { id: ids.me } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(server.takeProblems()).toEqual([expect.stringMatching(/usersGet is outside the contract: .*\/data must have required property 'hasLicense'/)]);
  });

  it('refuses a fake answer with an id that is not a UUID, and an undeclared status', async () => {
    injectSession();
    const server = serveContract({ customersGetAll: page([customer({ id: 'c-1' })]) });
    await customersGetAll({ query: customersQuery }).catch(() => undefined);
    expect(server.takeProblems()).toEqual([expect.stringMatching(/\/data\/items\/0\/id must match format "uuid"/)]);
    server.use({ customersGetAll: failure(418, 'NOT_FOUND', 'x') });
    await customersGetAll({ query: customersQuery }).catch(() => undefined);
    // `default` covers any status, but the envelope must still be one.
    expect(server.takeProblems()).toEqual([]);
    server.use({ customersGetAll: unchecked(404, 'Not Found', { 'Content-Type': 'text/plain' }) });
    await customersGetAll({ query: customersQuery }).catch(() => undefined);
    expect(server.takeProblems()).toEqual([]);
  });

  it('refuses a request with a wrong, a missing or an unknown query parameter', async () => {
    injectSession();
    const server = serveContract({ timeTracksGetMy: page([]) });
    const query = { includeRunning: true, includeStopped: false, includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 20, isDescending: true };
    await timeTracksGetMy({ query: { ...query, includeStopped: 'nein' as never } }).catch(() => undefined);
    expect(server.takeProblems()).toEqual([expect.stringMatching(/timeTracksGetMy \(GET \/api\/TimeTracks\/GetMy\): query\/includeStopped must be boolean/)]);
    const { includeStopped: _, ...withoutStopped } = query;
    await timeTracksGetMy({ query: withoutStopped as never }).catch(() => undefined);
    expect(server.takeProblems()).toEqual([expect.stringMatching(/must have required property 'includeStopped'/)]);
    await timeTracksGetMy({ query: { ...query, running: true } as never }).catch(() => undefined);
    expect(server.takeProblems()).toEqual([expect.stringMatching(/must NOT have additional properties \(running\)/)]);
    await timeTracksGetMy({ query: { ...query, pageSize: 501 } }).catch(() => undefined);
    expect(server.takeProblems()).toEqual([expect.stringMatching(/query\/pageSize must be <= 500/)]);
    // Every refused call is still recorded, with what was sent.
    expect(server.calls('timeTracksGetMy')).toHaveLength(4);
  });

  it('refuses a body outside the schema, a missing device id or token, and a role the operation does not allow', async () => {
    injectSession({ roles: ['Employee'] });
    const server = serveContract({ usersUpdateMe: account(), usersGetAll: page([]) });
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      fetch('/api/Users/UpdateMe', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'X-Device-Id': `backoffice_${crypto.randomUUID()}`, Authorization: `Bearer ${injectSession({ roles: ['Employee'] })}`, ...headers },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    await send({ language: 'fr' });
    expect(server.takeProblems()).toEqual([expect.stringMatching(/usersUpdateMe .*body\/language must be equal to one of the allowed values/)]);
    await send({ language: 'en' }, { 'X-Device-Id': 'device-1' });
    expect(server.takeProblems()).toEqual([expect.stringMatching(/needs the X-Device-Id header/)]);
    await send({ language: 'en' }, { Authorization: '' });
    expect(server.takeProblems()).toEqual([expect.stringMatching(/needs the Authorization: Bearer header/)]);
    await send({ language: 'en' });
    expect(server.takeProblems()).toEqual([]);

    await fetch('/api/Users/GetAll?includeArchived=false', {
      method: 'POST',
      headers: { 'X-Device-Id': `backoffice_${crypto.randomUUID()}`, Authorization: `Bearer ${injectSession({ roles: ['Employee'] })}` },
    }).catch(() => undefined);
    expect(server.takeProblems()).toEqual([expect.stringMatching(/usersGetAll .*roles Employee is refused, the operation allows Owner, Admin, Manager/)]);
  });

  it('names a call the test gave no answer for, and a path outside the contract', async () => {
    injectSession();
    const server = serveContract({});
    await usersGet({ query: { id: ids.me } }).catch(() => undefined);
    await fetch('/api/Users/Nothing').catch(() => undefined);
    expect(server.takeProblems()).toEqual([
      'no answer for usersGet (GET /api/Users/Get): give one to serveContract',
      'GET /api/Users/Nothing is not an operation of the contract',
    ]);
  });
});

describe('a test that leaves a problem unread', () => {
  // The check after each test fails it, even when the app swallowed the failed call.
  it.fails('fails', async () => {
    injectSession();
    serveContract({});
    await usersGet({ query: { id: ids.me } }).catch(() => undefined);
  });
});
