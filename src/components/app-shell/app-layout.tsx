import { useLingui } from '@lingui/react/macro';
import { AppShell } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { safeReturnUrl } from '../../lib/auth-guards';
import { getSessionEndReason, useSession } from '../../lib/session';
import { AppFooter } from './app-footer';
import { AppHeader, NAVBAR_ID } from './app-header';
import { AppNavbar } from './app-navbar';
import classes from './app-shell.module.css';
import { isMenuFloating, isMenuVisible, layoutActions, useLayout } from './layout-state';
import { useIsDesktop } from './use-desktop';

export const HEADER_HEIGHT = 60;
export const NAVBAR_WIDTH = 264;

/** When the session ends while inside the layout, leave for /login (or let the role guard act). */
function useLeaveWhenSignedOut() {
  const { token } = useSession();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (token) return;
    const reason = getSessionEndReason();
    if (reason === 'forbidden') {
      queryClient.clear();
      return; // a guard that refused the role redirects to /info itself.
    }
    const returnUrl = reason === 'expired' ? safeReturnUrl(router.state.location.href) : undefined;
    // Cleared once the screens are gone: cleared while they are mounted, their queries would
    // fetch again at once, without a token.
    // The queue of changes waiting for the connection stays (decision 0038): after signing in
    // again it is sent; signing out clears it (`sign-out.ts`).
    void navigate({ to: '/login', search: { returnUrl }, replace: true }).finally(() => queryClient.getQueryCache().clear());
  }, [token, navigate, router, queryClient]);
}

/**
 * The shell around every signed-in screen: top bar, side menu (static or overlay; a drawer with
 * backdrop on phones), content and footer. `aboveContent` stands above every screen's content
 * (the route passes the running-timers bar), so the shell needs no feature.
 */
export function AppLayout({ aboveContent, children }: { aboveContent?: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  const { config, state } = useLayout();
  const desktop = useIsDesktop();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const overlay = config.menuMode === 'overlay';
  const floating = isMenuFloating(state, config.menuMode, desktop);
  const visible = isMenuVisible(state, config.menuMode, desktop);

  useLeaveWhenSignedOut();

  // Navigating closes the overlay and the phone menu.
  useEffect(() => {
    layoutActions.resetMenu();
  }, [pathname]);

  useEffect(() => {
    if (!floating) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') layoutActions.resetMenu();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [floating]);

  const collapsed = overlay
    ? { desktop: !state.overlayMenuActive, mobile: !state.overlayMenuActive }
    : { desktop: state.staticMenuDesktopInactive, mobile: !state.staticMenuMobileActive };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'md', collapsed }}
      padding={0}
      className={classes.shell}
      mod={{ 'menu-mode': config.menuMode, 'menu-floating': floating }}
      classNames={{ navbar: classes.navbar, main: classes.main }}
    >
      {/* The first stop of the keyboard: past the header and the menu straight to the screen. */}
      <a href="#main-content" className={classes.skipLink}>
        {t`Skip to content`}
      </a>
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Navbar id={NAVBAR_ID} aria-label={t`Side menu`} inert={!visible}>
        <AppNavbar />
      </AppShell.Navbar>
      {floating ? (
        <div className={classes.backdrop} data-testid="menu-backdrop" aria-hidden="true" onClick={() => layoutActions.resetMenu()} />
      ) : null}
      <AppShell.Main>
        {aboveContent}
        <div className={classes.content} id="main-content" tabIndex={-1}>
          {children}
        </div>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
