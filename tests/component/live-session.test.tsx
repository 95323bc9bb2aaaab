/**
 * The signed-in layout's live-session check after a reload with kept data (decisions 0038, 0048,
 * 0049): the firm's texts kept on the device prove nothing about the session. Online, the first
 * check of the page asks the server, so a session ended on another device opens /login before any
 * screen asks for data; offline, the screens open with what was kept.
 */
import 'fake-indexeddb/auto';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startLiveSessionCheck } from '../../src/lib/auth-guards';
import { clearOfflineData, flushOfflineData, keepOfflineData, registerQueuedChanges, restoreOfflineData } from '../../src/lib/offline-queue';
import { getSession } from '../../src/lib/session';
import { emptyFirm, firm, ids, page } from './contract-data';

const huber = firm('Bäckerei Huber');
import { failure, serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

const stopKeeping: (() => void)[] = [];

/** What `main.tsx` does before the first render: the first calls sent, the kept data restored. */
function asMainDoes(signedInPage: boolean) {
  return async (queryClient: QueryClient) => {
    if (signedInPage) document.documentElement.setAttribute('data-route-signed-in', '');
    startLiveSessionCheck(queryClient);
    registerQueuedChanges(queryClient);
    stopKeeping.push(keepOfflineData(queryClient));
    await restoreOfflineData(queryClient, ids.me);
  };
}

/** A first visit online: the customer list seen, and kept on the device. */
async function visitOnce() {
  injectSession({ roles: ['Manager'] });
  serveContract({ ...emptyFirm, customersGetAll: page([huber], { pageSize: 10 }) });
  await renderApp('/customerlist', { beforeStart: asMainDoes(false) });
  expect(await screen.findByRole('link', { name: 'Bäckerei Huber' }, { timeout: 15_000 })).toBeInTheDocument();
  await flushOfflineData();
  cleanup();
}

const ended = () => failure(401, 'TOKEN_INVALID', 'Die Anmeldung ist ungültig.');

afterEach(async () => {
  document.documentElement.removeAttribute('data-route-signed-in');
  for (const stop of stopKeeping.splice(0)) stop();
  onlineManager.setOnline(true);
  await clearOfflineData();
});

describe('the live-session check after a reload with kept data', { timeout: 40_000 }, () => {
  for (const signedInPage of [false, true]) {
    it(`asks the server, not the kept texts: a session ended elsewhere opens /login before any screen's call${signedInPage ? ' (the first calls sent from main.tsx)' : ''}`, async () => {
      await visitOnce();
      // Meanwhile the session is ended on another device: every call and the refresh answer 401.
      const server = serveContract({
        localisationGetTextOverrides: ended(),
        managementGetTenant: ended(),
        authRefreshToken: ended(),
        customersGetAll: ended(),
      });
      const { router } = await renderApp('/customerlist', { beforeStart: asMainDoes(signedInPage) });
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(getSession().token).toBeNull();
      expect(server.calls('customersGetAll')).toHaveLength(0);
      expect(server.calls('authRefreshToken')).toHaveLength(1);
      expect(screen.queryByText('Bäckerei Huber')).not.toBeInTheDocument();
    });
  }

  it('costs no round trip more: the layout takes the texts main.tsx asked for, then the screen asks for its data', async () => {
    await visitOnce();
    const server = serveContract({ ...emptyFirm, customersGetAll: page([huber], { pageSize: 10 }) });
    await renderApp('/customerlist', { beforeStart: asMainDoes(true) });
    expect(await screen.findByRole('link', { name: 'Bäckerei Huber' }, { timeout: 15_000 })).toBeInTheDocument();
    const order = server.calls().map((call) => call.operationId);
    expect(order.slice(0, order.indexOf('customersGetAll')).filter((id) => id === 'localisationGetTextOverrides')).toHaveLength(1);
  });

  it('opens the screens with what was kept when there is no connection (decision 0048)', async () => {
    await visitOnce();
    const server = serveContract({});
    onlineManager.setOnline(false);
    await renderApp('/customerlist', { beforeStart: asMainDoes(true) });
    expect(await screen.findByRole('link', { name: 'Bäckerei Huber' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(server.calls()).toHaveLength(0);
  });
});
