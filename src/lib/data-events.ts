/**
 * What a change refreshes, in one place for the whole app: each event names the lists, totals and
 * feeds that show what changed, built on the generated query keys. A feature reports the event
 * (`timersChanged(queryClient)`) and never picks query keys itself, so a stopped timer refreshes
 * the timers, the activity feeds and the dashboard's totals wherever it was stopped.
 *
 * - Customer timers (`TimeTracks`) show up in the timer lists and totals, and as time in the
 *   activity feeds and the dashboard (open positions, hours).
 * - Notes, materials, time entries, photos and confirmations show up in the feeds and their own
 *   lists; times and materials also in the dashboard's totals.
 * - Personal working time (`UserTimeTracks`): the active track, the lists and the groups.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  managementGetTenantConsentQueryKey,
  aiGetStatusQueryKey,
  customerActivitiesByCustomerQueryKey,
  customerActivitiesGetTotalsQueryKey,
  imagesGetAllQueryKey,
  informationGetAllQueryKey,
  informationReportingQueryKey,
  invoiceGetIssuedQueryKey,
  invoiceListIssuedQueryKey,
  managementGetConsentHistoryQueryKey,
  paymentsGetForInvoiceQueryKey,
  paymentsGetOverdueQueryKey,
  timeTracksGetByIdQueryKey,
  timeTracksGetMyQueryKey,
  timeTracksGetMyTotalsQueryKey,
  timeTracksGetQueryKey,
  userTimeTracksGetActiveQueryKey,
  userTimeTracksGetListGroupedQueryKey,
  userTimeTracksGetListQueryKey,
} from '../../generated/api/@tanstack/react-query.gen';
import { allOf } from './query-keys';

const paging = { includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 10, isDescending: true };
const timerPaging = { ...paging, includeRunning: true, includeStopped: true };

const feeds = () => allOf(customerActivitiesByCustomerQueryKey({ query: paging }));
const totals = () => allOf(customerActivitiesGetTotalsQueryKey());
const entries = () => allOf(informationGetAllQueryKey({ query: paging }));
const report = () => allOf(informationReportingQueryKey({ query: { ...paging, subType: 'material' } }));
const photos = () => allOf(imagesGetAllQueryKey({ query: paging }));
const timers = () => [
  allOf(timeTracksGetMyQueryKey({ query: timerPaging })),
  allOf(timeTracksGetQueryKey({ query: timerPaging })),
  allOf(timeTracksGetByIdQueryKey({ path: { id: '' } })),
  allOf(timeTracksGetMyTotalsQueryKey({ query: { callerUTCOffsetMinutes: 0 } })),
];
const workingTime = () => [
  allOf(userTimeTracksGetActiveQueryKey()),
  allOf(userTimeTracksGetListQueryKey({ query: { includeActive: true, includeEnded: true, includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 10, isDescending: true } })),
  allOf(userTimeTracksGetListGroupedQueryKey({ query: { grouping: 'day', page: 1, pageSize: 10, fillEmpty: false } })),
];
const invoices = () => [
  allOf(invoiceListIssuedQueryKey({ query: { page: 1, pageSize: 10 } })),
  allOf(invoiceGetIssuedQueryKey({ path: { id: '' } })),
  allOf(paymentsGetForInvoiceQueryKey({ path: { invoiceId: '' } })),
  allOf(paymentsGetOverdueQueryKey()),
];

/** Every change the app reports, and what shows it. */
const refreshes = {
  /** A note, material or time entry was recorded, changed or deleted. */
  entryChanged: () => [feeds(), totals(), entries(), report()],
  /** Photos were uploaded. */
  photosUploaded: () => [feeds(), photos()],
  /** A work confirmation was signed: it is in the feed, and what it covers is locked now. */
  confirmationCreated: () => [feeds(), entries(), photos(), ...timers()],
  /** Entries, time tracks and photos were marked processed or archived, or deleted by period. */
  activitiesMarked: () => [feeds(), totals(), entries(), report(), photos(), ...timers()],
  /** A payment was recorded or removed, an invoice or a reminder mailed: the register, the invoice's page, the overdue list. */
  invoicePaymentsChanged: () => invoices(),
  /** An invoice was cancelled: a credit note joins the register, and the original's entries are open (billable) again. */
  invoiceCancelled: () => [...invoices(), feeds(), totals(), entries(), report(), photos(), ...timers()],
  /** An invoice was issued: its entries are processed and bound to it, and the register lists it. */
  invoiceIssued: () => [...invoices(), feeds(), totals(), entries(), report(), ...timers()],
  /** A customer timer started, stopped, recorded, corrected or deleted. */
  timersChanged: () => [...timers(), feeds(), totals()],
  /** Clocked in or out, a break, a corrected or deleted segment. */
  workingTimeChanged: () => workingTime(),
  /** A consent was granted or revoked: the AI features, the position stamps (and their notice) and the consent history ask for it. */
  consentChanged: () => [
    allOf(aiGetStatusQueryKey()),
    allOf(managementGetTenantConsentQueryKey({ query: { purpose: 'gps' } })),
    allOf(managementGetConsentHistoryQueryKey({ query: { page: 1, pageSize: 10 } })),
  ],
} satisfies Record<string, () => ReturnType<typeof allOf>[]>;

export type DataEvent = keyof typeof refreshes;

/** Refreshes what shows the change. */
export function dataChanged(queryClient: QueryClient, event: DataEvent) {
  return Promise.all(refreshes[event]().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export const entryChanged = (queryClient: QueryClient) => dataChanged(queryClient, 'entryChanged');
export const photosUploaded = (queryClient: QueryClient) => dataChanged(queryClient, 'photosUploaded');
export const confirmationCreated = (queryClient: QueryClient) => dataChanged(queryClient, 'confirmationCreated');
export const activitiesMarked = (queryClient: QueryClient) => dataChanged(queryClient, 'activitiesMarked');
export const invoiceIssued = (queryClient: QueryClient) => dataChanged(queryClient, 'invoiceIssued');
export const timersChanged = (queryClient: QueryClient) => dataChanged(queryClient, 'timersChanged');
export const workingTimeChanged = (queryClient: QueryClient) => dataChanged(queryClient, 'workingTimeChanged');
export const invoicePaymentsChanged = (queryClient: QueryClient) => dataChanged(queryClient, 'invoicePaymentsChanged');
export const invoiceCancelled = (queryClient: QueryClient) => dataChanged(queryClient, 'invoiceCancelled');
export const consentChanged = (queryClient: QueryClient) => dataChanged(queryClient, 'consentChanged');
