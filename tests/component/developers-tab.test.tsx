/**
 * The Developers tab of /profile (decision 0039) against a fake API: the reference links, the list
 * of keys, the dialog that makes a key and shows it once, revoking after a confirmation, and the
 * note other roles see instead of the keys; the webhooks (decision 0044): add with the secret
 * shown once, deliveries, re-send, pause, delete after a confirmation.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, Webhook, WebhookDelivery } from '../../generated/api/types.gen';
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
const hook: Webhook = {
  id: '5c0b8a41-2d4e-4f6a-8b9c-1d2e3f4a5b6c',
  url: 'https://hooks.example.com/fieldbook',
  events: ['invoice.paid'],
  secretHint: '9xQe',
  createdAt: '2026-11-20T08:15:00Z',
  createdByName: 'Anna Berger',
  pausedAt: null,
  pausedBecause: null,
};
const failed: WebhookDelivery = {
  id: '6d1c9b52-3e5f-4a7b-9c0d-2e3f4a5b6c7d',
  eventId: '7e2dac63-4f6a-4b8c-8d1e-3f4a5b6c7d8e',
  event: 'invoice.paid',
  state: 'failed',
  attempts: 12,
  createdAt: '2026-11-25T08:00:00Z',
  lastAttemptAt: '2026-11-26T08:00:00Z',
  lastStatus: 500,
  lastError: 'Internal Server Error',
  nextAttemptAt: null,
};
const hookSecret = 'whsec_3q2-7wX0Yz8mKc1VbN5rT4uJ6hG9fD2sA0pL7eQ1xW';
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
      webhooksGetAll: { items: [] },
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
    expect(await screen.findByText('Inhaber und Admins verwalten hier die API-Schlüssel und Webhooks der Firma.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API-Referenz öffnen' })).toBeInTheDocument();
    expect(server.calls('apiKeysGetAll')).toHaveLength(0);
    expect(server.calls('webhooksGetAll')).toHaveLength(0);
  });

  it('adds a webhook and shows its secret once, lists deliveries with their answer, sends one again, pauses and deletes after a confirmation', async () => {
    injectSession({ roles: ['Owner'] });
    const server = serveContract({
      apiKeysGetAll: { items: [] },
      webhooksGetAll: { items: [hook] },
      webhooksCreate: ({ body }) => ({ webhook: { ...hook, ...(body as object), id: '9f3ebc74-5a7d-4b2c-9d0a-4e6f8a0b2c3d' }, secret: hookSecret }),
      webhooksGetDeliveries: { items: [failed] },
      webhooksResend: { ...failed, id: '1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d', state: 'pending', attempts: 0, lastStatus: null, lastError: null },
      webhooksUpdate: { ...hook, pausedAt: '2026-11-27T09:00:00Z', pausedBecause: 'member' },
      webhooksDelete: null,
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=5');
    const card = await screen.findByRole('listitem', { name: hook.url });
    expect(within(card).getByText('Rechnung bezahlt')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Neuer Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Webhook hinzufügen' }));
    expect(await within(dialog).findByText('Bitte wählen Sie mindestens ein Ereignis.')).toBeInTheDocument();
    expect(server.calls('webhooksCreate')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Adresse/ }), 'https://hooks.example.com/neu');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Arbeitsnachweis unterschrieben' }));
    await user.click(within(dialog).getByRole('button', { name: 'Webhook hinzufügen' }));
    await waitFor(() => expect(server.calls('webhooksCreate')).toHaveLength(1));
    expect(server.calls('webhooksCreate')[0].body).toEqual({ url: 'https://hooks.example.com/neu', events: ['work_confirmation.signed'] });
    const shown = await screen.findByRole('dialog', { name: 'Das Signatur-Geheimnis Ihres Webhooks' });
    expect(within(shown).getByText(hookSecret)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByText(hookSecret)).not.toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: /^Zustellungen$/ }));
    const list = await within(card).findByRole('list', { name: 'Zustellungen' });
    expect(within(list).getByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(within(list).getByText('HTTP 500')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Erneut senden' }));
    await waitFor(() => expect(server.calls('webhooksResend')).toHaveLength(1));
    expect(server.calls('webhooksResend')[0].url.pathname).toBe(`/api/Webhooks/Resend/${failed.id}`);

    await user.click(within(card).getByRole('button', { name: 'Pausieren' }));
    await waitFor(() => expect(server.calls('webhooksUpdate')).toHaveLength(1));
    expect(server.calls('webhooksUpdate')[0].body).toEqual({ paused: true });

    await user.click(within(card).getByRole('button', { name: 'Löschen' }));
    const confirm = await screen.findByRole('dialog', { name: `Webhook an ${hook.url} löschen?` });
    expect(server.calls('webhooksDelete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(server.calls('webhooksDelete')).toHaveLength(1));
  });
});
