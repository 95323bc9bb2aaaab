/**
 * GPS says what it does: positions are recorded only with the firm's `gps` consent, so the
 * onboarding asks for it (and for AI) with the reason; the clock-in card and the timer dialog say
 * when no position is recorded and why; timers stopped at a break or at clock-out get the position
 * of that moment, and timers started again after a break their start position, like any other timer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeTrack, UserTimeTrack } from '../../generated/api/types.gen';
import { account, firm, page, runningWorkingTime, tenantProfile, timer } from './contract-data';
import { serveContract, type ContractServer } from './contract-server';
import { injectSession, renderApp } from './helpers';

const huber = firm('Bäckerei Huber', { id: '7b1e4c2a-9d3f-4e8b-a1c5-2f6d8e0b3a71', city: 'München', zip: '80331' });
const here = { latitude: 48.1372, longitude: 11.5756 };
const granted = { purpose: 'gps' as const, granted: true, grantedAtUtc: '2026-11-01T08:00:00Z', revokedAtUtc: null };

/** A device that shares its position (the permission is granted). */
function deviceWithLocation(permission: PermissionState = 'granted') {
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { ...here, accuracy: 10 } } as GeolocationPosition) },
  });
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: async () => ({ state: permission, addEventListener: () => {}, removeEventListener: () => {} }) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
  Reflect.deleteProperty(navigator, 'permissions');
});

/** An Employee on a device that shares its position, on the customer list with Huber's timer in the bar. */
async function openBar() {
  deviceWithLocation();
  injectSession({ roles: ['Employee'] });
  const user = userEvent.setup();
  await renderApp('/customerlist');
  const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
  await within(bar).findByText('Bäckerei Huber');
  return { user, bar };
}

/** Starts a break from the bar, pausing the customer timer to continue it after the break. */
async function startBreakPausingTimer() {
  const { user, bar } = await openBar();
  await user.click(await within(bar).findByRole('button', { name: 'Pause beginnen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pause: Ihr Kunden-Timer' });
  await user.click(within(dialog).getByRole('radio', { name: 'Anhalten und nach der Pause fortsetzen' }));
  await user.click(within(dialog).getByRole('button', { name: 'Pause beginnen' }));
  return { user, bar };
}

describe('timers started again after a break', { timeout: 90_000 }, () => {
  let server: ContractServer;
  let running: TimeTrack[];
  let active: UserTimeTrack;
  beforeEach(() => {
    running = [timer(huber, 600)];
    active = runningWorkingTime(['work']);
    server = serveContract({
      managementGetTenantConsent: granted,
      timeTracksGetMy: () => page(running, { pageSize: 50 }),
      timeTracksStop: ({ body }) => {
        const stopped = { ...running.find((t) => t.id === (body as { id: string }).id)!, status: 'stopped' as const, endedAtUtc: new Date().toISOString() };
        running = [];
        return stopped;
      },
      timeTracksStart: () => {
        const started = timer(huber, 0);
        running = [started];
        return started;
      },
      userTimeTracksGetActive: () => active,
      userTimeTracksStop: () => active,
      userTimeTracksAppendSegment: ({ body }) => (active = runningWorkingTime((body as { kind: string }).kind === 'break' ? ['work', 'break'] : ['work', 'break', 'work'])),
      customersGetAll: page([huber], { pageSize: 50 }),
    });
  });

  it('record their start position when the firm has given the GPS consent', async () => {
    const { user, bar } = await startBreakPausingTimer();
    await waitFor(() => expect(server.calls('userTimeTracksAppendSegment')).toHaveLength(1));
    await user.click(await within(bar).findByRole('button', { name: 'Pause beenden' }));
    await waitFor(() => expect(server.calls('timeTracksStart')).toHaveLength(1));
    expect(server.calls('timeTracksStart')[0].body).toEqual({ customerId: huber.id, description: null, position: here });
  });

  it('are stopped at the break start with the position of the break start, paused or stopped', async () => {
    await startBreakPausingTimer();
    await waitFor(() => expect(server.calls('userTimeTracksAppendSegment')).toHaveLength(1));
    expect(server.calls('timeTracksStop')).toHaveLength(1);
    expect(server.calls('timeTracksStop')[0].body).toEqual({ id: expect.any(String), position: here });
  });

  it('are stopped at clock-out with the position of the clock-out', async () => {
    const { user, bar } = await openBar();
    await user.click(await within(bar).findByRole('button', { name: 'Ausstempeln' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ausstempeln: Ihr Kunden-Timer' });
    await user.click(within(dialog).getByRole('button', { name: 'Ausstempeln' }));
    await waitFor(() => expect(server.calls('userTimeTracksStop')).toHaveLength(1));
    expect(server.calls('userTimeTracksStop')[0].body).toEqual({ position: here });
    expect(server.calls('timeTracksStop')[0].body).toEqual({ id: expect.any(String), position: here });
  });
});

describe('the field screens say when no position is recorded', { timeout: 30_000 }, () => {
  const shell = () =>
    serveContract({
      userTimeTracksGetActive: null,
      userTimeTracksGetListGrouped: page([], { pageSize: 500 }),
      timeTracksGetMyTotals: { todaySeconds: 0, weekSeconds: 0, monthSeconds: 0 },
      usersGetAll: page([]),
      customersGetAll: page([huber], { pageSize: 50 }),
    });

  it('without the firm’s consent: on the clock-in card, with the way to the consent for the back office', async () => {
    deviceWithLocation();
    shell();
    injectSession({ roles: ['Owner'] });
    await renderApp('/timetracking');
    const notice = await screen.findByTestId('gps-notice');
    expect(notice).toHaveTextContent('Es werden keine Positionen erfasst: Ihre Firma hat der Standorterfassung bei Start und Stopp nicht zugestimmt.');
    expect(within(notice).getByRole('link', { name: 'Einwilligung im Firmenprofil erteilen' })).toHaveAttribute('href', '/profile?tab=3');
  });

  it('without the firm’s consent: in the timer dialog of an Employee, who is told who can give it', async () => {
    deviceWithLocation();
    shell();
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await user.click(await within(bar).findByRole('button', { name: /Timer starten/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Timer starten' });
    const notice = await within(dialog).findByTestId('gps-notice');
    expect(notice).toHaveTextContent('Eine Führungskraft Ihrer Firma kann die Einwilligung erteilen.');
  });

  it('says nothing when positions are recorded', async () => {
    deviceWithLocation();
    const server = shell();
    server.use({ managementGetTenantConsent: granted });
    injectSession({ roles: ['Employee'] });
    const { queryClient } = await renderApp('/timetracking');
    await screen.findAllByRole('button', { name: 'Einstempeln' });
    // The consent has arrived (the notice waits for it), and still no notice.
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: [{ _id: 'managementGetTenantConsent' }] }).map((q) => q.state.status)).toContain('success'),
    );
    expect(screen.queryByTestId('gps-notice')).toBeNull();
  });

  it('names the browser when it refuses the location', async () => {
    deviceWithLocation('denied');
    const server = shell();
    server.use({ managementGetTenantConsent: granted });
    injectSession({ roles: ['Employee'] });
    await renderApp('/timetracking');
    expect(await screen.findByTestId('gps-notice')).toHaveTextContent('Dieser Browser gibt den Standort für Fieldbook nicht frei.');
  });
});

describe('onboarding', { timeout: 60_000 }, () => {
  it('asks the Owner about GPS and AI with the reasons, and stores only what was granted', async () => {
    injectSession({ roles: ['Owner'] });
    const stored = JSON.parse(window.localStorage.getItem('fieldbook-session')!);
    window.localStorage.setItem('fieldbook-session', JSON.stringify({ ...stored, firstName: null, lastName: null }));
    const { reloadSession } = await import('../../src/lib/session');
    reloadSession();
    const tenant = tenantProfile();
    const server = serveContract({
      managementGetTenant: { ...tenant, name: 'anna', companyName: null },
      usersUpdateMe: ({ body }) => account({ ...(body as object), roles: ['Owner'] }),
      managementUpdateTenant: ({ body }) => ({ ...tenant, ...(body as object) }),
      managementUpdateTenantConsent: granted,
      usersGetAll: page([]),
    });
    const user = userEvent.setup();
    await renderApp('/profile?tab=1');
    const details = await screen.findByRole('dialog', { name: 'Willkommen bei Fieldbook' }, { timeout: 15_000 });
    await user.type(await within(details).findByRole('textbox', { name: /Vorname/ }), 'Anna');
    await user.type(within(details).getByRole('textbox', { name: /Nachname/ }), 'Schneider');
    await user.click(within(details).getByRole('button', { name: "Los geht's" }));

    const consents = await screen.findByRole('dialog', { name: 'Standort und KI' }, { timeout: 15_000 });
    expect(consents).toHaveTextContent('Ohne Einwilligung werden keine Positionen erfasst.');
    expect(consents).toHaveTextContent('Ohne Einwilligung bleiben die KI-Funktionen aus.');
    const gps = within(consents).getByRole('switch', { name: 'Standort bei Start und Stopp erfassen' });
    const ai = within(consents).getByRole('switch', { name: 'KI-Funktionen nutzen' });
    expect(gps).not.toBeChecked();
    expect(ai).not.toBeChecked();
    expect(within(consents).getByRole('button', { name: 'Ohne diese Funktionen abschließen' })).toBeInTheDocument();
    await user.click(gps);
    await user.click(within(consents).getByRole('button', { name: 'Speichern und abschließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Standort und KI' })).not.toBeInTheDocument());
    expect(server.calls('managementUpdateTenantConsent').map((c) => c.body)).toEqual([{ purpose: 'gps', granted: true }]);
  });
});
