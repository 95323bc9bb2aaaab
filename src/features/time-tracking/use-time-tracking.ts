/**
 * Shared reads of the time-tracking feature: the caller's running timers and active working time
 * (server state: they survive a reload and show what another device started; polled and refreshed
 * when the window gets focus), a ticking clock, elapsed seconds that do not depend on the device's
 * clock, and the member list of the back office. The GPS position comes from `lib/position`.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  timeTracksGetMyOptions,
  userTimeTracksGetActiveOptions,
} from '../../../generated/api/@tanstack/react-query.gen';
import { usersGetAll } from '../../../generated/api/sdk.gen';
import type { UsersGetAllData } from '../../../generated/api/types.gen';

/** How often the bar asks the server for timers and clock-ins made on other devices. */
const POLL_MS = 30_000;

const runningTimersQuery = {
  includeRunning: true,
  includeStopped: false,
  includeProcessed: true,
  includeUnprocessed: true,
  page: 1,
  pageSize: 50,
  orderBy: 'startedAtUtc',
  isDescending: false,
} as const;

export function useRunningTimers() {
  return useQuery({
    ...timeTracksGetMyOptions({ query: runningTimersQuery }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    meta: { silent: true },
  });
}

export function useActiveWorkingTime() {
  return useQuery({
    ...userTimeTracksGetActiveOptions(),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    meta: { silent: true },
  });
}

/** `Date.now()`, updated every `intervalMs` while mounted. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * Seconds elapsed now for a value the server computed at `answeredAt` (the query's
 * `dataUpdatedAt`): the device's clock only measures the time since the answer, so a phone whose
 * clock is off still shows the server's count.
 */
export function elapsedSince(serverSeconds: number, answeredAt: number, now: number): number {
  return Math.max(0, Math.floor(serverSeconds + Math.max(0, now - answeredAt) / 1000));
}

const membersQuery: UsersGetAllData['query'] = { includeArchived: false };

/**
 * The tenant's members (Owner, Admin, Manager only). `Users/GetAll` is a POST in the
 * specification, so the generator makes only a mutation of it; this read calls its SDK function
 * under a key of the generated keys' shape (`[{ _id, query }]`).
 */
export function useMembers(enabled: boolean) {
  return useQuery({
    queryKey: [{ _id: 'usersGetAll', query: membersQuery }],
    queryFn: async ({ signal }) => (await usersGetAll({ query: membersQuery, signal, throwOnError: true })).data,
    enabled,
    staleTime: 60_000,
  });
}
