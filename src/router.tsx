import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ScreenError } from './components/screen-error';
import { queryClient as appQueryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

/** The app's router; tests pass a memory history and their own query client. */
export function createAppRouter({
  history,
  queryClient = appQueryClient,
}: { history?: RouterHistory; queryClient?: QueryClient } = {}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A failure no screen catches itself: translated, with a way back (the router's own is English).
    defaultErrorComponent: ScreenError,
    ...(history ? { history } : {}),
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
