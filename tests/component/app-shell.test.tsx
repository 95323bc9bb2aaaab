import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  initialLayoutState,
  isDesktopWidth,
  layoutActions,
  resetMenu,
  toggleMenu,
} from '../../src/components/app-shell/layout-state';
import { getSession } from '../../src/lib/session';
import { account, authSession, emptyFirm, page, tenantProfile } from './contract-data';
import { failure, serveContract } from './contract-server';
import { injectSession, makeJwt, renderApp, setWindowWidth } from './helpers';

function menuButton() {
  return screen.getByRole('button', { name: /menü (ein|aus)blenden|(show|hide) menu/i });
}

function sideMenu() {
  return document.getElementById('app-navbar')!;
}

describe('menu toggle rules', () => {
  it('overlay mode flips the overlay menu on any width', () => {
    const s = toggleMenu(initialLayoutState, 'overlay', true);
    expect(s.overlayMenuActive).toBe(true);
    expect(s.staticMenuDesktopInactive).toBe(false);
    expect(toggleMenu(s, 'overlay', false).overlayMenuActive).toBe(false);
  });

  it('static mode flips "desktop inactive" on desktop and "mobile active" on a phone', () => {
    const desktop = toggleMenu(initialLayoutState, 'static', true);
    expect(desktop).toMatchObject({ staticMenuDesktopInactive: true, staticMenuMobileActive: false });
    const phone = toggleMenu(initialLayoutState, 'static', false);
    expect(phone).toMatchObject({ staticMenuDesktopInactive: false, staticMenuMobileActive: true });
  });

  it('reset closes overlay, mobile menu and hover state, and keeps the desktop flag', () => {
    const open = { ...initialLayoutState, overlayMenuActive: true, staticMenuMobileActive: true, menuHoverActive: true, staticMenuDesktopInactive: true };
    expect(resetMenu(open)).toMatchObject({
      overlayMenuActive: false,
      staticMenuMobileActive: false,
      menuHoverActive: false,
      staticMenuDesktopInactive: true,
    });
  });

  it('counts a window wider than 991 px as desktop', () => {
    expect(isDesktopWidth(992)).toBe(true);
    expect(isDesktopWidth(991)).toBe(false);
  });
});

beforeEach(() => {
  serveContract(emptyFirm);
});

describe('app shell', () => {
  beforeEach(() => {
    injectSession({ roles: ['Manager'] });
  });

  afterEach(() => {
    setWindowWidth(1024);
    window.localStorage.removeItem('fieldbook-layout');
    layoutActions.reset();
  });

  it('shows the menu groups, the page and the footer in German', async () => {
    setWindowWidth(1440);
    await renderApp('/customerlist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kunden' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
    for (const group of ['Aktivität', 'Stammdaten', 'Mitarbeiter', 'Verwaltung']) {
      expect(within(nav).getByRole('group', { name: group })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Firmenprofil' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'Kunden' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Fieldbook');
  });

  it('on desktop the toggle hides and shows the static menu', async () => {
    setWindowWidth(1440);
    const user = userEvent.setup();
    await renderApp('/customerlist');
    await screen.findByRole('heading', { level: 1, name: 'Kunden' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(sideMenu()).not.toHaveAttribute('inert');

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(sideMenu()).toHaveAttribute('inert');
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('on a phone the toggle opens a drawer that closes on a click outside and on navigation', async () => {
    setWindowWidth(390);
    const user = userEvent.setup();
    const { router } = await renderApp('/customerlist');
    await screen.findByRole('heading', { level: 1, name: 'Kunden' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(sideMenu()).toHaveAttribute('inert');

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const backdrop = screen.getByTestId('menu-backdrop');
    await user.click(backdrop);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();

    await user.click(menuButton());
    await user.click(within(sideMenu()).getByRole('link', { name: 'Material' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/materiallist'));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('in overlay mode the toggle floats the menu over the content on desktop', async () => {
    setWindowWidth(1440);
    window.localStorage.setItem('fieldbook-layout', JSON.stringify({ menuMode: 'overlay' }));
    const user = userEvent.setup();
    await renderApp('/library');
    await screen.findByRole('heading', { level: 1, name: 'Bibliothek' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('menu-backdrop')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('clicking the entry of the current page stays on it', async () => {
    setWindowWidth(1440);
    const user = userEvent.setup();
    const { router } = await renderApp('/materiallist');
    await screen.findByRole('heading', { level: 1, name: 'Material' });
    await user.click(within(sideMenu()).getByRole('link', { name: 'Material' }));
    expect(router.state.location.pathname).toBe('/materiallist');
    expect(screen.getByRole('heading', { level: 1, name: 'Material' })).toBeInTheDocument();
  });

  it('the language switch changes the visible text to English and back', async () => {
    setWindowWidth(1440);
    serveContract({
      ...emptyFirm,
      usersUpdateMe: ({ body }) => account({ language: (body as { language: 'de' | 'en' }).language }),
      authRefreshToken: () => authSession(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, role: ['Manager'], TermsConfirmed: 'true' })),
    });
    const user = userEvent.setup();
    await renderApp('/customerlist');
    await screen.findByRole('heading', { level: 1, name: 'Kunden' });

    await user.click(screen.getByRole('button', { name: /sprache: deutsch/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toHaveTextContent('Master data');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('fieldbook-locale')).toBe('en');

    await user.click(screen.getByRole('button', { name: /language: english/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kunden' })).toBeInTheDocument();
  });

  it('logout from the user menu clears the session and opens /login', async () => {
    setWindowWidth(1440);
    const user = userEvent.setup();
    const { router } = await renderApp('/customerlist');
    await screen.findByRole('heading', { level: 1, name: 'Kunden' });
    await user.click(screen.getByRole('button', { name: /Benutzermenü/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem('fieldbook-session')).toBeNull();
  });

  it('Profile in the user menu opens /account', async () => {
    setWindowWidth(1440);
    serveContract({ ...emptyFirm, usersGet: account(), authWebAuthnGetKeys: page([]) });
    const user = userEvent.setup();
    const { router } = await renderApp('/customerlist');
    await screen.findByRole('heading', { level: 1, name: 'Kunden' });
    await user.click(screen.getByRole('button', { name: /Benutzermenü/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profil' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Konto' })).toBeInTheDocument();
  });
});

describe('routes and guards', () => {
  it('sends a visitor without session to /login with the return url', async () => {
    const { router } = await renderApp('/customerlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ returnUrl: '/customerlist' });
  });

  it('sends an expired session without refresh token to /login', async () => {
    injectSession({ exp: 1_000, refreshToken: null });
    const { router } = await renderApp('/library');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends an Employee from the dashboard to the customer list, still signed in, without a dashboard entry', async () => {
    setWindowWidth(1440);
    injectSession({ roles: ['Employee'] });
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerlist'));
    expect(getSession().token).not.toBeNull();
    const nav = await screen.findByRole('navigation', { name: 'Hauptmenü' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('logs a user without a known role out and shows /info on the dashboard', async () => {
    injectSession({ roles: ['Guest'] });
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/info'));
    expect(getSession().token).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeInTheDocument();
  });

  it('goes straight to login when the session was ended on another device, before any screen asks for data', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({
      localisationGetTextOverrides: failure(401, 'TOKEN_INVALID', 'Die Anmeldung ist ungültig.'),
      authRefreshToken: failure(401, 'TOKEN_INVALID', 'Die Anmeldung ist ungültig.'),
    });
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession().token).toBeNull();
    // The firm's profile is asked beside the texts (decision 0049); both wait for the one refresh.
    expect(new Set(server.calls().map((c) => c.operationId))).toEqual(new Set(['localisationGetTextOverrides', 'managementGetTenant', 'authRefreshToken']));
    expect(server.calls().filter((c) => c.operationId === 'authRefreshToken')).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('asks for the firm\'s texts and profile at the same time, and for the screen\'s data only when both have answered', async () => {
    injectSession({ roles: ['Manager'] });
    // The texts answer only when the profile has been asked too (or after a second, which fails the test).
    let profileAsked = () => {};
    const profileSeen = new Promise<void>((resolve) => (profileAsked = resolve));
    let askedTogether = false;
    const server = serveContract({
      ...emptyFirm,
      localisationGetTextOverrides: async () => {
        askedTogether = await Promise.race([profileSeen.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000))]);
        return { items: [] };
      },
      managementGetTenant: () => {
        profileAsked();
        return tenantProfile();
      },
    });
    await renderApp('/customerlist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kunden' })).toBeInTheDocument();
    expect(askedTogether).toBe(true);
    const order = server.calls().map((c) => c.operationId);
    expect(order.indexOf('customersGetAll')).toBeGreaterThan(Math.max(order.indexOf('localisationGetTextOverrides'), order.indexOf('managementGetTenant')));
  });

  it('lets the Owner see the dashboard', async () => {
    injectSession({ roles: ['Owner'] });
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('redirects unknown paths to the dashboard', async () => {
    injectSession({ roles: ['Manager'] });
    const { router } = await renderApp('/does/not/exist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('titles the document after the screen\'s heading, in the UI\'s language', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract({ ...emptyFirm });
    const { router } = await renderApp('/customerlist');
    await waitFor(() => expect(document.title).toBe('Kunden – Fieldbook'));
    await act(async () => {
      await router.navigate({ to: '/materiallist' });
    });
    await waitFor(() => expect(document.title).toBe('Material – Fieldbook'));
    // The keyboard's first stop skips header and menu.
    const skip = screen.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('reads ?tab= on /profile and falls back to the first tab when invalid', async () => {
    // An Employee: the tabs' screens ask the API nothing they may not read.
    injectSession({ roles: ['Employee'] });
    serveContract({ managementGetTenant: tenantProfile() });
    const { router } = await renderApp('/profile?tab=2');
    expect(await screen.findByRole('tab', { name: 'Lizenzen', selected: true })).toBeInTheDocument();
    await act(async () => {
      await router.navigate({ to: '/profile', search: { tab: 99 } });
    });
    expect(await screen.findByRole('tab', { name: 'Firma', selected: true })).toBeInTheDocument();
  });
});
