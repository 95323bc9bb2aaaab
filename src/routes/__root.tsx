import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, createRootRouteWithContext, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onLicenseExpired } from '../lib/license-expired';
import { useDocumentTitleFromHeading, useFocusHeadingAfterNavigation } from '../lib/document-title';

interface RouterContext {
  queryClient: QueryClient;
}

/**
 * `NO_ACTIVE_LICENSE_MANAGER_TRIAL` or `NO_LICENSE` from any call opens /license-expired; every
 * screen titles the document, and takes a focus that navigation lost.
 */
function LicenseExpiredRedirect() {
  const navigate = useNavigate();
  // The shown screen's path (resolved), not one still loading.
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname ?? state.location.pathname });
  useDocumentTitleFromHeading();
  useFocusHeadingAfterNavigation(pathname);
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
