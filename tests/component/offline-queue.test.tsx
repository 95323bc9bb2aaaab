/**
 * The queue of changes made offline, kept on the device (decision 0038): a queued change survives a
 * reload with its idempotency key and recorded moment and is sent once; a change the server refuses
 * after it waited goes to the "Nicht gesendet" list (kept across a reload too), to send again with
 * the same key or discard; logging out with changes waiting asks first and clears the device.
 */
import 'fake-indexeddb/auto';
import { MutationObserver, onlineManager, QueryClientProvider, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearOfflineData,
  discardRefused,
  flushOfflineData,
  getRefused,
  isWaiting,
  keepOfflineData,
  queuedMutation,
  registerQueuedChanges,
  restoreOfflineData,
  retryRefused,
  sendable,
} from '../../src/lib/offline-queue';
import { activateLocale } from '../../src/lib/i18n';
import { createQueryClient } from '../../src/lib/query-client';
import { getSession } from '../../src/lib/session';
import { account, emptyFirm, firm, ids, information, timer } from './contract-data';
import { failure, offline, serveContract } from './contract-server';
import { customersGetOptions } from '../../generated/api/@tanstack/react-query.gen';
import { injectSession, renderApp } from './helpers';
import { useWaitingList } from '../../src/components/waiting-changes';

const site = firm('Bäckerei Huber');

/** A fresh query client with the stored queue restored, as the app starts after a reload. */
async function startApp(): Promise<QueryClient> {
  const client = createQueryClient();
  registerQueuedChanges(client);
  const stop = keepOfflineData(client);
  stopKeeping.push(stop);
  await restoreOfflineData(client, ids.me);
  return client;
}

const stopKeeping: (() => void)[] = [];

function recordNote(client: QueryClient, key: string, occurredAtUtc: string) {
  const observer = new MutationObserver(client, queuedMutation('entryCreate'));
  void observer.mutate({ body: { customerId: site.id, subType: 'note', text: 'Zählerschrank ohne Platz', occurredAtUtc }, headers: { 'Idempotency-Key': key } }).catch(() => undefined);
}

const waiting = (client: QueryClient) => client.getMutationCache().getAll().filter(isWaiting);

// Refusals are described in the app's language (the list keeps the server's message, toasts ours).
beforeEach(async () => {
  await activateLocale('de');
});

afterEach(async () => {
  for (const stop of stopKeeping.splice(0)) stop();
  onlineManager.setOnline(true);
  await clearOfflineData();
});

describe('the offline queue', () => {
  it('keeps a change made offline across a reload, with its key and moment, and sends it once', async () => {
    injectSession();
    const server = serveContract({ informationCreate: (call) => information(site, { text: 'Zählerschrank ohne Platz', occurredAtUtc: (call.body as { occurredAtUtc: string }).occurredAtUtc }) });
    onlineManager.setOnline(false);
    const before = await startApp();
    const tapped = new Date(Date.now() - 60_000).toISOString();
    recordNote(before, 'key-note-1', tapped);
    await waitFor(() => expect(waiting(before)).toHaveLength(1));
    await flushOfflineData();

    // The page reloads: a new client restores the queue from IndexedDB, still offline.
    const after = await startApp();
    expect(waiting(after)).toHaveLength(1);
    expect(server.calls('informationCreate')).toHaveLength(0);

    onlineManager.setOnline(true);
    await after.resumePausedMutations();
    await waitFor(() => expect(waiting(after)).toHaveLength(0));
    const sent = server.calls('informationCreate');
    expect(sent).toHaveLength(1);
    expect(sent[0].request.headers.get('Idempotency-Key')).toBe('key-note-1');
    expect(sent[0].body).toMatchObject({ subType: 'note', occurredAtUtc: tapped });

    // Sent: another reload finds nothing to send again.
    await flushOfflineData();
    const later = await startApp();
    expect(later.getMutationCache().getAll()).toHaveLength(0);
    await later.resumePausedMutations();
    expect(server.calls('informationCreate')).toHaveLength(1);
  });

  it('lists a change refused after it waited, across a reload, to send again with its key or discard', async () => {
    injectSession();
    const server = serveContract({ informationCreate: failure(409, 'ENTRY_LOCKED', 'Der Kunde ist archiviert.') });
    onlineManager.setOnline(false);
    const client = await startApp();
    recordNote(client, 'key-refused', new Date().toISOString());
    await waitFor(() => expect(waiting(client)).toHaveLength(1));
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await waitFor(() => expect(getRefused()).toHaveLength(1));
    expect(getRefused()[0]).toMatchObject({ id: 'key-refused', name: 'entryCreate', messages: ['Der Kunde ist archiviert.'] });
    expect(client.getMutationCache().getAll()).toHaveLength(0);
    await flushOfflineData();

    const after = await startApp();
    expect(getRefused().map((c) => c.id)).toEqual(['key-refused']);
    server.use({ informationCreate: information(site) });
    retryRefused(after, 'key-refused');
    await waitFor(() => expect(server.calls('informationCreate')).toHaveLength(2));
    expect(server.calls('informationCreate')[1].request.headers.get('Idempotency-Key')).toBe('key-refused');
    await waitFor(() => expect(after.getMutationCache().getAll().every((m) => m.state.status === 'success')).toBe(true));
    expect(getRefused()).toHaveLength(0);

    // Refused again: discarding removes it from the device for good.
    server.use({ informationCreate: failure(409, 'ENTRY_LOCKED', 'Gesperrt.') });
    recordNote(after, 'key-again', new Date().toISOString());
    await waitFor(() => expect(server.calls('informationCreate')).toHaveLength(3));
    // Refused at once while online, with its form open: the form shows it, not the list.
    expect(getRefused()).toHaveLength(0);
    onlineManager.setOnline(false);
    recordNote(after, 'key-offline', new Date().toISOString());
    await waitFor(() => expect(waiting(after)).toHaveLength(1));
    onlineManager.setOnline(true);
    await after.resumePausedMutations();
    await waitFor(() => expect(getRefused().map((c) => c.id)).toEqual(['key-offline']));
    discardRefused('key-offline');
    await flushOfflineData();
    await startApp();
    expect(getRefused()).toHaveLength(0);
  });

  it('asks before logging out with a change waiting, then clears the queue from the device', async () => {
    injectSession();
    serveContract({ ...emptyFirm, usersUpdateMe: account() });
    const { queryClient } = await renderApp('/');
    registerQueuedChanges(queryClient);
    stopKeeping.push(keepOfflineData(queryClient));
    await restoreOfflineData(queryClient, ids.me);
    onlineManager.setOnline(false);
    recordNote(queryClient, 'key-logout', new Date().toISOString());
    await screen.findByText('1 Änderung wartet auf Verbindung', {}, { timeout: 5000 }).catch((error) => {
      screen.debug(document.body, 5000);
      throw error;
    });
    await flushOfflineData();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Anna Schneider/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mit nicht gesendeten Änderungen abmelden?' });
    expect(within(dialog).getByText(/1 auf diesem Gerät erfasste Änderung hat den Server noch nicht erreicht/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Angemeldet bleiben' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mit nicht gesendeten Änderungen abmelden?' })).not.toBeInTheDocument());
    expect(waiting(queryClient)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /Anna Schneider/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    const again = await screen.findByRole('dialog', { name: 'Mit nicht gesendeten Änderungen abmelden?' });
    await user.click(within(again).getByRole('button', { name: 'Abmelden und löschen' }));
    // Cleared from the device: a reload of the same member finds nothing.
    await waitFor(() => expect(getSession().token).toBeNull());
    await waitFor(async () => {
      const next = await startApp();
      expect(next.getMutationCache().getAll()).toHaveLength(0);
    });
  });
});

describe('sending the queue (decision 0047)', () => {
  /** A queued mutation as the cache holds it, for the ordering rule alone. */
  const change = (name: string, status = 'pending') => ({
    options: { mutationKey: ['queued', name] },
    state: { variables: { headers: { 'Idempotency-Key': `${name}-${Math.random()}` } }, isPaused: true, status, failureCount: 0 },
  });

  it('sends independent changes side by side, a lane in order, and a confirmation alone after all before it', () => {
    const [clockIn, note1, note2, breakStart, photo, confirmation, note3] = ['clockIn', 'entryCreate', 'entryCreate', 'workingSegment', 'photoUpload', 'confirmationCreate', 'entryCreate'].map((name) => change(name));
    const queue = [clockIn, note1, note2, breakStart, photo, confirmation, note3];
    // The break waits for the clock-in of its lane; nothing passes the confirmation.
    expect([...sendable(queue)]).toEqual([clockIn, note1, note2, photo]);
    clockIn.state.status = 'success';
    note1.state.status = 'error';
    expect([...sendable(queue)]).toEqual([note2, breakStart, photo]);
    for (const sent of [note2, breakStart, photo]) sent.state.status = 'success';
    expect([...sendable(queue)]).toEqual([confirmation]);
    confirmation.state.status = 'success';
    expect([...sendable(queue)]).toEqual([note3]);
    // A timer's stop never passes its start; other mutations of the app do not count.
    const start = change('timerStart');
    const stop = change('timerStop');
    const other = { ...change('timerStop'), options: { mutationKey: ['usersUpdateMe'] } };
    expect([...sendable([other, start, stop])]).toEqual([start]);
    // At most eight at a time (decision 0053).
    const notes = Array.from({ length: 12 }, () => change('entryCreate'));
    expect([...sendable(notes)]).toEqual(notes.slice(0, 8));
  });

  it('sends the stop of a timer after its start, and the notes beside them, when the connection returns', async () => {
    injectSession();
    let inFlight = 0;
    let most = 0;
    const order: string[] = [];
    const slow = <T,>(name: string, answer: () => T) => async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      order.push(name);
      return answer();
    };
    const running = timer(site, 60);
    const server = serveContract({
      informationCreate: slow('note', () => information(site)),
      timeTracksStart: slow('start', () => running),
      timeTracksStop: slow('stop', () => ({ ...running, endedAtUtc: new Date().toISOString(), status: 'stopped' as const })),
    });
    onlineManager.setOnline(false);
    const client = createQueryClient();
    registerQueuedChanges(client);
    const send = (name: 'timerStart' | 'timerStop' | 'entryCreate', body: unknown) => {
      const observer = new MutationObserver(client, queuedMutation(name) as never);
      void observer.mutate({ body, headers: { 'Idempotency-Key': crypto.randomUUID() } } as never).catch(() => undefined);
    };
    send('timerStart', { customerId: site.id, atUtc: new Date().toISOString() });
    send('timerStop', { id: running.id, atUtc: new Date().toISOString() });
    for (let i = 0; i < 3; i++) send('entryCreate', { customerId: site.id, subType: 'note', text: `Notiz ${i}`, occurredAtUtc: new Date().toISOString() });
    await waitFor(() => expect(waiting(client)).toHaveLength(5));
    onlineManager.setOnline(true);
    // As the app's client does when the connection returns (mounted, it listens itself).
    void client.resumePausedMutations();
    await waitFor(() => expect(order).toHaveLength(5));
    expect(order.indexOf('start')).toBeLessThan(order.indexOf('stop'));
    expect(server.calls('timeTracksStop')).toHaveLength(1);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(8);
  });

  it('asks the server whether it is back while a change waits, and sends the change once it answers', async () => {
    injectSession();
    let up = false;
    const probes: number[] = [];
    const server = serveContract(
      { informationCreate: () => (up ? information(site) : offline()) },
      { '/health': () => (probes.push(Date.now()), new Response(JSON.stringify({ status: up ? 'ok' : 'degraded' }), { status: up ? 200 : 503 })) },
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const client = createQueryClient();
      registerQueuedChanges(client);
      recordNote(client, 'key-away', new Date().toISOString());
      // The server is away for a while (restarting): the change is not sent, the server is asked.
      await vi.advanceTimersByTimeAsync(20_000);
      expect(client.getMutationCache().getAll()[0].state.status).toBe('pending');
      expect(probes.length).toBeGreaterThan(5);
      const sentWhileAway = server.calls('informationCreate').length;
      // Tried again only after the probe: not every second against a server that is gone.
      expect(sentWhileAway).toBeLessThanOrEqual(2);
      // Back: the next probe finds it and the change goes at once, not after a doubled delay.
      up = true;
      await vi.advanceTimersByTimeAsync(1_500);
      expect(client.getMutationCache().getAll()[0].state.status).toBe('success');
      expect(server.calls('informationCreate')).toHaveLength(sentWhileAway + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the waiting changes on the screens (decision 0053)', () => {
  it('keeps one index of what waits, in the order made, and re-renders its lists at most once a quarter second while a hundred changes leave', async () => {
    injectSession();
    const server = serveContract({ informationCreate: () => information(site) });
    onlineManager.setOnline(false);
    const client = createQueryClient();
    registerQueuedChanges(client);
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return useWaitingList((change) => change.name === 'entryCreate');
      },
      { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const keys = Array.from({ length: 100 }, (_, i) => `key-many-${i}`);
      await act(async () => {
        for (const key of keys) recordNote(client, key, new Date().toISOString());
        await vi.advanceTimersByTimeAsync(0);
      });
      // The first at once; the other 99 once the quarter second is over, in one render.
      expect(result.current).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(250));
      expect(result.current.map((change) => change.id)).toEqual(keys);
      const before = renders;
      onlineManager.setOnline(true);
      await act(async () => {
        void client.resumePausedMutations();
        // Sent without the clock moving: each answer is handled, the list is not told yet.
        for (let i = 0; i < 2000 && client.getMutationCache().getAll().some((m) => m.state.status === 'pending'); i++) await vi.advanceTimersByTimeAsync(0);
      });
      expect(server.calls('informationCreate')).toHaveLength(100);
      expect(renders - before).toBeLessThanOrEqual(1);
      await act(() => vi.advanceTimersByTimeAsync(250));
      expect(result.current).toEqual([]);
      // Before: every event of every change re-rendered the list (hundreds of renders for a hundred changes).
      expect(renders - before).toBeLessThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('refreshing the screens while the queue is sent (decision 0053)', () => {
  it('refreshes an open screen when the first waiting change is answered, then at most once in five seconds, and at once after the last', async () => {
    injectSession();
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let notes = 0;
    const server = serveContract({
      customersGet: site,
      // The first ten are answered at once, the other ten once the test lets them.
      informationCreate: async () => {
        if (++notes > 10) await gate;
        return information(site);
      },
    });
    const client = createQueryClient();
    registerQueuedChanges(client);
    const screenData = new QueryObserver(client, customersGetOptions({ query: { id: site.id } }));
    const stop = screenData.subscribe(() => undefined);
    await waitFor(() => expect(server.calls('customersGet')).toHaveLength(1));
    onlineManager.setOnline(false);
    for (let i = 0; i < 20; i++) recordNote(client, `key-refresh-${i}`, new Date().toISOString());
    await waitFor(() => expect(waiting(client)).toHaveLength(20));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const settle = async () => {
        for (let i = 0; i < 200; i++) await vi.advanceTimersByTimeAsync(0);
      };
      onlineManager.setOnline(true);
      void client.resumePausedMutations();
      await settle();
      expect(notes).toBeGreaterThan(10);
      // The first answer refreshed the screen at once; nine more answers within the same moment did not.
      expect(server.calls('customersGet')).toHaveLength(2);
      // A second later: still not (before: once a second, every open screen fetched again).
      await vi.advanceTimersByTimeAsync(1000);
      await settle();
      expect(server.calls('customersGet')).toHaveLength(2);
      // Five seconds after the first: once more, for the changes answered meanwhile.
      await vi.advanceTimersByTimeAsync(4000);
      await settle();
      expect(server.calls('customersGet')).toHaveLength(3);
      // The last change answered: at once, not at the end of the next five seconds.
      release();
      await settle();
      expect(client.getMutationCache().getAll().filter((m) => m.state.status === 'success')).toHaveLength(20);
      expect(server.calls('customersGet')).toHaveLength(4);
    } finally {
      vi.useRealTimers();
      stop();
    }
  });
});

describe('reading offline', () => {
  it('keeps a screen’s last answer through a refetch that failed offline, shows it instead of the error, and has it after a reload', async () => {
    injectSession();
    const server = serveContract({ ...emptyFirm, customersGet: site });
    const { queryClient } = await renderApp(`/customer/${site.id}`);
    stopKeeping.push(keepOfflineData(queryClient));
    await restoreOfflineData(queryClient, ids.me);
    expect(await screen.findByRole('heading', { name: 'Bäckerei Huber' })).toBeInTheDocument();

    // Offline the screen reads its customer again; the read fails at once (no connection).
    onlineManager.setOnline(false);
    server.use({ customersGet: offline() });
    const customerKey = customersGetOptions({ query: { id: site.id } }).queryKey;
    await queryClient.refetchQueries({ queryKey: customerKey }).catch(() => undefined);
    await waitFor(() => expect(queryClient.getQueryState(customerKey)?.status).toBe('error'));
    expect(screen.getByRole('heading', { name: 'Bäckerei Huber' })).toBeInTheDocument();
    expect(screen.queryByText('Der Kunde konnte nicht geladen werden')).not.toBeInTheDocument();

    // The page reloads offline: the customer as last seen is on the device.
    await flushOfflineData();
    const after = await startApp();
    expect(after.getQueryState(customerKey)).toMatchObject({ status: 'success', error: null });
    expect(after.getQueryData(customerKey)).toMatchObject({ data: { id: site.id, displayName: 'Bäckerei Huber' } });
  });
});

