/**
 * lexoffice in the app against a fake API: the Accounting tab's stepper (empty key, refused key at
 * the field, connected with the organisation), a connected firm's status with disconnect, and the
 * customer list's import with its summary.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page, tenantProfile } from './contract-data';
import { failure, inTurn, serveContract } from './contract-server';
import { injectSession, renderApp, setWindowWidth } from './helpers';

const connection = { system: 'lexoffice' as const, connected: true, organizationName: 'Elektro Schneider GmbH', connectedAtUtc: '2026-11-20T14:05:00.000Z' };

describe('the Accounting tab', { timeout: 30_000 }, () => {
  it('walks through the stepper: an empty key, a refused key at the field, then connected', async () => {
    setWindowWidth(1280);
    injectSession({ roles: ['Owner'] });
    const server = serveContract({
      managementGetTenant: inTurn(tenantProfile(), tenantProfile({ accountingConnection: connection })),
      externalSystemConnectExternalSystem: inTurn(
        failure(400, 'ACCOUNTING_CONNECTION_FAILED', 'lexoffice hat den API-Schlüssel abgelehnt. Bitte prüfen Sie ihn oder erstellen Sie einen neuen.'),
        connection,
      ),
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=4');
    expect(await screen.findByText(/Arbeitszeiten der Mitarbeiter, Notizen, Fotos/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByRole('link', { name: /app\.lexware\.de\/addons\/public-api/ })).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: 'Testen und verbinden' }));
    expect(screen.getByText('Bitte geben Sie einen API-Schlüssel ein.')).toBeInTheDocument();
    expect(server.calls('externalSystemConnectExternalSystem')).toHaveLength(0);

    await user.type(screen.getByLabelText('API-Schlüssel'), 'falscher-schluessel');
    await user.click(screen.getByRole('button', { name: 'Testen und verbinden' }));
    expect(await screen.findByText(/hat den API-Schlüssel abgelehnt/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('API-Schlüssel'));
    await user.type(screen.getByLabelText('API-Schlüssel'), 'richtiger-schluessel');
    await user.click(screen.getByRole('button', { name: 'Testen und verbinden' }));
    expect(await screen.findByText('Fieldbook ist mit dem lexoffice-Konto von Elektro Schneider GmbH verbunden.', { exact: false })).toBeInTheDocument();
    expect(server.calls('externalSystemConnectExternalSystem')[1].body).toEqual({ system: 'lexoffice', apiKey: 'richtiger-schluessel' });
    await user.click(screen.getByRole('button', { name: 'Fertig' }));
    expect(await screen.findByText('Konto: Elektro Schneider GmbH')).toBeInTheDocument();
  });

  it('shows a refused key and disconnects after a confirmation', async () => {
    injectSession({ roles: ['Admin'] });
    const server = serveContract({
      managementGetTenant: inTurn(tenantProfile({ accountingConnection: { ...connection, connected: false } }), tenantProfile()),
      externalSystemDisconnect: null,
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=4');
    expect(await screen.findByText('Schlüssel abgelehnt')).toBeInTheDocument();
    expect(screen.getByText('lexoffice hat den gespeicherten Schlüssel abgelehnt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Trennen' }));
    const confirm = await screen.findByRole('dialog', { name: 'lexoffice trennen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Trennen' }));
    await waitFor(() => expect(server.calls('externalSystemDisconnect')).toHaveLength(1));
    expect(await screen.findByText('lexoffice verbinden')).toBeInTheDocument();
  });

  it('tells a Manager who connects it', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({});
    await renderApp('/profile?tab=4');
    expect(await screen.findByText('Inhaber und Administratoren verbinden hier die Buchhaltungssoftware.')).toBeInTheDocument();
  });
});

describe('the customer import from lexoffice', { timeout: 30_000 }, () => {
  it('is offered when connected and shows what was imported and what not', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      managementGetTenant: tenantProfile({ accountingConnection: connection }),
      customersGetAll: page([], { pageSize: 10 }),
      customersImportLexOffice: { created: 248, updated: 1, skipped: 0, errorCount: 1, errors: [{ row: 121, field: 'companyName', sourceLine: 121, message: 'Bitte geben Sie mindestens einen Firmennamen oder Vor- und Nachnamen ein.' }] },
    });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    await user.click((await screen.findAllByRole('button', { name: 'Aus lexoffice importieren' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Aus lexoffice importieren' });
    expect(await within(dialog).findByText('248')).toBeInTheDocument();
    expect(within(dialog).getByText(/Kontakt 121/)).toBeInTheDocument();
    expect(server.calls('customersImportLexOffice')).toHaveLength(1);
  });

  it('is not offered without a connection', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({ customersGetAll: page([], { pageSize: 10 }) });
    await renderApp('/customerlist');
    await screen.findAllByRole('button', { name: 'Neuer Kunde' });
    expect(screen.queryByRole('button', { name: 'Aus lexoffice importieren' })).not.toBeInTheDocument();
  });
});
