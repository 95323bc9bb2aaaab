/** /account: name and language, password change, passkeys, sessions; logout through UpdateMe. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from '../../src/features/auth/account/password-card';
import { sortSessions } from '../../src/features/auth/account/sessions-card';
import { getSession } from '../../src/lib/session';
import { account, authSession, ids, page, passkey } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, inOneHour, makeJwt, renderApp, setWindowWidth } from './helpers';

const noKeys = page([]);
const oneKey = page([passkey({ deviceName: 'Pixel 9', lastUsedAtUtc: null })]);

const messages = { bothRequired: 'both', tooShort: 'short', mustDiffer: 'differ', mustMatch: 'match' };

describe('password change rules', () => {
  it('needs old and new, a new one that differs, and a matching confirmation', () => {
    expect(validatePasswordChange({ oldPassword: '', newPassword: '', confirmPassword: '' }, messages)).toEqual({
      oldPassword: 'both',
      newPassword: 'both',
    });
    expect(validatePasswordChange({ oldPassword: 'alt-passwort', newPassword: 'kurz', confirmPassword: 'kurz' }, messages)).toEqual({
      newPassword: 'short',
    });
    expect(
      validatePasswordChange({ oldPassword: 'Gleiches-Passwort', newPassword: 'Gleiches-Passwort', confirmPassword: 'Gleiches-Passwort' }, messages),
    ).toEqual({ newPassword: 'differ' });
    expect(
      validatePasswordChange({ oldPassword: 'alt-passwort', newPassword: 'Neues-Passwort-1', confirmPassword: 'anders' }, messages),
    ).toEqual({ confirmPassword: 'match' });
    expect(
      validatePasswordChange({ oldPassword: 'alt-passwort', newPassword: 'Neues-Passwort-1', confirmPassword: 'Neues-Passwort-1' }, messages),
    ).toEqual({});
  });

  it('lists this device first, then by last use', () => {
    const sessions = account().sessions!;
    expect(sortSessions([...sessions].reverse()).map((s) => s.id)).toEqual([ids.session, ids.otherSession]);
  });
});

describe('the account page', { timeout: 40_000 }, () => {
  it('shows names, passkeys and devices, and saves the name', async () => {
    setWindowWidth(1440);
    const sent: unknown[] = [];
    serveContract({
      usersGet: account(),
      authWebAuthnGetKeys: oneKey,
      usersUpdateMe: ({ body }) => {
        const { firstName, lastName } = body as { firstName: string; lastName: string };
        sent.push(body);
        return account({ firstName, lastName });
      },
    });
    injectSession({ sid: ids.session });
    const user = userEvent.setup();
    await renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Konto' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Vorname/)).toHaveValue('Anna');
    const keys = screen.getByRole('list', { name: 'Passkeys' });
    expect(within(keys).getByText('Pixel 9')).toBeInTheDocument();
    expect(within(keys).getByText(/zuletzt benutzt nie/)).toBeInTheDocument();
    const devices = screen.getByRole('list', { name: 'Angemeldete Geräte' });
    expect(within(devices).getAllByRole('listitem')[0]).toHaveTextContent('Dieses Gerät');
    expect(within(devices).getByText('Safari · iOS')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Vorname/));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte geben Sie Ihren Vornamen ein.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Vorname/), 'Annika');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(getSession().firstName).toBe('Annika'));
    expect(sent).toEqual([{ firstName: 'Annika', lastName: 'Schneider', language: 'de' }]);
    expect(await screen.findByText('Ihre Angaben sind gespeichert.')).toBeInTheDocument();
  });

  it('ends another device after a confirmation', async () => {
    setWindowWidth(1440);
    const api = serveContract({
      usersGet: account(),
      authWebAuthnGetKeys: noKeys,
      usersUpdateMe: account({ sessions: [account().sessions![0]] }),
    });
    injectSession({ sid: ids.session });
    const user = userEvent.setup();
    await renderApp('/account');
    await user.click(await screen.findByRole('button', { name: '„Safari · iOS“ abmelden' }));
    await user.click(within(await screen.findByRole('dialog', {}, { timeout: 15_000 })).getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(screen.queryByText('Safari · iOS')).toBeNull());
    expect(api.calls('usersUpdateMe').map((c) => c.body)).toEqual([{ endSessionIds: [ids.otherSession] }]);
    expect(getSession().token).not.toBeNull();
  });
});

describe('logout', { timeout: 40_000 }, () => {
  it('ends the current session on the server (UpdateMe with the sid), clears the session and opens /login', async () => {
    setWindowWidth(1440);
    const api = serveContract({ usersUpdateMe: account({ sessions: [] }), customerActivitiesByCustomer: page([]) });
    injectSession({ sid: ids.session });
    const user = userEvent.setup();
    const { router } = await renderApp('/library');
    await user.click(await screen.findByRole('button', { name: /Benutzermenü/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [request] = api.calls().filter((c) => c.request.method === 'PUT');
    expect(request.url.pathname).toBe('/api/Users/UpdateMe');
    expect(request.body).toEqual({ endSessionIds: [ids.session] });
    expect(getSession().token).toBeNull();
  });
});

describe('the account language', { timeout: 40_000 }, () => {
  it('switching the language saves it on the account and fetches a token that carries it', async () => {
    setWindowWidth(1440);
    const calls: string[] = [];
    const fresh = makeJwt({ sub: ids.me, tenantId: ids.tenant, exp: inOneHour(), role: ['Manager'], TermsConfirmed: 'true', lang: 'en' });
    serveContract({
      usersGet: account(),
      authWebAuthnGetKeys: noKeys,
      usersUpdateMe: ({ body }) => {
        calls.push(`UpdateMe ${JSON.stringify(body)}`);
        return account({ language: 'en' });
      },
      authRefreshToken: () => {
        calls.push('RefreshToken');
        return authSession(fresh, { refreshToken: 'refresh-2', language: 'en' });
      },
    });
    injectSession({ sid: ids.session });
    const user = userEvent.setup();
    await renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'Mein Konto' });

    await user.click(screen.getByRole('button', { name: /Sprache: Deutsch/ }));
    await user.click(await screen.findByRole('menuitem', { name: /English/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual(['UpdateMe {"language":"en"}', 'RefreshToken']));
    expect(getSession().token).toBe(fresh);
  });
});
