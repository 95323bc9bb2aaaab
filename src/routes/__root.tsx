import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, createRootRouteWithContext, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onLicenseExpired } from '../lib/license-expired';

interface RouterContext {
  queryClient: QueryClient;
}

/** `NO_ACTIVE_LICENSE_MANAGER_TRIAL` from any call opens /license-expired. */
function LicenseExpiredRedirect() {
  const navigate = useNavigate();
  useEffect(
    () => onLicenseExpired((search) => void navigate({ to: '/license-expired', search, replace: true })),
    [navigate],
  );
  return null;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <LicenseExpiredRedirect />
      <Outlet />
    </>
  ),
  // Unknown paths go to the dashboard; the splat route `$.tsx` catches most,
  // this covers a `notFound()` thrown by a loader.
  notFoundComponent: () => <Navigate to="/" replace />,
});
