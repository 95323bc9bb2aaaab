import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Unknown paths go to the dashboard (spec section 2); the splat route `$.tsx` catches most,
  // this covers a `notFound()` thrown by a loader.
  notFoundComponent: () => <Navigate to="/" replace />,
});
