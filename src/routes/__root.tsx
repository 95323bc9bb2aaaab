import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, createRootRouteWithContext, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onLicenseExpired } from '../lib/license-expired';
import { useDocumentTitleFromHeading } from '../lib/document-title';

interface RouterContext {
  queryClient: QueryClient;
}

/** `NO_ACTIVE_LICENSE_MANAGER_TRIAL` or `NO_LICENSE` from any call opens /license-expired; every screen titles the document. */
function LicenseExpiredRedirect() {
  const navigate = useNavigate();
  useDocumentTitleFromHeading();
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
