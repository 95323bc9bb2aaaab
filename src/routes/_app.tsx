import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/app-shell/app-layout';
import { requireAccountChecks, requireAuth } from '../lib/auth-guards';

/**
 * The signed-in layout: every route below needs a session that is not expired (else
 * /login?returnUrl=), a confirmed email and accepted terms (spec sections 2 and 6).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    await requireAuth({ location });
    requireAccountChecks({ location });
  },
  component: () => (
    <AppLayout>
      <Outlet />
    </AppLayout>
  ),
});
