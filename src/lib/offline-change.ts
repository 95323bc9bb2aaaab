/**
 * What a change the member makes carries, so that it may wait for the connection and be sent later
 * (decision 0033): an idempotency key made at the tap, which the server honours (sent again after a
 * lost answer, the change is recorded once), and, when the tap happens offline, the moment of the
 * tap (`atUtc`), so the timer or the working time starts when the member tapped, not when the
 * phone found a signal. Online, the server's clock decides as before.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from './api-error';
import { newId } from './ids';
import { clearToasts, showWarning } from './notifications';

export function idempotencyHeaders(): { 'Idempotency-Key': string } {
  return { 'Idempotency-Key': newId() };
}

/** `{ atUtc }` of now while offline, nothing while online: spread into the change's body. */
export function actedAtIfOffline(): { atUtc?: string } {
  return onlineManager.isOnline() ? {} : { atUtc: new Date().toISOString() };
}

/** `{ occurredAtUtc }` of now while offline (a note or material recorded then), nothing while online. */
export function occurredAtIfOffline(): { occurredAtUtc?: string } {
  return onlineManager.isOnline() ? {} : { occurredAtUtc: new Date().toISOString() };
}

const QUEUED_TOAST = 'queued-offline';

/**
 * After `mutate`: whether the change waits for the connection. Then the form closes at once and
 * says so; the change is sent (and kept across a reload) by the queue (`offline-queue.ts`).
 */
export function queuedOffline(): boolean {
  if (onlineManager.isOnline()) return false;
  // One toast however many changes are made in a row: each change's own toast stacked up the same words.
  clearToasts(QUEUED_TOAST);
  showWarning(i18n._(msg`Saved on this device. It is sent when the connection returns.`), { title: i18n._(msg`Waiting for a connection`), group: QUEUED_TOAST });
  return true;
}

/**
 * No answer came (offline, the tunnel ended): not a refusal by the server. A screen that holds its
 * read's last good answer (also one kept on the device) shows it through such a failed refetch,
 * not the failure (decision 0048):
 * `if (query.isLoadingError || (query.isRefetchError && !connectionLost(query.error)))`.
 */
export function connectionLost(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0;
}

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the app has a connection, as the queue sees it (re-renders when that changes). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
