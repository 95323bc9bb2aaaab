/**
 * The Licenses tab of /profile against a fake API: trial, paid and expired states; managers give
 * and take licenses (the switch sends the member and shows the answer); only the Owner buys or
 * changes the number and opens the payment portal (the app leaves for the provider's page); an
 * Employee is not asked for the subscription at all. And /license-expired lets an Owner buy.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionDetails } from '../../generated/api/types.gen';
import { leaveApp } from '../../src/lib/leave-app';
import { ids, quietShell } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, renderApp, setWindowWidth } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

const colleague = { userId: ids.colleague, firstName: 'Max', lastName: 'Monteur', email: 'max@elektro-schneider.de', roles: ['Employee' as const], invitationPending: false };
const me = { userId: ids.me, firstName: 'Anna', lastName: 'Schneider', email: 'anna@elektro-schneider.de', roles: ['Owner' as const], invitationPending: false };

function subscription(over: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  return {
    tenantId: ids.tenant,
    status: 'active',
    startDate: '2026-10-01T10:00:00.000Z',
    trialEndDate: '2026-10-31T10:00:00.000Z',
    billingDate: '2026-12-01T00:00:00.000Z',
    runtime: 'monthly',
    licenseCount: 2,
    assignedCount: 2,
    pricePerLicense: 9.9,
    selfHosted: false,
    licenses: [
      { id: '6a1f0c3e-2b4d-4e5f-8a9b-0c1d2e3f4a5b', userId: ids.me, assignedAtUtc: '2026-11-01T09:00:00.000Z' },
      { id: '7b2a1d4f-3c5e-4f6a-9b0c-1d2e3f4a5b6c', userId: ids.colleague, assignedAtUtc: '2026-11-01T09:00:00.000Z' },
    ],
    members: [
      { ...me, hasLicense: true },
      { ...colleague, hasLicense: true },
    ],
    ...over,
  };
}

describe('/profile Licenses tab', { timeout: 30_000 }, () => {
  it('shows the trial: every member licensed, switches off, and a Manager cannot buy', async () => {
    setWindowWidth(1280);
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      ...quietShell,
      subscriptionGetSubscriptionDetails: subscription({ status: 'trial', billingDate: null, runtime: null, licenses: [], licenseCount: 2 }),
    });
    await renderApp('/profile?tab=2');
    expect(await screen.findByText('Testphase')).toBeInTheDocument();
    expect(screen.getByText(/Ihre Testphase läuft bis/)).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Max Monteur/ });
    const toggle = within(row).getByRole('switch', { name: 'Lizenz für Max Monteur' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText('Nur der Inhaber kauft Lizenzen oder ändert ihre Anzahl.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lizenzen kaufen/ })).not.toBeInTheDocument();
    expect(server.calls('subscriptionGetSubscriptionDetails')[0].query).toEqual({ tenantId: ids.tenant });
  });

  it('takes a license back with the switch and shows the answer', async () => {
    injectSession({ roles: ['Owner'] });
    const server = serveContract({
      ...quietShell,
      subscriptionGetSubscriptionDetails: subscription(),
      subscriptionRemoveLicenseAssignment: subscription({
        assignedCount: 1,
        licenses: [subscription().licenses[0], { ...subscription().licenses[1], userId: null, assignedAtUtc: null }],
        members: [{ ...me, hasLicense: true }, { ...colleague, hasLicense: false }],
      }),
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=2');
    const toggle = await screen.findByRole('switch', { name: 'Lizenz für Max Monteur' });
    expect(screen.getByRole('switch', { name: 'Lizenz für Anna Schneider' })).toBeDisabled();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Lizenz für Max Monteur' })).not.toBeChecked());
    expect(server.calls('subscriptionRemoveLicenseAssignment')[0].body).toEqual({ userId: ids.colleague });
    expect(screen.getByText(/nächste Abrechnung am/)).toBeInTheDocument();
  });

  it('lets the Owner change the number (prorated, no payment page) and open the payment portal', async () => {
    injectSession({ roles: ['Owner'] });
    const go = vi.spyOn(leaveApp, 'to').mockImplementation(() => undefined);
    const server = serveContract({
      ...quietShell,
      subscriptionGetSubscriptionDetails: subscription(),
      subscriptionCreateCheckout: { url: null, licenseCount: 4 },
      subscriptionCreatePortalSession: { url: 'https://billing.stripe.com/p/session/test_1' },
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=2');
    const count = await screen.findByRole('textbox', { name: 'Lizenzen' });
    await user.clear(count);
    await user.type(count, '4');
    await user.click(screen.getByRole('button', { name: 'Anzahl der Lizenzen ändern' }));
    await waitFor(() => expect(server.calls('subscriptionCreateCheckout')).toHaveLength(1));
    expect(server.calls('subscriptionCreateCheckout')[0].body).toEqual({ licenseCount: 4, returnPath: '/profile?tab=2' });
    expect(await screen.findByText('Die Anzahl der Lizenzen wurde geändert.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /Rechnungen und Zahlungsart/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
  });

  it('sends the Owner of an expired firm to the checkout page', async () => {
    injectSession({ roles: ['Owner'] });
    const go = vi.spyOn(leaveApp, 'to').mockImplementation(() => undefined);
    serveContract({
      ...quietShell,
      subscriptionGetSubscriptionDetails: subscription({ status: 'expired', billingDate: null, runtime: null, licenseCount: 0, assignedCount: 0, licenses: [], members: [{ ...me, hasLicense: false }, { ...colleague, hasLicense: false }] }),
      subscriptionCreateCheckout: { url: 'https://checkout.stripe.com/c/pay/cs_test_1', licenseCount: 2 },
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=2');
    expect(await screen.findByText(/Die Testphase endete am/)).toBeInTheDocument();
    expect(screen.getByText(/19,80\s€ pro Monat, netto/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lizenzen kaufen' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('says self-hosted licenses are set without payment', async () => {
    injectSession({ roles: ['Owner'] });
    serveContract({ ...quietShell, subscriptionGetSubscriptionDetails: subscription({ selfHosted: true, pricePerLicense: null, billingDate: null, runtime: null }) });
    await renderApp('/profile?tab=2');
    expect(await screen.findByText(/Dieser Server läuft ohne Online-Zahlung/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anzahl der Lizenzen festlegen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rechnungen und Zahlungsart/ })).not.toBeInTheDocument();
  });

  it('does not ask for the subscription as an Employee', async () => {
    injectSession({ roles: ['Employee'] });
    const server = serveContract({ ...quietShell });
    await renderApp('/profile?tab=2');
    expect(await screen.findByText('Lizenzen verwaltet das Büro')).toBeInTheDocument();
    expect(server.calls('subscriptionGetSubscriptionDetails')).toHaveLength(0);
  });
});

describe('/license-expired', { timeout: 30_000 }, () => {
  it('lets a signed-in Owner buy a license per member right there', async () => {
    injectSession({ roles: ['Owner'] });
    const go = vi.spyOn(leaveApp, 'to').mockImplementation(() => undefined);
    const server = serveContract({
      subscriptionGetSubscriptionDetails: subscription({ status: 'expired', licenses: [], members: [{ ...me, hasLicense: false }, { ...colleague, hasLicense: false }] }),
      subscriptionCreateCheckout: { url: 'https://checkout.stripe.com/c/pay/cs_test_2', licenseCount: 2 },
    });
    const user = userEvent.setup();
    await renderApp('/license-expired?reason=trial&role=Owner');
    expect(await screen.findByText('Ihre Testphase ist abgelaufen')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Lizenzen' })).toHaveValue('2'));
    await user.click(screen.getByRole('button', { name: 'Lizenzen kaufen' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_2'));
    expect(server.calls('subscriptionCreateCheckout')[0].body).toEqual({ licenseCount: 2, returnPath: '/' });
  });

  it('tells a member without a license to ask a manager', async () => {
    injectSession({ roles: ['Employee'] });
    serveContract({});
    await renderApp('/license-expired?reason=license');
    expect(await screen.findByText('Keine Lizenz für Ihr Konto')).toBeInTheDocument();
    expect(screen.getByText(/aber Ihnen ist keine zugewiesen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lizenzen kaufen' })).not.toBeInTheDocument();
  });
});

describe('licenses on a self-hosted server', { timeout: 30_000 }, () => {
  const pending = { userId: '9d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f1a', firstName: 'Nina', lastName: 'Neu', email: 'nina@elektro-schneider.de', roles: ['Manager' as const], hasLicense: false, invitationPending: true };
  const selfHosted = (over: Partial<SubscriptionDetails> = {}) =>
    subscription({ selfHosted: true, pricePerLicense: null, billingDate: null, runtime: null, trialEndDate: null, members: [{ ...me, hasLicense: true }, { ...colleague, hasLicense: true }, pending], ...over });

  it('shows no trial, and an open invitation without a license that it cannot be given yet', async () => {
    setWindowWidth(1280);
    injectSession({ roles: ['Owner'] });
    serveContract({ ...quietShell, subscriptionGetSubscriptionDetails: selfHosted() });
    await renderApp('/profile?tab=2');
    expect(await screen.findByText(/Dieser Server läuft ohne Online-Zahlung/)).toBeInTheDocument();
    expect(screen.queryByText('Testphase')).not.toBeInTheDocument();
    expect(screen.queryByText(/Testphase läuft bis/)).not.toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Lizenz für Nina Neu' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText(/Einladung noch nicht angenommen/)).toBeInTheDocument();
  });

  it('does not claim on /license-expired that a running trial has ended', async () => {
    injectSession({ roles: ['Owner'] });
    serveContract({ subscriptionGetSubscriptionDetails: subscription({ status: 'trial', licenses: [], billingDate: null, runtime: null }) });
    await renderApp('/license-expired?reason=trial&role=Owner');
    expect(await screen.findByText('Ihre Lizenz ist gültig')).toBeInTheDocument();
    expect(screen.getByText(/Testphase Ihrer Firma läuft noch/)).toBeInTheDocument();
    expect(screen.queryByText('Ihre Testphase ist abgelaufen')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lizenzen kaufen' })).not.toBeInTheDocument();
  });
});
