/**
 * The Company, Members and Consents tabs of /profile and the first-run onboarding, against a fake
 * API: what each role may change, the bodies sent (IBAN compacted, hours as minutes), the server's
 * field errors at their fields, confirmations before archiving and revoking, and the Owner of a new
 * firm asked once for company, name and rate.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantConsent } from '../../generated/api/types.gen';
import { account, ids, member, page, paymentSettings, tenantProfile } from './contract-data';
import { failure, serveContract, unchecked } from './contract-server';
import { injectSession, renderApp, setWindowWidth } from './helpers';

const tenant = tenantProfile();

const consent = (purpose: TenantConsent['purpose'], granted: boolean): TenantConsent => ({
  purpose,
  granted,
  grantedAtUtc: granted ? '2026-10-01T08:00:00.000Z' : null,
  revokedAtUtc: null,
});

// The Company form loads beside the firm's data (company-tab.tsx); its first transform here (zod,
// @mantine/form) can outlast a lookup's second on a busy machine, which is not what is tested.
beforeAll(async () => {
  await import('../../src/features/profile/company-form');
});

describe('/profile Company tab', { timeout: 60_000 }, () => {
  it('saves the details with IBAN and VAT id compacted and the daily target in minutes', async () => {
    setWindowWidth(1280);
    injectSession({ roles: ['Manager'] });
    const server = serveContract({ managementGetTenant: tenant, managementUpdateTenant: ({ body }) => ({ ...tenant, ...(body as object) }), paymentsGetSettings: paymentSettings });
    const user = userEvent.setup();
    await renderApp('/profile?tab=0');
    const iban = await screen.findByRole('textbox', { name: 'IBAN' });
    expect(screen.getByRole('textbox', { name: /Firmenname/ })).toHaveValue('Elektro Schneider GmbH');
    await user.type(iban, 'de89 3704 0044 0532 0130 00');
    await user.type(screen.getByRole('textbox', { name: 'USt-IdNr.' }), 'de 123456789');
    const target = screen.getByRole('textbox', { name: /Tagessoll/ });
    await user.clear(target);
    await user.type(target, '7,5');
    // The firm also works Saturdays, in Bavaria.
    await user.click(screen.getByRole('checkbox', { name: 'Sa' }));
    await user.click(screen.getAllByLabelText(/^Feiertage/).find((el) => el.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: 'Bayern' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(server.calls('managementUpdateTenant')).toHaveLength(1));
    expect(server.calls('managementUpdateTenant')[0].body).toMatchObject({
      workingDays: [1, 2, 3, 4, 5, 6],
      holidayRegion: 'DE-BY',
      iban: 'DE89370400440532013000',
      vatId: 'DE123456789',
      dailyTargetMinutes: 450,
      defaultHourlyRate: 60,
      timeZone: 'Europe/Berlin',
      name: 'Elektro Schneider',
    });
    expect(await screen.findByText('Die Firmendaten wurden gespeichert.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('sets how invoices are numbered and where they are issued, refusing a number format without a running number', async () => {
    setWindowWidth(1280);
    injectSession({ roles: ['Owner'] });
    const server = serveContract({ managementGetTenant: tenant, managementUpdateTenant: ({ body }) => ({ ...tenant, ...(body as object) }), paymentsGetSettings: paymentSettings });
    const user = userEvent.setup();
    await renderApp('/profile?tab=0');
    const format = await screen.findByRole('textbox', { name: /^Rechnungsnummern/ });
    expect(format).toHaveValue('RE-{YYYY}-{NNNN}');
    expect(screen.getByRole('checkbox', { name: 'Nummern jedes Jahr bei 1 beginnen' })).toBeChecked();
    await user.clear(format);
    await user.type(format, 'RE-{{YYYY}');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dieses Format ist ungültig.')).toBeInTheDocument();
    expect(server.calls('managementUpdateTenant')).toHaveLength(0);

    await user.clear(format);
    await user.type(format, '{{YY}/{{NNNNN}');
    await user.click(screen.getByRole('checkbox', { name: 'Nummern jedes Jahr bei 1 beginnen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(server.calls('managementUpdateTenant')).toHaveLength(1));
    expect(server.calls('managementUpdateTenant')[0].body).toMatchObject({ invoiceNumberFormat: '{YY}/{NNNNN}', invoiceNumberYearly: false, invoiceIssuer: 'fieldbook' });
  });

  it('shows the server\'s field error at the field', async () => {
    injectSession({ roles: ['Owner'] });
    serveContract({
      managementGetTenant: tenant,
      paymentsGetSettings: paymentSettings,
      managementUpdateTenant: failure(400, 'VALIDATION_ERROR', 'Bitte prüfen Sie die Eingaben.', { errors: { iban: ['Die IBAN ist ungültig (Prüfziffern).'] } }),
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=0');
    await user.type(await screen.findByRole('textbox', { name: 'IBAN' }), 'DE89370400440532013001');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die IBAN ist ungültig (Prüfziffern).')).toBeInTheDocument();
  });

  it('uploads a logo and shows the stored one', async () => {
    injectSession({ roles: ['Admin'] });
    const server = serveContract({
      managementGetTenant: tenant,
      paymentsGetSettings: paymentSettings,
      managementUploadLogo: { ...tenant, logoUpdatedAtUtc: '2026-11-24T08:00:00.000Z' },
      managementGetLogo: unchecked(200, 'PNG', { 'Content-Type': 'image/png' }),
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=0');
    expect(await screen.findByText('Noch kein Logo')).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(server.calls('managementUploadLogo')).toHaveLength(1));
    expect(await screen.findByText(/Das Logo wurde gespeichert/)).toBeInTheDocument();
    await waitFor(() => expect(server.calls('managementGetLogo')).toHaveLength(1));
    expect(await screen.findByRole('img', { name: 'Logo von Elektro Schneider GmbH' })).toBeInTheDocument();
  });

  it('lets an Employee read, not change', async () => {
    injectSession({ roles: ['Employee'] });
    serveContract({ managementGetTenant: tenant });
    await renderApp('/profile?tab=0');
    expect(await screen.findByRole('textbox', { name: 'IBAN' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  });
});

const max = member({ id: ids.colleague, firstName: 'Max', lastName: 'Monteur' });
const admin = member({ id: '8c3d2e1f-0a9b-4c8d-9e7f-6a5b4c3d2e1f', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'] });
const pending = member({ id: '9d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f1a', firstName: 'Nina', lastName: 'Neu', invitationPending: true, lastLoginAtUtc: null });
const me = member({ id: ids.me, firstName: 'Anna', lastName: 'Schneider', roles: ['Manager'] });

const trialDetails = {
  tenantId: ids.tenant, status: 'trial' as const, startDate: '2026-11-01T10:00:00.000Z', trialEndDate: '2026-12-01T10:00:00.000Z', billingDate: null, runtime: null,
  licenseCount: 3, assignedCount: 3, pricePerLicense: 9.9, selfHosted: false, licenses: [], members: [],
};

describe('/profile Members tab', { timeout: 30_000 }, () => {
  it('invites a member, sends an open invitation again and archives after a confirmation', async () => {
    injectSession({ roles: ['Owner'] });
    const server = serveContract({
      usersGetAll: page([admin, max, pending, { ...me, roles: ['Owner'] }]),
      // During the trial no license limits an invitation: no warning.
      subscriptionGetSubscriptionDetails: trialDetails,
      usersInvite: ({ body }) => ({ ...member({ id: 'ae5f4a3b-2c1d-4e0f-9a8b-7c6d5e4f3a2b', firstName: 'Lena', lastName: 'Hoffmann' }), email: (body as { email: string }).email, invitationPending: true }),
      usersUpdate: ({ body }) => ({ ...max, archived: (body as { archived: boolean }).archived }),
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=1');
    const table = await screen.findByRole('table', { name: 'Mitarbeiter' });
    expect(within(table).getByText('Nina Neu')).toBeInTheDocument();
    expect(within(table).getByText('Eingeladen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mitarbeiter einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitarbeiter einladen' });
    // Every dialog's close button is named, in the UI's language.
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(server.calls('usersInvite')).toHaveLength(0);
    expect(within(dialog).getByRole('textbox', { name: /E-Mail/ })).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByRole('textbox', { name: /Vorname/ }), 'Lena');
    await user.type(within(dialog).getByRole('textbox', { name: /Nachname/ }), 'Hoffmann');
    await user.type(within(dialog).getByRole('textbox', { name: /E-Mail/ }), 'lena.hoffmann@elektro-schneider.de');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(server.calls('usersInvite')).toHaveLength(1));
    expect(server.calls('usersInvite')[0].body).toEqual({ email: 'lena.hoffmann@elektro-schneider.de', firstName: 'Lena', lastName: 'Hoffmann', role: 'Employee', language: 'de' });
    expect(await screen.findByText('Einladung an lena.hoffmann@elektro-schneider.de gesendet.')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Aktionen für Nina Neu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Einladung erneut senden' }));
    await waitFor(() => expect(server.calls('usersInvite')).toHaveLength(2));
    expect(server.calls('usersInvite')[1].body).toMatchObject({ email: pending.email, firstName: 'Nina' });

    await user.click(within(table).getByRole('button', { name: 'Aktionen für Max Monteur' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archivieren' }));
    const confirm = await screen.findByRole('dialog', { name: 'Max Monteur archivieren?' });
    expect(within(confirm).getByText(/auf allen Geräten abgemeldet/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Archivieren' }));
    await waitFor(() => expect(server.calls('usersUpdate')).toHaveLength(1));
    expect(server.calls('usersUpdate')[0].body).toEqual({ id: ids.colleague, firstName: 'Max', lastName: 'Monteur', role: 'Employee', archived: true });
  });

  it('warns the owner before inviting beyond the licenses, in the self-hosted wording', async () => {
    injectSession({ roles: ['Owner'] });
    serveContract({
      usersGetAll: page([admin, max, { ...me, roles: ['Owner'] }]),
      subscriptionGetSubscriptionDetails: {
        ...trialDetails,
        status: 'active',
        trialEndDate: null,
        selfHosted: true,
        pricePerLicense: null,
        licenseCount: 2,
        assignedCount: 2,
        licenses: [
          { id: '6a1f0c3e-2b4d-4e5f-8a9b-0c1d2e3f4a5b', userId: ids.me, assignedAtUtc: '2026-11-01T09:00:00.000Z' },
          { id: '7b2a1d4f-3c5e-4f6a-9b0c-1d2e3f4a5b6c', userId: ids.colleague, assignedAtUtc: '2026-11-01T09:00:00.000Z' },
        ],
      },
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=1');
    await screen.findByRole('table', { name: 'Mitarbeiter' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Mitarbeiter einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitarbeiter einladen' });
    expect(await within(dialog).findByText(/Alle 2 Lizenzen sind vergeben/)).toBeInTheDocument();
    expect(within(dialog).getByText(/die Zahl der Lizenzen erhöht/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/kauft/)).not.toBeInTheDocument();
  });

  it('sets a member\'s first working day, from which their targets count', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      usersGetAll: page([max, me]),
      subscriptionGetSubscriptionDetails: trialDetails,
      usersUpdate: ({ body }) => ({ ...max, startDate: (body as { startDate: string | null }).startDate }),
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=1');
    const table = await screen.findByRole('table', { name: 'Mitarbeiter' });
    await user.click(within(table).getByRole('button', { name: 'Aktionen für Max Monteur' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bearbeiten' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    const start = within(dialog).getByLabelText(/Erster Arbeitstag/);
    expect(start).toHaveValue('');
    await user.type(start, '2026-10-01');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(server.calls('usersUpdate')).toHaveLength(1));
    expect(server.calls('usersUpdate')[0].body).toEqual({ id: ids.colleague, firstName: 'Max', lastName: 'Monteur', role: 'Employee', archived: false, startDate: '2026-10-01' });
  });

  it('offers a Manager no changes to an Admin, no Admin role, and no archive of themselves', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({ usersGetAll: page([admin, max, me]), subscriptionGetSubscriptionDetails: trialDetails });
    const user = userEvent.setup();
    await renderApp('/profile?tab=1');
    const table = await screen.findByRole('table', { name: 'Mitarbeiter' });
    expect(within(table).queryByRole('button', { name: 'Aktionen für Ada Admin' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Aktionen für Anna Schneider' }));
    expect(await screen.findByRole('menuitem', { name: 'Bearbeiten' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Archivieren' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Mitarbeiter einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitarbeiter einladen' });
    await user.click(within(dialog).getAllByLabelText('Rolle')[0]);
    expect(screen.getByRole('option', { name: 'Manager' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Administrator' })).not.toBeInTheDocument();
  });
});

describe('/profile Consents tab', { timeout: 30_000 }, () => {
  it('shows terms as accepted and revokes GPS after a confirmation', async () => {
    injectSession({ roles: ['Manager'] });
    const states: Record<string, TenantConsent> = { terms: consent('terms', true), privacy: consent('privacy', true), ai: consent('ai', false), gps: consent('gps', true) };
    const server = serveContract({
      managementGetConsentTexts: page(
        (['terms', 'privacy', 'ai', 'gps'] as const).map((purpose) => ({ purpose, language: 'de' as const, title: `Titel ${purpose}`, text: `Text zu ${purpose}`, version: '2026-11', required: purpose === 'terms' })),
      ),
      managementGetTenantConsent: ({ query }) => states[query.purpose as string],
      managementGetConsentHistory: page([]),
      managementUpdateTenantConsent: ({ body }) => {
        const { purpose, granted } = body as { purpose: string; granted: boolean };
        states[purpose] = { ...consent(purpose as TenantConsent['purpose'], granted), revokedAtUtc: granted ? null : '2026-11-24T08:00:00.000Z' };
        return states[purpose];
      },
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=3');
    const terms = (await screen.findByRole('heading', { name: 'Titel terms' })).closest('.mantine-Paper-root') as HTMLElement;
    expect(await within(terms).findByText('Akzeptiert')).toBeInTheDocument();
    expect(within(terms).queryByRole('button', { name: 'Widerrufen' })).not.toBeInTheDocument();
    const gps = screen.getByRole('heading', { name: 'Titel gps' }).closest('.mantine-Paper-root') as HTMLElement;
    await waitFor(() => expect(within(gps).getByText('Erteilt')).toBeInTheDocument());
    await user.click(within(gps).getByRole('button', { name: 'Widerrufen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Einwilligung widerrufen: Titel gps?' });
    await user.click(within(confirm).getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(server.calls('managementUpdateTenantConsent')).toHaveLength(1));
    expect(server.calls('managementUpdateTenantConsent')[0].body).toEqual({ purpose: 'gps', granted: false });
    expect(await within(gps).findByText('Nicht erteilt')).toBeInTheDocument();
    const ai = screen.getByRole('heading', { name: 'Titel ai' }).closest('.mantine-Paper-root') as HTMLElement;
    await user.click(within(ai).getByRole('button', { name: 'Erteilen' }));
    await waitFor(() => expect(server.calls('managementUpdateTenantConsent')[1].body).toEqual({ purpose: 'ai', granted: true }));
  });
});

describe('/profile Consents history', { timeout: 30_000 }, () => {
  it('lists every grant and revocation with who, when and the text version, and pages a long history', async () => {
    injectSession({ roles: ['Employee'] });
    const event = (n: number) => ({
      id: `0b6f2c1e-4a3d-4e5f-8a9b-1c2d3e4f5a${String(n).padStart(2, '0')}`,
      purpose: n % 2 ? ('terms' as const) : ('ai' as const),
      granted: n !== 1,
      atUtc: `2026-11-${String(25 - n).padStart(2, '0')}T08:00:00.000Z`,
      userId: ids.me,
      userName: n === 12 ? null : n % 2 ? 'Max Monteur' : 'Anna Schneider',
      version: '2026-11',
    });
    const all = Array.from({ length: 12 }, (_, i) => event(i + 1));
    const server = serveContract({
      managementGetConsentTexts: page(
        (['terms', 'privacy', 'ai', 'gps'] as const).map((purpose) => ({ purpose, language: 'de' as const, title: `Titel ${purpose}`, text: `Text zu ${purpose}`, version: '2026-11', required: purpose === 'terms' })),
      ),
      managementGetTenantConsent: ({ query }) => consent(query.purpose as TenantConsent['purpose'], true),
      managementGetConsentHistory: ({ query }) => {
        const at = Number(query.page);
        const size = Number(query.pageSize);
        return page(all.slice((at - 1) * size, at * size), { totalCount: all.length, page: at, pageSize: size });
      },
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=3');
    const history = (await screen.findByRole('heading', { name: 'Verlauf' })).closest('.mantine-Paper-root') as HTMLElement;
    const table = await within(history).findByRole('table');
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(10);
    expect(within(rows()[0]).getByText('Widerrufen')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('Titel terms')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('Max Monteur')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('2026-11')).toBeInTheDocument();
    expect(within(rows()[1]).getByText('Erteilt')).toBeInTheDocument();
    expect(within(history).getByText('1–10 von 12')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[1]).getByText('unbekannt')).toBeInTheDocument();
    expect(server.calls('managementGetConsentHistory').map((c) => c.query)).toEqual([
      { page: '1', pageSize: '10' },
      { page: '2', pageSize: '10' },
    ]);
  });

  it('says so when nothing was granted or revoked yet', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({
      managementGetConsentTexts: page([]),
      managementGetTenantConsent: ({ query }) => consent(query.purpose as TenantConsent['purpose'], false),
      managementGetConsentHistory: page([]),
    });
    await renderApp('/profile?tab=3');
    expect(await screen.findByText('Bisher wurde keine Einwilligung erteilt oder widerrufen.')).toBeInTheDocument();
  });
});

describe('first-run onboarding', { timeout: 30_000 }, () => {
  it('asks the Owner of a new firm for company, name and rate once, and saves them', async () => {
    injectSession({ roles: ['Owner'] });
    const stored = JSON.parse(window.localStorage.getItem('fieldbook-session')!);
    window.localStorage.setItem('fieldbook-session', JSON.stringify({ ...stored, firstName: null, lastName: null }));
    const { reloadSession } = await import('../../src/lib/session');
    reloadSession();
    const server = serveContract({
      managementGetTenant: { ...tenant, name: 'anna', companyName: null },
      usersUpdateMe: ({ body }) => account({ ...(body as object), roles: ['Owner'] }),
      managementUpdateTenant: ({ body }) => ({ ...tenant, ...(body as object) }),
      usersGetAll: page([]),
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=1');
    const dialog = await screen.findByRole('dialog', { name: 'Willkommen bei Fieldbook' });
    expect(await within(dialog).findByRole('textbox', { name: /Firmenname/ })).toHaveValue('anna');
    const company = within(dialog).getByRole('textbox', { name: /Firmenname/ });
    await user.clear(company);
    await user.type(company, 'Elektro Schneider GmbH');
    await user.type(within(dialog).getByRole('textbox', { name: /Vorname/ }), 'Anna');
    await user.type(within(dialog).getByRole('textbox', { name: /Nachname/ }), 'Schneider');
    const rate = within(dialog).getByRole('textbox', { name: /Stundensatz/ });
    await user.clear(rate);
    await user.type(rate, '65,5');
    await user.click(within(dialog).getByRole('button', { name: "Los geht's" }));
    await waitFor(() => expect(server.calls('managementUpdateTenant')).toHaveLength(1));
    expect(server.calls('usersUpdateMe')[0].body).toEqual({ firstName: 'Anna', lastName: 'Schneider' });
    expect(server.calls('managementUpdateTenant')[0].body).toMatchObject({ name: 'Elektro Schneider GmbH', companyName: 'Elektro Schneider GmbH', defaultHourlyRate: 65.5 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Willkommen bei Fieldbook' })).not.toBeInTheDocument());
    // The shell now shows the name.
    expect(screen.getAllByText('Anna Schneider').length).toBeGreaterThan(0);
  });
});
