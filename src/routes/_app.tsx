import { ModalsProvider } from '@mantine/modals';
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { AppLayout } from '../components/app-shell/app-layout';
import { RunningTimersBar } from '../features/time-tracking/running-timers-bar';
import { TextOverridesLoader } from '../features/localisation/text-overrides-loader';
import { needsOnboarding } from '../features/profile/onboarding';
import { useSession } from '../lib/session';

const OnboardingDialog = lazy(() => import('../features/profile/onboarding-dialog'));

/**
 * A new firm's Owner is asked for name, company and rate once, then for the optional consents (the
 * dialog loads only then). Once shown it stays until it closes itself: saving the name ends the
 * need, but not the consents step that follows.
 */
function Onboarding() {
  const session = useSession();
  const [shown, setShown] = useState(false);
  const needed = needsOnboarding(session);
  if (needed && !shown) setShown(true);
  if (!needed && !shown) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingDialog />
    </Suspense>
  );
}
import { requireAccountChecks, requireAuth, requireLiveSession } from '../lib/auth-guards';

/**
 * The signed-in layout: every route below needs a session that is not expired and still alive on
 * the server (else /login?returnUrl=), a confirmed email and accepted terms. The running timers and clock in/out
 * stand above the content of every screen; the firm's own texts apply here.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location, context }) => {
    await requireAuth({ location });
    requireAccountChecks({ location });
    await requireLiveSession(context.queryClient, { location });
  },
  // The confirmation dialogs (`modals.openConfirmModal`) are only asked for here: the public
  // screens do without Mantine's modal code in the entry.
  component: () => (
    <ModalsProvider>
      <AppLayout aboveContent={<RunningTimersBar />}>
        <TextOverridesLoader />
        <Onboarding />
        <Outlet />
      </AppLayout>
    </ModalsProvider>
  ),
});
