/**
 * The Developers tab of /profile (decision 0039) against a fake API: the reference links, the list
 * of keys, the dialog that makes a key and shows it once, revoking after a confirmation, and the
 * note other roles see instead of the keys.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey } from '../../generated/api/types.gen';
import { serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

const existing: ApiKey = {
  id: '7d1c9a52-3e5b-4f0a-9b7e-2c4d6e8f0a1b',
  name: 'Lohnbüro',
  scope: 'read',
  areas: ['time'],
  keyHint: 'x7Qa',
  createdAt: '2026-11-20T08:15:00Z',
  createdByName: 'Anna Berger',
  lastUsedAt: null,
  revokedAt: null,
};
const secret = 'fbk_1X9m8aQp3Zr2c7Vh0Lk5Nw4Ts6Ue1Yb9Gd2Jf8Hq3Mx7Pa0Rc5Wv4Ky6Se1Ot9Ui2Lb8Nd3Fg7Hj0Kz5Mq4x7Qb';

// The tab loads lazily; its first transform can outlast a lookup's wait on a busy machine.
beforeAll(async () => {
  await import('../../src/features/profile/developers-tab');
});

describe('/profile Developers tab', { timeout: 90_000 }, () => {
  it('makes a key, shows it once with a copy button, and revokes a key after a confirmation', async () => {
    injectSession({ roles: ['Admin'] });
    const server = serveContract({
      apiKeysGetAll: { items: [existing] },
      apiKeysCreate: ({ body }) => ({ key: { ...existing, ...(body as object), id: '8e2dab63-4f6c-4a1b-8c8f-3d5e7f9a1b2c', keyHint: 'x7Qb' }, secret }),
      apiKeysRevoke: { ...existing, revokedAt: '2026-11-27T09:00:00Z' },
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=5');
    expect(await screen.findByRole('link', { name: 'API-Referenz öffnen' })).toHaveAttribute('href', '/api/docs');
    const card = await screen.findByRole('listitem', { name: 'Lohnbüro' });
    expect(within(card).getByText('Nur lesen')).toBeInTheDocument();
    expect(within(card).getByText('Noch nicht genutzt')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Neuer API-Schlüssel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer API-Schlüssel' });
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel erstellen' }));
    expect(await within(dialog).findByText('Bitte geben Sie dem Schlüssel einen Namen.')).toBeInTheDocument();
    expect(server.calls('apiKeysCreate')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Zapier');
    await user.click(within(dialog).getByRole('radio', { name: /Lesen und schreiben/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Kunden' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel erstellen' }));
    await waitFor(() => expect(server.calls('apiKeysCreate')).toHaveLength(1));
    expect(server.calls('apiKeysCreate')[0].body).toEqual({ name: 'Zapier', scope: 'write', areas: ['customers'] });
    const shown = await screen.findByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
    expect(within(shown).getByText(secret)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Schlüssel kopieren' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByText(secret)).not.toBeInTheDocument());

    await user.click(within(await screen.findByRole('listitem', { name: 'Lohnbüro' })).getByRole('button', { name: 'Widerrufen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Schlüssel „Lohnbüro“ widerrufen?' });
    expect(server.calls('apiKeysRevoke')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(server.calls('apiKeysRevoke')).toHaveLength(1));
    expect(server.calls('apiKeysRevoke')[0].url.pathname).toBe(`/api/ApiKeys/Revoke/${existing.id}`);
  });

  it('shows a Manager the reference and a note instead of the keys', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({ apiKeysGetAll: { items: [existing] } });
    await renderApp('/profile?tab=5');
    expect(await screen.findByText('Inhaber und Admins erstellen und widerrufen hier die API-Schlüssel der Firma.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API-Referenz öffnen' })).toBeInTheDocument();
    expect(server.calls('apiKeysGetAll')).toHaveLength(0);
  });
});
