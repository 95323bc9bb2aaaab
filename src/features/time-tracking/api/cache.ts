/**
 * What changes in the query cache when time is tracked, in one place (style rule 3), built on the
 * generated query keys:
 * - customer timers (`TimeTracks`): the caller's lists (the running-timers bar among them), the
 *   back-office list, single tracks and the caller's totals;
 * - personal working time (`UserTimeTracks`): the active track, the lists and the groups.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  timeTracksGetByIdQueryKey,
  timeTracksGetMyQueryKey,
  timeTracksGetMyTotalsQueryKey,
  timeTracksGetQueryKey,
  userTimeTracksGetActiveQueryKey,
  userTimeTracksGetListGroupedQueryKey,
  userTimeTracksGetListQueryKey,
} from '../../../../generated/api/@tanstack/react-query.gen';
import { allOf } from '../../../lib/query-keys';

const listQuery = {
  includeRunning: true,
  includeStopped: true,
  includeProcessed: true,
  includeUnprocessed: true,
  page: 1,
  pageSize: 10,
  isDescending: true,
};

const timerKeys = () => [
  allOf(timeTracksGetMyQueryKey({ query: listQuery })),
  allOf(timeTracksGetQueryKey({ query: listQuery })),
  allOf(timeTracksGetByIdQueryKey({ path: { id: '' } })),
  allOf(timeTracksGetMyTotalsQueryKey({ query: { callerUTCOffsetMinutes: 0 } })),
];

const workingTimeKeys = () => [
  allOf(userTimeTracksGetActiveQueryKey()),
  allOf(
    userTimeTracksGetListQueryKey({
      query: { includeActive: true, includeEnded: true, includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 10, isDescending: true },
    }),
  ),
  allOf(userTimeTracksGetListGroupedQueryKey({ query: { grouping: 'day', page: 1, pageSize: 10, fillEmpty: false } })),
];

const invalidate = (queryClient: QueryClient, keys: unknown[][]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** A timer started, stopped, recorded, corrected or deleted. */
export function timersChanged(queryClient: QueryClient) {
  return invalidate(queryClient, timerKeys());
}

/** Clocked in or out, a break, a corrected or deleted segment. */
export function workingTimeChanged(queryClient: QueryClient) {
  return invalidate(queryClient, workingTimeKeys());
}
