/**
 * The timers bar when the code of its waiting chips cannot be loaded (offline before the service
 * worker kept the release): the stop still shows as waiting, and the screen stays (it used to be
 * replaced by the router's error screen).
 */
import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { clearOfflineData, registerQueuedChanges } from '../../src/lib/offline-queue';
import { emptyFirm, firm, page, timer } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

vi.mock('../../src/features/time-tracking/waiting-timer-chips', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const huber = firm('Bäckerei Huber');

afterEach(async () => {
  onlineManager.setOnline(true);
  await clearOfflineData();
});

it('shows a timer stopped offline as stopped and waiting, and keeps the screen', { timeout: 40_000 }, async () => {
  injectSession({ roles: ['Manager'] });
  serveContract({ ...emptyFirm, timeTracksGetMy: page([timer(huber, 600)]) });
  const { queryClient } = await renderApp('/customerlist');
  registerQueuedChanges(queryClient);
  const bar = await screen.findByRole('region', { name: 'Laufende Timer und Arbeitszeit' }, { timeout: 15_000 });
  const stop = await within(bar).findByRole('button', { name: 'Timer für Bäckerei Huber stoppen' });
  onlineManager.setOnline(false);
  await userEvent.setup().click(stop);
  const chip = await within(bar).findByTestId('waiting-timer');
  expect(chip).toHaveTextContent('Bäckerei Huber');
  expect(chip).toHaveTextContent('Gestoppt');
  expect(screen.getByRole('heading', { level: 1, name: 'Kunden' })).toBeInTheDocument();
  queryClient.getMutationCache().clear();
});
