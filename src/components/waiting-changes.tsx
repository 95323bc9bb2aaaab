/**
 * What waits for the connection, shown in the lists beside what the server sent (decision 0042):
 * the customer's activity, the customer times, the working day. Each queued change the list
 * concerns is a row marked "Wartet auf Verbindung", with the moment it was made; it leaves the list
 * once sent (the list's own data then has it) or refused (then it is in the "Nicht gesendet" list).
 * A change the list's data holds already (its id is there: an answer that was lost) is not shown twice.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { QueuedChangesCache, type WaitingChange } from '../lib/offline-queue';

interface Body {
  id?: string;
  customerId?: string;
  subType?: string;
  text?: string | null;
  productId?: string | null;
  quantity?: number | null;
  unit?: string | null;
  durationSeconds?: number | null;
  kind?: string;
  signee?: string;
  fileName?: string;
  description?: string | null;
  atUtc?: string;
  occurredAtUtc?: string;
  createdAtUtc?: string;
}

/** The body a waiting change sends. */
export function bodyOf(change: WaitingChange): Body {
  return ((change.variables as { body?: Body } | undefined)?.body ?? {}) as Body;
}

/** The customer's name a queued change carries beside its call (a timer's stop; never sent). */
export function carriedCustomerName(variables: unknown): string | null {
  const name = (variables as { customerName?: unknown } | undefined)?.customerName;
  return typeof name === 'string' ? name : null;
}

const none: readonly WaitingChange[] = [];
const noSubscription = () => () => undefined;

/**
 * Every queued change that waits, oldest first, as the query client's queue keeps them (decision
 * 0053: one index for all screens, which learn of it at most four times a second).
 */
export function useAllWaiting(): readonly WaitingChange[] {
  const cache = useQueryClient().getMutationCache();
  const queue = cache instanceof QueuedChangesCache ? cache : null;
  return useSyncExternalStore(queue?.subscribeWaiting ?? noSubscription, queue?.waitingChanges ?? (() => none), () => none);
}

/** The queued changes that wait, oldest first, that `concerns` picks. */
export function useWaitingList(concerns: (change: WaitingChange) => boolean): WaitingChange[] {
  return useAllWaiting().filter(concerns);
}

/** The name of a customer or product the screens loaded (kept on the device), found by its id. */
export function nameInCache(queryClient: QueryClient, id: string | null | undefined): string | null {
  if (!id) return null;
  const look = (value: unknown, depth: number): string | null => {
    if (!value || typeof value !== 'object' || depth > 4) return null;
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = look(item, depth + 1);
        if (found) return found;
      }
      return null;
    }
    const record = value as Record<string, unknown>;
    // Products have a name, customers a display name.
    if (record.id === id) {
      const name = record.name ?? record.displayName;
      if (typeof name === 'string') return name;
    }
    for (const key of ['data', 'items']) {
      const found = look(record[key], depth + 1);
      if (found) return found;
    }
    return null;
  };
  for (const query of queryClient.getQueryCache().getAll()) {
    const found = look(query.state.data, 0);
    if (found) return found;
  }
  return null;
}

/** When the member made the change: the moment it carries, else when it was tapped. */
export function madeAt(change: WaitingChange): string {
  const body = bodyOf(change);
  return body.atUtc ?? body.occurredAtUtc ?? body.createdAtUtc ?? new Date(change.submittedAt).toISOString();
}

// The rows' code loads when something waits (the routes' first paint stays within its budget).
const WaitingList = lazy(() => import('./waiting-changes-list').then((module) => ({ default: module.WaitingList })));

export function WaitingChanges({ changes }: { changes: WaitingChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <WaitingList changes={changes} />
    </Suspense>
  );
}
