/**
 * What changes in the query cache when a customer's activity changes, in one place (style rule 3).
 * Built on the generated query keys. Entries, photos and confirmations all show up in the activity
 * feed (`CustomerActivities/ByCustomer`, of one customer and of all), in the dashboard's totals,
 * and in the lists of their own kind.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  customerActivitiesByCustomerQueryKey,
  customerActivitiesGetTotalsQueryKey,
  imagesGetAllQueryKey,
  informationGetAllQueryKey,
  timeTracksGetMyQueryKey,
  timeTracksGetQueryKey,
} from '../../../../generated/api/@tanstack/react-query.gen';
import { allOf } from '../../../lib/query-keys';

const paging = { includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 10, isDescending: true };
const feeds = () => allOf(customerActivitiesByCustomerQueryKey({ query: paging }));
const totals = () => allOf(customerActivitiesGetTotalsQueryKey());
const entries = () => allOf(informationGetAllQueryKey({ query: paging }));
const photos = () => allOf(imagesGetAllQueryKey({ query: paging }));
const timerPaging = { ...paging, includeRunning: true, includeStopped: true };
const timers = () => [allOf(timeTracksGetQueryKey({ query: timerPaging })), allOf(timeTracksGetMyQueryKey({ query: timerPaging }))];

function invalidate(queryClient: QueryClient, keys: ReturnType<typeof allOf>[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A note, material or time entry was recorded, changed or deleted. */
export function entryChanged(queryClient: QueryClient) {
  return invalidate(queryClient, [feeds(), totals(), entries()]);
}

/** Photos were uploaded. */
export function photosUploaded(queryClient: QueryClient) {
  return invalidate(queryClient, [feeds(), photos()]);
}

/** A work confirmation was signed: it is in the feed, and what it covers is locked now. */
export function confirmationCreated(queryClient: QueryClient) {
  return invalidate(queryClient, [feeds(), entries(), photos()]);
}

/**
 * Entries, time tracks and photos were marked processed (or archived): they leave the open
 * activities and the open positions of the dashboard, and their lists show the new state.
 */
export function activitiesMarked(queryClient: QueryClient) {
  return invalidate(queryClient, [feeds(), totals(), entries(), photos(), ...timers()]);
}
