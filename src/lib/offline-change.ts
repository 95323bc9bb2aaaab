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
import { showWarning } from './notifications';

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context (plain http on a firm's network) randomUUID is missing.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function idempotencyHeaders(): { 'Idempotency-Key': string } {
  return { 'Idempotency-Key': newKey() };
}

/** `{ atUtc }` of now while offline, nothing while online: spread into the change's body. */
export function actedAtIfOffline(): { atUtc?: string } {
  return onlineManager.isOnline() ? {} : { atUtc: new Date().toISOString() };
}

/** `{ occurredAtUtc }` of now while offline (a note or material recorded then), nothing while online. */
export function occurredAtIfOffline(): { occurredAtUtc?: string } {
  return onlineManager.isOnline() ? {} : { occurredAtUtc: new Date().toISOString() };
}

/**
 * After `mutate`: whether the change waits for the connection. Then the form closes at once and
 * says so; the change is sent (and kept across a reload) by the queue (`offline-queue.ts`).
 */
export function queuedOffline(): boolean {
  if (onlineManager.isOnline()) return false;
  showWarning(i18n._(msg`Saved on this device. It is sent when the connection returns.`), { title: i18n._(msg`Waiting for a connection`) });
  return true;
}

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the app has a connection, as the queue sees it (re-renders when that changes). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
