/**
 * The running-timers bar and /timetracking against a fake API that keeps state like the server:
 * timers from GetMy (also ones started on another device), stop in one tap, start by searching a
 * customer, clock in, break and clock out; the member overview for an Employee (own days only)
 * and a Manager (member picker, all members), segment deletion after a confirmation.
 */
import 'fake-indexeddb/auto';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeTrack, UserTimeTrack, UserTimeTrackGroup } from '../../generated/api/types.gen';
import { firm, ids, member, page, runningWorkingTime, timer, workingDay, workingTime } from './contract-data';
import { failure, serveContract, type ContractServer } from './contract-server';
import { clearOfflineData, getRefused, keepOfflineData } from '../../src/lib/offline-queue';
import { injectSession, renderApp } from './helpers';

const huber = firm('Bäckerei Huber', { id: '7b1e4c2a-9d3f-4e8b-a1c5-2f6d8e0b3a71', city: 'München', zip: '80331' });
const weber = firm('Praxis Dr. Weber', { id: '8c2f5d3b-0e4a-4f9c-b2d6-3a7e9f1c4b82', city: 'Garching', zip: '85748' });
const customers = [huber, weber];

const workingTrack = (kinds: ('work' | 'break')[]) => runningWorkingTime(kinds, { workSeconds: 60 });

const day = (label: string, periodStart: string, track: UserTimeTrack | null, warnings: string[] = []): UserTimeTrackGroup =>
  workingDay({
    periodStart,
    label,
    workSeconds: track ? 7 * 3600 : 0,
    breakSeconds: track ? 900 : 0,
    overtimeSeconds: track ? -3600 : -8 * 3600,
    warnings: warnings.map((message) => ({ code: 'BREAK_TOO_SHORT', message, date: periodStart.slice(0, 10) })),
    tracks: track ? [track] : [],
  });

const endedShift: UserTimeTrack = workingTime(
  [
    { id: '6f3a1d8b-2e5c-4b7f-9a0d-1c4e7b2f5a61', kind: 'work', startedAtUtc: '2026-11-20T06:00:00Z', endedAtUtc: '2026-11-20T10:00:00Z' },
    { id: '6f3a1d8b-2e5c-4b7f-9a0d-1c4e7b2f5a62', kind: 'break', startedAtUtc: '2026-11-20T10:00:00Z', endedAtUtc: '2026-11-20T10:15:00Z' },
    { id: '6f3a1d8b-2e5c-4b7f-9a0d-1c4e7b2f5a63', kind: 'work', startedAtUtc: '2026-11-20T10:15:00Z', endedAtUtc: '2026-11-20T13:15:00Z' },
  ],
  { id: '2c8e5a1f-7d3b-4e9a-a6c2-4f1b8d0e3c57', endedAtUtc: '2026-11-20T13:15:00Z', active: false, workSeconds: 7 * 3600, breakSeconds: 900 },
);

interface FakeState {
  running: TimeTrack[];
  stopped: TimeTrack[];
  active: UserTimeTrack | null;
  groups: UserTimeTrackGroup[];
}
let state: FakeState;
let server: ContractServer;
/** The member picker (a Mantine Select: the label also names its dropdown). */
const memberPicker = () => screen.queryAllByLabelText('Mitarbeiter').find((el) => el.tagName === 'INPUT');
const calls = (pathname: string) => server.calls().filter((c) => c.url.pathname === pathname);

/** A fake that keeps state like the server and honours the filters the screens send. */
beforeEach(() => {
  state = { running: [], stopped: [], active: null, groups: [] };
  server = serveContract({
    timeTracksGetMy: ({ query }) =>
      page([...(query.includeRunning === 'true' ? state.running : []), ...(query.includeStopped === 'true' ? state.stopped : [])], { pageSize: 50 }),
    timeTracksStop: ({ body }) => {
      const { id } = body as { id: string };
      const stopped = { ...state.running.find((t) => t.id === id)!, status: 'stopped' as const, endedAtUtc: new Date().toISOString() };
      state.running = state.running.filter((t) => t.id !== id);
      state.stopped.push(stopped);
      return stopped;
    },
    timeTracksStart: ({ body }) => {
      const { customerId, id } = body as { customerId: string; id?: string };
      const started = { ...timer(customers.find((c) => c.id === customerId)!, 0), ...(id ? { id } : {}) };
      state.running.push(started);
      return started;
    },
    customersGetAll: ({ query }) => {
      const filter = (query.filter as string | undefined)?.toLowerCase();
      return page(customers.filter((c) => !filter || c.displayName.toLowerCase().includes(filter)), { pageSize: 50 });
    },
    userTimeTracksGetActive: () => state.active,
    userTimeTracksStart: () => (state.active = workingTrack(['work'])),
    userTimeTracksAppendSegment: ({ body }) =>
      (state.active = workingTrack((body as { kind: string }).kind === 'break' ? ['work', 'break'] : ['work', 'break', 'work'])),
    userTimeTracksStop: () => {
      const ended = { ...state.active!, active: false, endedAtUtc: new Date().toISOString() };
      state.active = null;
      return ended;
    },
    // As the server: `includeTracks=false` answers the groups without their shifts.
    userTimeTracksGetListGrouped: ({ query }) => page(query.includeTracks === 'false' ? state.groups.map((g) => ({ ...g, tracks: [] })) : state.groups, { pageSize: 500 }),
    userTimeTracksDeleteSegment: endedShift,
    timeTracksGetMyTotals: { todaySeconds: 3600, weekSeconds: 7200, monthSeconds: 10800 },
    // The product catalogue kept on the device is fetched a few seconds after the start and when the connection returns.
    productsGetAll: page([], { pageSize: 500 }),
    usersGetAll: page([
      member({ id: ids.me, firstName: 'Anna', lastName: 'Schneider' }),
      member({ id: ids.colleague, firstName: 'Jonas', lastName: 'Weber' }),
    ]),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('running-timers bar', { timeout: 40_000 }, () => {
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
    expect(stop[0].body).toEqual({ id: expect.any(String), position: null });
    // The bar asks for running timers only; the stopped one stays away.
    expect(calls('/api/TimeTracks/GetMy').at(-1)!.query).toMatchObject({ includeRunning: 'true', includeStopped: 'false' });
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
    expect(await within(dialog).findByRole('button', { name: /^Praxis Dr\. Weber.*Läuft/ })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Kunde'), 'hub');
    await waitFor(() => expect(calls('/api/Customers/GetAll').some((c) => c.query.filter === 'hub')).toBe(true));
    await waitFor(() => expect(within(dialog).queryByText('Praxis Dr. Weber')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: /^Bäckerei Huber.*Timer starten/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('/api/TimeTracks/Start')[0].body).toEqual({ customerId: huber.id, id: expect.stringMatching(/^[0-9a-f-]{36}$/), description: null, position: null });
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
    expect(calls('/api/UserTimeTracks/AppendSegment')[0].body).toEqual({ kind: 'break' });
    await user.click(within(bar).getByRole('button', { name: 'Pause beenden' }));
    await within(bar).findByText(/^Arbeit /);
    expect(calls('/api/UserTimeTracks/AppendSegment')[1].body).toEqual({ kind: 'work' });
    await user.click(within(bar).getByRole('button', { name: 'Ausstempeln' }));
    await within(bar).findByRole('button', { name: 'Einstempeln' });
    expect(calls('/api/UserTimeTracks/Stop')).toHaveLength(1);
  });
});

describe('timers and the working day offline (decision 0048)', { timeout: 40_000 }, () => {
  const stopKeeping: (() => void)[] = [];
  afterEach(async () => {
    for (const stop of stopKeeping.splice(0)) stop();
    onlineManager.setOnline(true);
    await clearOfflineData();
  });
  const body = (pathname: string) => calls(pathname).map((c) => c.body as { id?: string; atUtc?: string; kind?: string });

  it('stops a timer started offline before its start is sent: shown stopped and waiting, then sent after the start, named by its id, at the moments tapped', async () => {
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    const { queryClient } = await renderApp('/customerlist');
    stopKeeping.push(keepOfflineData(queryClient));
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await within(bar).findByRole('button', { name: 'Einstempeln' });
    onlineManager.setOnline(false);
    await user.click(within(bar).getByRole('button', { name: 'Timer starten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Timer starten' });
    await user.click(await within(dialog).findByRole('button', { name: /^Bäckerei Huber.*Timer starten/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The chips of what waits load with the first waiting change (their own chunk).
    const chip = await within(bar).findByTestId('waiting-timer', {}, { timeout: 10_000 });
    expect(within(chip).getByRole('timer')).toBeInTheDocument();
    await user.click(within(chip).getByRole('button', { name: 'Timer für Bäckerei Huber stoppen' }));
    await waitFor(() => expect(within(bar).getByTestId('waiting-timer')).toHaveTextContent(/Bäckerei Huber.*Gestoppt.*Wartet auf Verbindung/));
    expect(calls('/api/TimeTracks/Start')).toHaveLength(0);

    onlineManager.setOnline(true);
    await waitFor(() => expect(calls('/api/TimeTracks/Stop')).toHaveLength(1));
    const [start] = body('/api/TimeTracks/Start');
    const [stop] = body('/api/TimeTracks/Stop');
    expect(calls('/api/TimeTracks/Start')).toHaveLength(1);
    expect(stop.id).toBe(start.id);
    expect(Date.parse(stop.atUtc!)).toBeGreaterThanOrEqual(Date.parse(start.atUtc!));
    expect(state.running).toHaveLength(0);
    expect(state.stopped.map((t) => t.id)).toEqual([start.id]);
    await waitFor(() => expect(within(bar).queryByTestId('waiting-timer')).not.toBeInTheDocument());
  });

  it('does not send the stop of a timer whose start was refused: both wait in the “Nicht gesendet” list, saying why', async () => {
    server.use({ timeTracksStart: failure(400, 'CUSTOMER_ARCHIVED', 'Der Kunde ist archiviert; für ihn kann keine Zeit mehr erfasst werden.') });
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    const { queryClient } = await renderApp('/customerlist');
    stopKeeping.push(keepOfflineData(queryClient));
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    onlineManager.setOnline(false);
    await user.click(within(bar).getByRole('button', { name: 'Timer starten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Timer starten' });
    await user.click(await within(dialog).findByRole('button', { name: /^Bäckerei Huber.*Timer starten/ }));
    await user.click(await within(bar).findByRole('button', { name: 'Timer für Bäckerei Huber stoppen' }, { timeout: 10_000 }));
    await within(bar).findByText('Gestoppt');

    onlineManager.setOnline(true);
    await waitFor(() => expect(getRefused()).toHaveLength(2));
    expect(calls('/api/TimeTracks/Start')).toHaveLength(1);
    expect(calls('/api/TimeTracks/Stop')).toHaveLength(0);
    expect(getRefused().map((c) => [c.name, c.messages])).toEqual([
      ['timerStart', ['Der Kunde ist archiviert; für ihn kann keine Zeit mehr erfasst werden.']],
      ['timerStop', ['Der Start dieses Timers wurde nicht gesendet, also kann auch sein Stopp nicht gesendet werden. Senden Sie zuerst den Start erneut, oder verwerfen Sie beide.']],
    ]);
    await screen.findByText('2 Änderungen nicht gesendet');
  });

  it('clocks in offline and takes a break and clocks out before the clock-in is sent; all three are sent in order at the moments tapped', async () => {
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await within(bar).findByRole('button', { name: 'Einstempeln' });
    onlineManager.setOnline(false);
    await user.click(within(bar).getByRole('button', { name: 'Einstempeln' }));
    await within(bar).findByText(/^Arbeit \d+:\d\d:\d\d$/);
    expect(within(bar).getByLabelText('Wartet auf Verbindung')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Pause beginnen' }));
    await within(bar).findByText(/^Pause \d+:\d\d:\d\d$/);
    await user.click(within(bar).getByRole('button', { name: 'Ausstempeln' }));
    await within(bar).findByRole('button', { name: 'Einstempeln' });
    expect(calls('/api/UserTimeTracks/Start')).toHaveLength(0);

    onlineManager.setOnline(true);
    await waitFor(() => expect(calls('/api/UserTimeTracks/Stop')).toHaveLength(1));
    const moments = [...body('/api/UserTimeTracks/Start'), ...body('/api/UserTimeTracks/AppendSegment'), ...body('/api/UserTimeTracks/Stop')];
    expect(moments.map((m) => m.kind ?? null)).toEqual([null, 'break', null]);
    const times = moments.map((m) => Date.parse(m.atUtc!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const order = server.calls().map((c) => c.url.pathname).filter((p) => p.startsWith('/api/UserTimeTracks/') && !p.endsWith('GetActive'));
    expect(order).toEqual(['/api/UserTimeTracks/Start', '/api/UserTimeTracks/AppendSegment', '/api/UserTimeTracks/Stop']);
  });
});

describe('customer timers at a break and at clock-out', { timeout: 30_000 }, () => {
  it('asks at a break; paused timers stop now and start again for the same customers when the break ends', async () => {
    state.running = [timer(huber, 600)];
    state.active = workingTrack(['work']);
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await within(bar).findByText('Bäckerei Huber');
    await user.click(await within(bar).findByRole('button', { name: 'Pause beginnen' }));
    // One timer: every sentence speaks of one (singular and plural agree).
    const dialog = await screen.findByRole('dialog', { name: 'Pause: Ihr Kunden-Timer' });
    expect(within(dialog).getByText('Dieser Kunden-Timer läuft:')).toBeInTheDocument();
    expect(within(dialog).getByText('Was soll mit ihm geschehen?')).toBeInTheDocument();
    expect(within(dialog).getByText('Bäckerei Huber')).toBeInTheDocument();
    // Nothing happens before the member decides.
    expect(calls('/api/UserTimeTracks/AppendSegment')).toHaveLength(0);
    expect(within(dialog).getByRole('radio', { name: 'Jetzt stoppen' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Anhalten und nach der Pause fortsetzen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pause beginnen' }));
    await waitFor(() => expect(calls('/api/UserTimeTracks/AppendSegment')).toHaveLength(1));
    expect(calls('/api/TimeTracks/Stop').map((c) => c.body)).toEqual([{ id: expect.any(String), position: null }]);
    expect(calls('/api/UserTimeTracks/AppendSegment')[0].body).toEqual({ kind: 'break' });
    await waitFor(() => expect(within(bar).queryByText('Bäckerei Huber')).not.toBeInTheDocument());

    await user.click(await within(bar).findByRole('button', { name: 'Pause beenden' }));
    await waitFor(() => expect(calls('/api/TimeTracks/Start')).toHaveLength(1));
    expect(calls('/api/UserTimeTracks/AppendSegment')[1].body).toEqual({ kind: 'work' });
    expect(calls('/api/TimeTracks/Start')[0].body).toEqual({ customerId: huber.id, description: null, position: null });
    expect(await screen.findByText('1 Kunden-Timer läuft weiter.')).toBeInTheDocument();
  });

  it('asks at clock-out, keeps them running when told so, and preselects that choice next time', async () => {
    state.running = [timer(huber, 600), timer(weber, 60)];
    state.active = workingTrack(['work']);
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await within(bar).findByText('Praxis Dr. Weber');
    await user.click(await within(bar).findByRole('button', { name: 'Ausstempeln' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ausstempeln: Ihre Kunden-Timer' });
    expect(within(dialog).getByText('Diese Kunden-Timer laufen:')).toBeInTheDocument();
    expect(within(dialog).getByText('Was soll mit ihnen geschehen?')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /nach der Pause/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Weiterlaufen lassen' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Diese Wahl beim nächsten Mal vorauswählen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ausstempeln' }));
    await waitFor(() => expect(calls('/api/UserTimeTracks/Stop')).toHaveLength(1));
    expect(calls('/api/TimeTracks/Stop')).toHaveLength(0);
    expect(within(bar).getAllByTestId('running-timer')).toHaveLength(2);

    await user.click(await within(bar).findByRole('button', { name: 'Einstempeln' }));
    await user.click(await within(bar).findByRole('button', { name: 'Ausstempeln' }));
    dialog = await screen.findByRole('dialog', { name: 'Ausstempeln: Ihre Kunden-Timer' });
    expect(within(dialog).getByRole('radio', { name: 'Weiterlaufen lassen' })).toBeChecked();
  });

  it('speaks of one timer as one in English too', async () => {
    state.running = [timer(huber, 600)];
    state.active = workingTrack(['work']);
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/customerlist', { locale: 'en' });
    const bar = await screen.findByRole('region', { name: 'Running timers and working time' });
    await within(bar).findByText('Bäckerei Huber');
    await user.click(await within(bar).findByRole('button', { name: 'Clock out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clock out: your customer timer' });
    expect(within(dialog).getByText('This customer timer is running:')).toBeInTheDocument();
    expect(within(dialog).getByText('What should happen to it?')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Stop it now' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Keep it running' })).toBeInTheDocument();
  });

  it('does not ask when no customer timer runs', async () => {
    state.active = workingTrack(['work']);
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' });
    await user.click(await within(bar).findByRole('button', { name: 'Pause beginnen' }));
    await waitFor(() => expect(calls('/api/UserTimeTracks/AppendSegment')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/timetracking', { timeout: 40_000 }, () => {
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
    const grouped = calls('/api/UserTimeTracks/GetListGrouped')[0].query;
    expect(grouped.grouping).toBe('day');
    expect(grouped.fillEmpty).toBe('true');
    expect(grouped.ownerId).toBeUndefined();
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
    expect(calls('/api/UserTimeTracks/DeleteSegment')[0].body).toEqual({
      userTimeTrackId: endedShift.id,
      segmentId: endedShift.segments[1].id,
    });

    await user.click(screen.getByRole('switch', { name: 'Tage ohne Arbeit zeigen' }));
    await waitFor(() => expect(within(table).getAllByTestId('work-day')).toHaveLength(2));
  });

  it('names the days a week row covers (up to the chosen range), not a time of day', async () => {
    // Local midnights, as the server sends the firm's zone: the row must read the same in any zone.
    state.groups = [
      workingDay({
        label: 'KW 47/2026',
        periodStart: new Date(2026, 10, 16).toISOString(),
        periodEnd: new Date(2026, 10, 23).toISOString(),
        workSeconds: 7 * 3600,
        breakSeconds: 900,
        targetSeconds: 4 * 8 * 3600,
        overtimeSeconds: 7 * 3600 - 4 * 8 * 3600,
        tracks: [endedShift],
      }),
    ];
    injectSession({ roles: ['Employee'] });
    await renderApp('/timetracking?period=manual&from=2026-11-17&to=2026-11-22&grouping=week');
    const table = await screen.findByRole('table', { name: 'Arbeitszeit nach Zeitraum' });
    expect(calls('/api/UserTimeTracks/GetListGrouped')[0].query.grouping).toBe('week');
    const row = within(table).getByTestId('work-day');
    expect(within(table).getByRole('columnheader', { name: 'Tage' })).toBeInTheDocument();
    expect(row).toHaveTextContent('KW 47/2026');
    expect(row).toHaveTextContent('17.11. – 22.11.2026');
    expect(row).not.toHaveTextContent(/\d{2}:\d{2} – /);

    // A week comes without its shifts; opening it asks for them: its period inside the range.
    const list = calls('/api/UserTimeTracks/GetListGrouped')[0].query;
    expect(list.includeTracks).toBe('false');
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Details zu KW 47/2026 zeigen' }));
    await waitFor(() => expect(within(table).getAllByTestId('segment')).toHaveLength(3));
    const shifts = calls('/api/UserTimeTracks/GetListGrouped')[1].query;
    expect(shifts).toMatchObject({ grouping: 'week', fromDate: list.fromDate, toDate: list.toDate, pageSize: '1' });
    expect(shifts.includeTracks).toBeUndefined();
    expect(within(table).getByTestId('shift')).toHaveTextContent(/^Fr\.?, 20\.11\./);
  });

  it('loads the days of more than a month without their shifts, and an opened day asks for its own', async () => {
    state.groups = [{ ...day('Fr, 20.11.2026', '2026-11-19T23:00:00Z', endedShift), periodEnd: '2026-11-20T23:00:00Z' }];
    injectSession({ roles: ['Employee'] });
    const user = userEvent.setup();
    await renderApp('/timetracking?period=manual&from=2026-01-01&to=2026-11-22');
    const table = await screen.findByRole('table', { name: 'Arbeitszeit nach Zeitraum' });
    const row = within(table).getByTestId('work-day');
    // The day's from – to comes from the group's span, without its shift.
    expect(row).toHaveTextContent(/\d{2}:\d{2} – \d{2}:\d{2}/);
    expect(calls('/api/UserTimeTracks/GetListGrouped')[0].query).toMatchObject({ grouping: 'day', includeTracks: 'false' });
    await user.click(within(table).getByRole('button', { name: 'Details zu Fr, 20.11.2026 zeigen' }));
    await waitFor(() => expect(within(table).getAllByTestId('segment')).toHaveLength(3));
    expect(calls('/api/UserTimeTracks/GetListGrouped')[1].query).toMatchObject({ grouping: 'day', fromDate: '2026-11-19T23:00:00Z', toDate: '2026-11-20T23:00:00Z', pageSize: '1' });
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
    const owners = calls('/api/UserTimeTracks/GetListGrouped').map((c) => c.query.ownerId);
    expect(owners).toEqual(expect.arrayContaining([ids.me, ids.colleague]));
    // The overview of all members shows totals only: no member's shifts are sent.
    const overview = calls('/api/UserTimeTracks/GetListGrouped').filter((c) => c.query.ownerId === ids.colleague);
    expect(overview.map((c) => c.query.includeTracks)).toEqual(overview.map(() => 'false'));
    await user.click(within(table).getByText('Jonas Weber'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ member: ids.colleague }));
  });
});
