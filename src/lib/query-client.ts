/**
 * The one QueryClient. Failed queries and mutations show their toast here, once per failure and
 * never during render:
 * - business error (the envelope carries codes) → red "Failed" toast, messages joined by line breaks;
 * - anything else → red "Unexpected error" toast;
 * - `NO_ACTIVE_LICENSE_MANAGER_TRIAL` and `NO_LICENSE` → no toast (the app opens /license-expired);
 * - a failed token refresh → a warning that the session ended (the layout opens /login).
 * Set `meta: { silent: true }` on a query or mutation that shows its own feedback.
 */
import { QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import {
  ApiError,
  NO_ACTIVE_LICENSE_MANAGER_TRIAL,
  NO_LICENSE,
  RefreshTokenError,
  isAbortError,
  toApiError,
} from './api-error';
import { describeApiError, errorLabels } from './error-messages';
import { clearToasts, showError, showWarning } from './notifications';
import { noteRefusal, offlineQueueSettings, QueuedChangesCache } from './offline-queue';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export function notifyError(error: unknown): void {
  if (isAbortError(error)) return;
  if (error instanceof RefreshTokenError) {
    // Every waiting call fails at once; one warning is enough.
    clearToasts('session');
    showWarning(describeApiError(i18n, toApiError(error)), {
      title: i18n._(errorLabels.sessionExpiredTitle),
      group: 'session',
    });
    return;
  }
  const apiError = toApiError(error);
  if (apiError.hasCode(NO_ACTIVE_LICENSE_MANAGER_TRIAL) || apiError.hasCode(NO_LICENSE)) return;
  const title = apiError.isBusinessError ? errorLabels.failedTitle : errorLabels.unexpectedTitle;
  showError(describeApiError(i18n, apiError), { title: i18n._(title) });
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2 || error instanceof RefreshTokenError) return false;
  // Client errors (4xx) will not get better by asking again; 0 = network failure.
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Offline, a screen shows what it last showed (kept on the device, decision 0038): no toast per read.
        if (!onlineManager.isOnline() && toApiError(error).status === 0) return;
        if (!query.meta?.silent) notifyError(error);
      },
    }),
    // Sends the queued changes a few at a time, in order where it matters (decision 0047).
    mutationCache: new QueuedChangesCache({
      onError: (error, _variables, _context, mutation, context) => {
        // A queued change refused after it waited goes to the "not sent" list (decision 0038).
        if (noteRefusal(context.client, error, mutation)) return;
        if (!mutation.meta?.silent) notifyError(error);
      },
    }),
    defaultOptions: {
      // Reads never wait for the connection: offline they fail at once and the screens say so (a
      // route's loader would otherwise wait forever). Changes do wait: a mutation made offline is
      // paused and sent when the connection returns (decision 0036).
      // Kept a day, so what the screens showed is kept on the device for reading offline (decision 0038).
      queries: { retry: shouldRetry, staleTime: 30_000, gcTime: offlineQueueSettings.keepMs, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false },
    },
  });
}

// TanStack Query starts out "online" and learns of a change only from the browser's events: an app
// opened without a connection (from the service worker's cache) starts as the browser sees it, so
// changes made then wait for the connection instead of failing (decision 0036).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

export const queryClient = createQueryClient();
