/**
 * The screens changed for offline use, as a member sees them: the top bar on a phone with the
 * connection's badge, the working day's "waiting" mark, and the "Nicht gesendet" list naming whose
 * change was refused (decisions 0038, 0042, 0048).
 */
import 'fake-indexeddb/auto';
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { queuedOffline } from '../../src/lib/offline-change';
import { clearOfflineData, getRefused, queuedMutation, registerQueuedChanges } from '../../src/lib/offline-queue';
import { emptyFirm, firm, ids, member, page } from './contract-data';
import { failure, serveContract } from './contract-server';
import { injectSession, renderApp, setWindowWidth } from './helpers';

const huber = firm('Bäckerei Huber GmbH & Co. KG');

afterEach(async () => {
  act(() => onlineManager.setOnline(true));
  setWindowWidth(1024);
  await clearOfflineData();
});

const wordmark = () => within(screen.getByRole('banner')).queryByText('Fieldbook', { exact: true });

describe('the screens changed for offline use', { timeout: 40_000 }, () => {
  it('says "Wartet auf Verbindung" once for changes made in a row offline, not one toast per change', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({ ...emptyFirm });
    await renderApp('/customerlist');
    await screen.findByRole('heading', { level: 1, name: 'Kunden' }, { timeout: 15_000 });
    act(() => onlineManager.setOnline(false));
    act(() => {
      queuedOffline();
      queuedOffline();
      queuedOffline();
    });
    const saved = 'Auf diesem Gerät gespeichert. Es wird gesendet, sobald wieder Verbindung besteht.';
    await screen.findAllByText(saved, {}, { timeout: 15_000 });
    await waitFor(() => expect(screen.getAllByText(saved)).toHaveLength(1));
  });

  it('gives the connection\'s badge the room of the product\'s name on a narrow phone, and only there', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({ ...emptyFirm });
    setWindowWidth(390);
    await renderApp('/customerlist');
    await screen.findByRole('heading', { level: 1, name: 'Kunden' }, { timeout: 15_000 });
    expect(wordmark()).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    await screen.findByRole('status');
    // Beside the badge the name ran under it and cut the language switch off at 390 px.
    expect(wordmark()).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fieldbook, zum Dashboard' })).toBeInTheDocument();
    act(() => setWindowWidth(1280));
    await waitFor(() => expect(wordmark()).toBeInTheDocument());
  });

  it('marks a clock-in made offline as waiting in a readable colour (the theme\'s, not yellow 8 at 2.4:1)', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({
      ...emptyFirm,
      userTimeTracksGetListGrouped: page([], { pageSize: 500 }),
      usersGetAll: page([member({ id: ids.me, firstName: 'Anna', lastName: 'Schneider' })]),
    });
    const { queryClient } = await renderApp('/timetracking');
    registerQueuedChanges(queryClient);
    await screen.findByRole('heading', { level: 1, name: 'Zeiterfassung' }, { timeout: 15_000 });
    act(() => onlineManager.setOnline(false));
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Einstempeln' })[0]);
    const mark = await screen.findByTestId('working-time-waits');
    expect(mark).toHaveTextContent('Wartet auf Verbindung');
    expect(mark.getAttribute('style')).toContain('var(--mantine-color-yellow-light-color)');
    // Not sent when the test's connection returns.
    queryClient.getMutationCache().clear();
  });

  it('names the customer of a refused change in the "Nicht gesendet" list', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({
      ...emptyFirm,
      customersGetAll: page([huber], { pageSize: 10 }),
      informationCreate: failure(409, 'CUSTOMER_ARCHIVED', 'Der Kunde ist archiviert.'),
    });
    const { queryClient } = await renderApp('/customerlist');
    registerQueuedChanges(queryClient);
    await screen.findByRole('link', { name: huber.displayName! }, { timeout: 15_000 });
    act(() => onlineManager.setOnline(false));
    const note = new MutationObserver(queryClient, queuedMutation('entryCreate'));
    void note
      .mutate({ body: { customerId: huber.id, subType: 'note', text: 'Zählerschrank', occurredAtUtc: new Date().toISOString() }, headers: { 'Idempotency-Key': 'key-huber' } })
      .catch(() => undefined);
    await screen.findByText('1 Änderung wartet auf Verbindung');
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(getRefused()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Änderungen auf diesem Gerät' }));
    const list = await screen.findByRole('list', { name: 'Nicht gesendet' });
    const item = within(list).getByRole('listitem', { name: 'Notiz · Bäckerei Huber GmbH & Co. KG' });
    expect(item).toHaveTextContent('Der Kunde ist archiviert.');
  });

  it('names the customer of a refused timer stop whose timer is no longer loaded, and never sends that name', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      ...emptyFirm,
      timeTracksStop: failure(409, 'CONFLICT', 'Der Timer wurde schon gestoppt.'),
    });
    const { queryClient } = await renderApp('/customerlist');
    registerQueuedChanges(queryClient);
    await screen.findByRole('heading', { level: 1, name: 'Kunden' }, { timeout: 15_000 });
    act(() => onlineManager.setOnline(false));
    // Stopped from the bar offline; by the time it is refused the timers loaded no longer hold it.
    const stop = new MutationObserver(queryClient, queuedMutation('timerStop'));
    void stop
      .mutate({ body: { id: '0b7c52a4-3f7e-4a51-9d6c-2e8f1a4b6c90', atUtc: new Date().toISOString() }, headers: { 'Idempotency-Key': 'key-stop' }, customerName: huber.displayName! })
      .catch(() => undefined);
    await screen.findByText('1 Änderung wartet auf Verbindung');
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(getRefused()).toHaveLength(1));
    expect(server.calls('timeTracksStop')).toHaveLength(1);
    expect(server.calls('timeTracksStop')[0].body).not.toHaveProperty('customerName');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Änderungen auf diesem Gerät' }));
    const list = await screen.findByRole('list', { name: 'Nicht gesendet' });
    expect(within(list).getByRole('listitem', { name: 'Timer gestoppt · Bäckerei Huber GmbH & Co. KG' })).toHaveTextContent('Der Timer wurde schon gestoppt.');
  });

  it('offers to load the working time again when it could not be loaded, instead of only asking to try again', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      ...emptyFirm,
      userTimeTracksGetListGrouped: failure(400, 'BAD_REQUEST', 'Die Anfrage ist ungültig.'),
      usersGetAll: page([member({ id: ids.me, firstName: 'Anna', lastName: 'Schneider' })]),
    });
    await renderApp('/timetracking');
    await screen.findByText('Die Arbeitszeit konnte nicht geladen werden', {}, { timeout: 15_000 });
    server.use({ userTimeTracksGetListGrouped: page([], { pageSize: 500 }) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(screen.queryByText('Die Arbeitszeit konnte nicht geladen werden')).not.toBeInTheDocument());
    expect(server.calls('userTimeTracksGetListGrouped').length).toBeGreaterThanOrEqual(2);
  });
});
