import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { colorSchemeManager, useAppDarkClass } from '../lib/color-scheme';
import { i18n } from '../lib/i18n';
import { TOAST_WIDTH } from '../lib/notifications';
import { readableColors, theme } from '../theme';
import { useIdlePreload, useMountedOnce } from '../lib/use-lazy-dialog';

// The toasts' container (transitions, portal) loads once the app is idle and mounts with the first
// toast; a toast shown before waits in Mantine's store and appears as soon as it is there.
const loadToasts = () => import('./toasts');
const Toasts = lazy(() => loadToasts().then((module) => ({ default: module.Notifications })));

function LazyToasts() {
  const state = useNotifications();
  const mounted = useMountedOnce(state.notifications.length + state.queue.length > 0);
  useIdlePreload(loadToasts);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom centre: toasts cover neither the user menu nor the timer bar at the top. */}
      <Toasts position="bottom-center" containerWidth={TOAST_WIDTH} limit={5} />
    </Suspense>
  );
}

function AppDarkClass() {
  useAppDarkClass();
  return null;
}

/**
 * The theme with the texts Mantine needs in the UI's language: the close button of every dialog
 * and drawer is named ("Schließen" / "Close"), which screen readers otherwise announce as "button".
 */
function LocalizedMantine({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const { t } = useLingui();
  const close = t`Close`;
  const pageControls: Record<string, string> = { next: t`Next page`, previous: t`Previous page`, first: t`First page`, last: t`Last page` };
  const pageControlsKey = JSON.stringify(pageControls);
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          // A dialog's <header> is no page banner: without the role a screen reader lists a second one.
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': close }, attributes: { header: { role: 'none' } } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close }, attributes: { header: { role: 'none' } } } },
          // A table wider than a phone scrolls sideways: its scroll area takes the focus, so arrow keys scroll it.
          TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
          // The arrows of every pagination are named, too.
          Pagination: { defaultProps: { getControlProps: (control: string) => ({ 'aria-label': pageControls[control] }) } },
        },
      }),
    [close, pageControlsKey], // eslint-disable-line react-hooks/exhaustive-deps -- the labels by value
  );
  return (
    <MantineProvider
      theme={localized}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
      cssVariablesResolver={readableColors}
    >
      {children}
    </MantineProvider>
  );
}

function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n: current } = useLingui();
  // German weeks start on Monday; English (spec: Sunday) on Sunday.
  const firstDayOfWeek = current.locale === 'de' ? 1 : 0;
  return <DatesProvider settings={{ locale: current.locale, firstDayOfWeek }}>{children}</DatesProvider>;
}

/**
 * Everything around the router: i18n, Mantine (theme, colour scheme, toasts), TanStack Query. The
 * confirmation dialogs (`modals.openConfirmModal`) are the signed-in screens' (src/routes/_app.tsx).
 */
export function AppProviders({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** `test` turns off Mantine's transitions and portals (component tests). */
  env?: 'default' | 'test';
}) {
  return (
    <I18nProvider i18n={i18n}>
      <LocalizedMantine env={env}>
        <AppDarkClass />
        <LazyToasts />
        <LocalizedDates>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </LocalizedDates>
      </LocalizedMantine>
    </I18nProvider>
  );
}
