import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/app-shell/app-layout';
import { requireAccountChecks, requireAuth } from '../lib/auth-guards';

/** The signed-in layout: every route below needs a session (spec section 2). */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    await requireAuth({ location });
    requireAccountChecks();
  },
  component: () => (
    <AppLayout>
      <Outlet />
    </AppLayout>
  ),
});
