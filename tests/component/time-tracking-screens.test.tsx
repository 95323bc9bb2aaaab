/**
 * The running-timers bar and /timetracking against a fake API that keeps state like the server:
 * timers from GetMy (also ones started on another device), stop in one tap, start by searching a
 * customer, clock in, break and clock out; the member overview for an Employee (own days only)
 * and a Manager (member picker, all members), segment deletion after a confirmation.
 */
import { focusManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeTrack, UserTimeTrack, UserTimeTrackGroup } from '../../generated/api/types.gen';
import { client, configureApiClient } from '../../src/lib/api-client';
import { injectSession, renderApp } from './helpers';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ isSuccess: true, data, errorMessages: [], errors: {}, successMessage: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const page = (items: unknown[]) => ({ totalCount: items.length, page: 1, pageSize: 50, items });

const huber = { id: '7b1e4c2a-9d3f-4e8b-a1c5-2f6d8e0b3a71', displayName: 'Bäckerei Huber', companyName: 'Bäckerei Huber', city: 'München', zip: '80331' };
const weber = { id: '8c2f5d3b-0e4a-4f9c-b2d6-3a7e9f1c4b82', displayName: 'Praxis Dr. Weber', companyName: 'Praxis Dr. Weber', city: 'Garching', zip: '85748' };
const customers = [huber, weber].map((c) => ({
  firstName: null,
  lastName: null,
  phone: null,
  email: null,
  street: null,
  country: 'DE',
  hourlyRate: null,
  externalId: null,
  archived: false,
  createdAtUtc: '2026-11-20T08:00:00Z',
  updatedAtUtc: '2026-11-20T08:00:00Z',
  ...c,
}));

function timer(customer: { id: string; displayName: string }, secondsAgo: number): TimeTrack {
  const started = new Date(Date.now() - secondsAgo * 1000).toISOString();
  return {
    id: crypto.randomUUID(),
    customerId: customer.id,
    customerName: customer.displayName,
    ownerId: 'user-1',
    ownerName: 'Anna Schneider',
    description: null,
    startedAtUtc: started,
    endedAtUtc: null,
    durationSeconds: secondsAgo,
    status: 'running',
    startPosition: null,
    endPosition: null,
    processed: false,
    archived: false,
    locked: false,
    createdAtUtc: started,
    updatedAtUtc: started,
  };
}

function workingTrack(kinds: ('work' | 'break')[]): UserTimeTrack {
  const start = Date.now() - kinds.length * 60_000;
  return {
    id: crypto.randomUUID(),
    ownerId: 'user-1',
    ownerName: 'Anna Schneider',
    startedAtUtc: new Date(start).toISOString(),
    endedAtUtc: null,
    active: true,
    segments: kinds.map((kind, i) => ({
      id: crypto.randomUUID(),
      kind,
      startedAtUtc: new Date(start + i * 60_000).toISOString(),
      endedAtUtc: i === kinds.length - 1 ? null : new Date(start + (i + 1) * 60_000).toISOString(),
    })),
    workSeconds: 60,
    breakSeconds: 0,
    processed: false,
    startPosition: null,
    endPosition: null,
    warnings: [],
  };
}

const day = (label: string, periodStart: string, track: UserTimeTrack | null, warnings: string[] = []): UserTimeTrackGroup => ({
  periodStart,
  periodEnd: periodStart,
  label,
  workSeconds: track ? 7 * 3600 : 0,
  breakSeconds: track ? 900 : 0,
  targetSeconds: 8 * 3600,
  overtimeSeconds: track ? -3600 : -8 * 3600,
  warnings: warnings.map((message) => ({ code: 'BREAK_TOO_SHORT', message, date: periodStart.slice(0, 10) })),
  tracks: track ? [track] : [],
});

const endedShift: UserTimeTrack = {
  id: '2c8e5a1f-7d3b-4e9a-a6c2-4f1b8d0e3c57',
  ownerId: 'user-1',
  ownerName: 'Anna Schneider',
  startedAtUtc: '2026-11-20T06:00:00Z',
  endedAtUtc: '2026-11-20T13:15:00Z',
  active: false,
  segments: [
    { id: '6f3a1d8b-2e5c-4b7f-9a0d-1c4e7b2f5a61', kind: 'work', startedAtUtc: '2026-11-20T06:00:00Z', endedAtUtc: '2026-11-20T10:00:00Z' },
    { id: '6f3a1d8b-2e5c-4b7f-9a0d-1c4e7b2f5a62', kind: 'break', startedAtUtc: '2026-11-20T10:00:00Z', endedAtUtc: '2026-11-20T10:15:00Z' },
    { id: '6f3a1d8b-2e5c-4b7f-9a0d-1c4e7b2f5a63', kind: 'work', startedAtUtc: '2026-11-20T10:15:00Z', endedAtUtc: '2026-11-20T13:15:00Z' },
  ],
  workSeconds: 7 * 3600,
  breakSeconds: 900,
  processed: false,
  startPosition: null,
  endPosition: null,
  warnings: [],
};

interface FakeState {
  running: TimeTrack[];
  active: UserTimeTrack | null;
  groups: UserTimeTrackGroup[];
}
let state: FakeState;
let fetchMock: ReturnType<typeof vi.fn<(input: Request | string) => Promise<Response>>>;
const requests = () => fetchMock.mock.calls.map((c) => c[0] as Request);
/** The member picker (a Mantine Select: the label also names its dropdown). */
const memberPicker = () => screen.queryAllByLabelText('Mitarbeiter').find((el) => el.tagName === 'INPUT');
const calls = (pathname: string) => requests().filter((r) => new URL(r.url).pathname === pathname);

beforeAll(() => {
  configureApiClient();
  client.setConfig({ baseUrl: 'http://localhost' });
});
beforeEach(() => {
  state = { running: [], active: null, groups: [] };
  fetchMock = vi.fn(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.clone().json().catch(() => undefined);
    switch (`${request.method} ${url.pathname}`) {
      case 'GET /api/TimeTracks/GetMy':
        return envelope(page(url.searchParams.get('includeStopped') === 'false' ? state.running : state.running));
      case 'POST /api/TimeTracks/Stop': {
        const stopped = state.running.find((t) => t.id === body.id)!;
        state.running = state.running.filter((t) => t.id !== body.id);
        return envelope({ ...stopped, status: 'stopped', endedAtUtc: new Date().toISOString() });
      }
      case 'POST /api/TimeTracks/Start': {
        const customer = customers.find((c) => c.id === body.customerId)!;
        const started = timer(customer, 0);
        state.running.push(started);
        return envelope(started);
      }
      case 'GET /api/Customers/GetAll': {
        const filter = url.searchParams.get('filter')?.toLowerCase();
        return envelope(page(customers.filter((c) => !filter || c.displayName.toLowerCase().includes(filter))));
      }
      case 'GET /api/UserTimeTracks/GetActive':
        return envelope(state.active);
      case 'POST /api/UserTimeTracks/Start':
        state.active = workingTrack(['work']);
        return envelope(state.active);
      case 'POST /api/UserTimeTracks/AppendSegment':
        state.active = workingTrack(body.kind === 'break' ? ['work', 'break'] : ['work', 'break', 'work']);
        return envelope(state.active);
      case 'POST /api/UserTimeTracks/Stop': {
        const ended = { ...state.active!, active: false, endedAtUtc: new Date().toISOString() };
        state.active = null;
        return envelope(ended);
      }
      case 'GET /api/UserTimeTracks/GetListGrouped':
        return envelope({ totalCount: state.groups.length, page: 1, pageSize: 500, items: state.groups });
      case 'DELETE /api/UserTimeTracks/DeleteSegment':
        return envelope(endedShift);
      case 'GET /api/TimeTracks/GetMyTotals':
        return envelope({ todaySeconds: 3600, weekSeconds: 7200, monthSeconds: 10800 });
      case 'GET /api/Management/GetTenantConsent':
        return envelope({ purpose: 'gps', granted: false, grantedAtUtc: null, revokedAtUtc: null });
      case 'POST /api/Users/GetAll':
        return envelope(
          page(
            [
              ['user-1', 'Anna', 'Schneider'],
              ['5a2d9c6e-1f4b-4a7d-9e3c-8b0f2d4a6c13', 'Jonas', 'Weber'],
            ].map(([id, firstName, lastName]) => ({ id, firstName, lastName, email: `${firstName.toLowerCase()}@example.de`, archived: false })),
          ),
        );
      default:
        return new Response(JSON.stringify({ isSuccess: false, data: null, errorMessages: [{ code: 'NOT_FOUND', message: 'x' }], errors: {}, successMessage: null }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('running-timers bar', { timeout: 20_000 }, () => {
  it('shows each running timer with its customer and a ticking clock, and stops one in one tap', async () => {
    state.running = [timer(huber, 4980), timer(weber, 30)];
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    const chips = await within(bar).findAllByTestId('running-timer');
    expect(chips.map((c) => c.textContent)).toEqual([expect.stringContaining('Bäckerei Huber1:23:0'), expect.stringContaining('Praxis Dr. Weber0:00:')]);
    const first = within(chips[0]).getByLabelText(/^Läuft seit/).textContent;
    await waitFor(() => expect(within(chips[0]).getByLabelText(/^Läuft seit/).textContent).not.toBe(first), { timeout: 2500 });

    await user.click(within(bar).getByRole('button', { name: 'Timer für Bäckerei Huber stoppen' }));
    await waitFor(() => expect(within(bar).getAllByTestId('running-timer')).toHaveLength(1));
    const stop = calls('/api/TimeTracks/Stop');
    expect(stop).toHaveLength(1);
    expect(await stop[0].clone().json()).toEqual({ id: expect.any(String), position: null });
    expect(within(bar).getByText('Praxis Dr. Weber')).toBeInTheDocument();
  });

  it('shows a timer started on another device once the window has focus again', async () => {
    injectSession({ roles: ['Employee'] });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    await renderApp('/customerlist');
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await waitFor(() => expect(calls('/api/TimeTracks/GetMy').length).toBeGreaterThan(0));
    expect(within(bar).queryAllByTestId('running-timer')).toHaveLength(0);

    state.running = [timer(weber, 600)];
    vi.setSystemTime(Date.now() + 60_000);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(await within(bar).findByText('Praxis Dr. Weber')).toBeInTheDocument();
    focusManager.setFocused(undefined);
  });

  it('starts a timer by searching a customer; one already running cannot start twice', async () => {
    state.running = [timer(weber, 60)];
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await within(bar).findByText('Praxis Dr. Weber');
    await user.click(within(bar).getByRole('button', { name: 'Timer starten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Timer starten' });
    expect(await within(dialog).findByRole('listitem', { name: 'Praxis Dr. Weber: Timer läuft' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Kunde'), 'hub');
    await waitFor(() => expect(calls('/api/Customers/GetAll').some((r) => new URL(r.url).searchParams.get('filter') === 'hub')).toBe(true));
    await waitFor(() => expect(within(dialog).queryByText('Praxis Dr. Weber')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('listitem', { name: 'Timer für Bäckerei Huber starten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await calls('/api/TimeTracks/Start')[0].clone().json()).toEqual({ customerId: huber.id, description: null, position: null });
    await waitFor(() => expect(within(bar).getAllByTestId('running-timer')).toHaveLength(2));
  });

  it('clocks in, takes a break, ends it and clocks out', async () => {
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await user.click(await within(bar).findByRole('button', { name: 'Einstempeln' }));
    await within(bar).findByText(/^Arbeit \d+:\d\d:\d\d$/);
    await user.click(within(bar).getByRole('button', { name: 'Pause beginnen' }));
    await within(bar).findByText(/^Pause \d+:\d\d:\d\d$/);
    expect(await calls('/api/UserTimeTracks/AppendSegment')[0].clone().json()).toEqual({ kind: 'break' });
    await user.click(within(bar).getByRole('button', { name: 'Pause beenden' }));
    await within(bar).findByText(/^Arbeit /);
    expect(await calls('/api/UserTimeTracks/AppendSegment')[1].clone().json()).toEqual({ kind: 'work' });
    await user.click(within(bar).getByRole('button', { name: 'Ausstempeln' }));
    await within(bar).findByRole('button', { name: 'Einstempeln' });
    expect(calls('/api/UserTimeTracks/Stop')).toHaveLength(1);
  });
});

describe('/timetracking', { timeout: 20_000 }, () => {
  it('shows an Employee their own days with totals and warnings, and deletes a segment after asking', async () => {
    state.groups = [
      day('Sa, 21.11.2026', '2026-11-20T23:00:00Z', null),
      day('Fr, 20.11.2026', '2026-11-19T23:00:00Z', endedShift, ['Bei mehr als 6 Stunden Arbeit sind 30 Minuten Pause vorgeschrieben; erfasst sind 15 Minuten.']),
    ];
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/timetracking?period=lastWeek');
    const table = await screen.findByRole('table', { name: 'Arbeitszeit nach Zeitraum' });
    expect(memberPicker()).toBeUndefined();
    const grouped = new URL(calls('/api/UserTimeTracks/GetListGrouped')[0].url).searchParams;
    expect(grouped.get('grouping')).toBe('day');
    expect(grouped.get('fillEmpty')).toBe('true');
    expect(grouped.get('ownerId')).toBeNull();
    // days without work are hidden unless asked for; totals count every day
    expect(within(table).getAllByTestId('work-day')).toHaveLength(1);
    expect(within(table).getByText('Fr, 20.11.2026')).toBeInTheDocument();
    expect(screen.getByText('7:00 h', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('−9:00 h')).toBeInTheDocument();
    expect(within(table).getByLabelText('1 Hinweise')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Details zu Fr, 20.11.2026 zeigen' }));
    expect(await within(table).findByText(/erfasst sind 15 Minuten/)).toBeInTheDocument();
    const segments = within(table).getAllByTestId('segment');
    expect(segments).toHaveLength(3);
    await user.click(within(segments[1]).getByRole('button', { name: /^Pause .* löschen$/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Abschnitt löschen?' });
    expect(calls('/api/UserTimeTracks/DeleteSegment')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(calls('/api/UserTimeTracks/DeleteSegment')).toHaveLength(1));
    expect(await calls('/api/UserTimeTracks/DeleteSegment')[0].clone().json()).toEqual({
      userTimeTrackId: endedShift.id,
      segmentId: endedShift.segments[1].id,
    });

    await user.click(screen.getByRole('switch', { name: 'Tage ohne Arbeit zeigen' }));
    await waitFor(() => expect(within(table).getAllByTestId('work-day')).toHaveLength(2));
  });

  it('lets a Manager pick a member or all of them', async () => {
    state.groups = [day('Fr, 20.11.2026', '2026-11-19T23:00:00Z', endedShift)];
    injectSession({ roles: ['Manager'] });
    const user = userEvent.setup();
    const { router } = await renderApp('/timetracking?period=lastWeek');
    await screen.findByRole('table', { name: 'Arbeitszeit nach Zeitraum' });
    expect(calls('/api/Users/GetAll')).toHaveLength(1);
    await user.click(memberPicker()!);
    await user.click(await screen.findByRole('option', { name: 'Alle Mitarbeiter' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ member: 'all' }));
    const table = await screen.findByRole('table', { name: 'Arbeitszeit aller Mitarbeiter' });
    await within(table).findByText('Jonas Weber');
    const owners = calls('/api/UserTimeTracks/GetListGrouped').map((r) => new URL(r.url).searchParams.get('ownerId'));
    expect(owners).toEqual(expect.arrayContaining(['user-1', '5a2d9c6e-1f4b-4a7d-9e3c-8b0f2d4a6c13']));
    await user.click(within(table).getByText('Jonas Weber'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ member: '5a2d9c6e-1f4b-4a7d-9e3c-8b0f2d4a6c13' }));
  });
});
