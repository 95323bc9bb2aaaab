/**
 * Recording offline beyond the queue of decision 0038 (decision 0042): the customer's feed shows
 * what waits for the connection (a note, a photo) beside what the server sent, marked, and drops
 * it once the server has it; the product catalogue kept on the device answers the material
 * capture's search and EAN lookup offline, and leaves the device when the member signs out.
 */
import 'fake-indexeddb/auto';
import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearCatalogue, findCatalogueEan, keepCatalogue, refreshCatalogue, searchCatalogue } from '../../src/lib/offline-catalogue';
import { clearOfflineData, queuedMutation, registerQueuedChanges } from '../../src/lib/offline-queue';
import { activity, firm, ids, information, page, product } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

const huber = firm('Bäckerei Huber');

afterEach(async () => {
  onlineManager.setOnline(true);
  await clearOfflineData();
  await clearCatalogue();
});

function queue(client: QueryClient, name: 'entryCreate' | 'photoUpload', variables: unknown) {
  const observer = new MutationObserver(client, queuedMutation(name) as never);
  void (observer.mutate as (v: unknown) => Promise<unknown>)(variables).catch(() => undefined);
}

const photo = (id: string) => ({
  body: { file: new File([new Uint8Array([0xff, 0xd8, 0xff])], 'Zählerschrank.jpg', { type: 'image/jpeg' }), fileName: 'Zählerschrank.jpg', customerId: huber.id, id, category: 'before', createdAtUtc: '2026-11-27T07:15:00.000Z' },
  headers: { 'Idempotency-Key': `key-photo-${id}` },
});

describe('lists show what waits', () => {
  it('shows a note and a photo made offline in the customer feed, marked, and drops the note once the server has it', async () => {
    injectSession();
    const server = serveContract({
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      informationCreate: information(huber, { text: 'Zählerschrank ohne Platz' }),
      // The catalogue is refreshed when the connection returns.
      productsGetAll: page([]),
    });
    const { queryClient } = await renderApp(`/customer/${huber.id}`);
    // As the app's entry does: a change sent from the queue refreshes the screens.
    registerQueuedChanges(queryClient);
    expect(await screen.findByText('Noch keine Aktivitäten')).toBeInTheDocument();

    onlineManager.setOnline(false);
    queue(queryClient, 'entryCreate', { body: { customerId: huber.id, subType: 'note', text: 'Zählerschrank ohne Platz', occurredAtUtc: '2026-11-27T07:10:00.000Z' }, headers: { 'Idempotency-Key': 'key-note-feed' } });
    queue(queryClient, 'photoUpload', photo(crypto.randomUUID()));
    const waiting = await screen.findByRole('list', { name: 'Wartet auf Verbindung' });
    const rows = within(waiting).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Notiz', 'Foto']);
    expect(within(rows[0]).getByText(/Zählerschrank ohne Platz/)).toBeInTheDocument();
    expect(within(rows[0]).getByText('Wartet auf Verbindung')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/Zählerschrank\.jpg/)).toBeInTheDocument();
    // Nothing else waits: the empty feed's text gives way to the waiting entries.
    expect(screen.queryByText('Noch keine Aktivitäten')).not.toBeInTheDocument();

    // The photo is taken back (no upload in this test); the note is sent when the connection returns.
    const cache = queryClient.getMutationCache();
    cache.remove(cache.getAll().find((m) => m.options.mutationKey?.[1] === 'photoUpload')!);
    server.use({ customerActivitiesByCustomer: page([activity(huber, { text: 'Zählerschrank ohne Platz' })]) });
    onlineManager.setOnline(true);
    await waitFor(() => expect(server.calls('informationCreate')).toHaveLength(1));
    const feed = await screen.findByRole('list', { name: 'Aktivitäten' });
    await waitFor(() => expect(within(feed).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('list', { name: 'Wartet auf Verbindung' })).not.toBeInTheDocument();
  });

  it('shows the newest 20 of many waiting changes and counts the earlier ones (decision 0053)', async () => {
    injectSession();
    serveContract({ customersGet: huber, customerActivitiesByCustomer: page([]), productsGetAll: page([]) });
    const { queryClient } = await renderApp(`/customer/${huber.id}`);
    expect(await screen.findByText('Noch keine Aktivitäten')).toBeInTheDocument();
    onlineManager.setOnline(false);
    for (let i = 0; i < 25; i++) {
      queue(queryClient, 'entryCreate', { body: { customerId: huber.id, subType: 'note', text: `Notiz ${i}`, occurredAtUtc: new Date(Date.UTC(2026, 10, 27, 7, i)).toISOString() }, headers: { 'Idempotency-Key': `key-note-${i}` } });
    }
    expect(await screen.findByText('… und 5 frühere Änderungen warten auf Verbindung')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Wartet auf Verbindung' })).getAllByRole('listitem');
    expect(rows).toHaveLength(20);
    // The newest, in the order made: the five earliest are only counted.
    expect(rows[0]).toHaveTextContent('Notiz 5');
    expect(rows[19]).toHaveTextContent('Notiz 24');
    // The top bar counts all of them.
    expect(screen.getByTitle('25 Änderungen warten auf Verbindung')).toBeInTheDocument();
    queryClient.getMutationCache().clear();
  });

  it('does not show a waiting photo twice once the feed has it (its answer was lost)', async () => {
    injectSession();
    const id = crypto.randomUUID();
    serveContract({
      customersGet: huber,
      customerActivitiesByCustomer: page([activity(huber, { id, kind: 'image', title: 'Zählerschrank.jpg' })]),
      productsGetAll: page([]),
    });
    const { queryClient } = await renderApp(`/customer/${huber.id}`, { locale: 'en' });
    await screen.findByRole('list', { name: 'Activities' });
    onlineManager.setOnline(false);
    queue(queryClient, 'photoUpload', photo(id));
    queue(queryClient, 'photoUpload', photo(crypto.randomUUID()));
    const waiting = await screen.findByRole('list', { name: 'Waiting for a connection' });
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(1);
    queryClient.getMutationCache().clear();
  });
});

describe('the product catalogue on the device', () => {
  it('keeps the firm’s products after a visit online and answers search and EAN lookup offline', async () => {
    injectSession();
    const cable = product();
    const socket = product({ name: 'Schuko-Steckdose', ean: '4011377123456', unit: 'Stk', netPrice: 4.2 });
    const server = serveContract({ productsGetAll: page([cable, socket], { pageSize: 500 }) });
    const stop = keepCatalogue(ids.me);
    await refreshCatalogue(true);
    stop();
    expect(server.calls('productsGetAll')[0].query).toMatchObject({ page: '1', pageSize: '500', includeArchived: 'false' });

    onlineManager.setOnline(false);
    expect((await searchCatalogue('nym'))?.map((p) => p.name)).toEqual([cable.name]);
    expect((await searchCatalogue('STK'))?.map((p) => p.name)).toEqual([socket.name]);
    expect(await findCatalogueEan('4011377123456')).toEqual({ id: socket.id, name: socket.name, ean: socket.ean, unit: 'Stk', netPrice: 4.2, vatRate: 19 });
    expect(await findCatalogueEan('4000000000000')).toBeUndefined();

    // Signing out removes it: nothing is kept for the next member.
    await clearCatalogue();
    keepCatalogue(ids.me)();
    expect(await searchCatalogue('nym')).toBeNull();
  });
});

