import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deriveTenantName } from '../../src/features/auth/tenant-name';
import { getSession, reloadSession } from '../../src/lib/session';
import { authSession } from './contract-data';
import { failure, serveContract, type ContractServer } from './contract-server';
import { inOneHour, makeJwt, renderApp } from './helpers';

let server: ContractServer;

beforeEach(() => {
  reloadSession();
  server = serveContract();
});

describe('tenant name', () => {
  it('is the part before the @ without non-alphanumerics', () => {
    expect(deriveTenantName('elektro.schneider-gmbh@example.de')).toBe('elektroschneidergmbh');
    expect(deriveTenantName('  müller_bau@web.de ')).toBe('müllerbau');
  });
});

describe('auth screen', () => {
  it('validates the sign-in form with its messages', async () => {
    const user = userEvent.setup();
    await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument();
    expect(server.calls()).toEqual([]);
  });

  it('posts the sign-in and shows the business error toast of the server (here 501)', async () => {
    server.use({ authSignIn: failure(501, 'FEATURE_NOT_IMPLEMENTED', 'This call is not built yet.') });
    const user = userEvent.setup();
    await renderApp('/login');
    await user.type(await screen.findByLabelText(/E-Mail oder Benutzername/), 'anna@elektro-schneider.de');
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim123');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    // The server words its answer (in the language the app sends); the app shows it as it is.
    expect(await screen.findByText('This call is not built yet.')).toBeInTheDocument();
    expect(screen.getByText('Fehlgeschlagen')).toBeInTheDocument();
    const [request] = server.calls();
    expect(request.url.pathname).toBe('/api/Auth/SignIn');
    expect(request.body).toEqual({ userNameOrEmail: 'anna@elektro-schneider.de', password: 'geheim123' });
  });

  it('validates the registration form and requires accepted terms', async () => {
    const user = userEvent.setup();
    await renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findAllByText('Bitte geben Sie E-Mail-Adresse und Passwort ein.')).toHaveLength(2);
    expect(screen.getByText('Bitte akzeptieren Sie die Nutzungsbedingungen.')).toBeInTheDocument();
    expect(server.calls()).toEqual([]);
  });

  it('signs up with the derived tenant name and starts the session from the answer', async () => {
    const userId = crypto.randomUUID();
    const tenantId = crypto.randomUUID();
    const token = makeJwt({ sub: userId, exp: inOneHour(), role: ['Owner'], tenantId, TermsConfirmed: 'true' });
    server.use({
      authSignUp: authSession(token, {
        refreshToken: 'rt_first-refresh-token',
        id: userId,
        userName: 'max',
        email: 'max.muster@example.de',
        emailConfirmed: false,
        tenantId,
        roles: ['Owner'],
        firstName: null,
        lastName: null,
      }),
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/register');
    await user.type(await screen.findByLabelText(/^E-Mail/), 'max.muster@example.de');
    expect(screen.getByLabelText('Firmenname')).toHaveValue('maxmuster');
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim123');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Konto erstellen' }));

    // The new account's email is not confirmed yet: the confirmation page comes first.
    await waitFor(() => expect(router.state.location.pathname).toBe('/missing-email-confirmation'));
    const [request] = server.calls();
    expect(request.url.pathname).toBe('/api/Auth/SignUp');
    expect(request.body).toEqual({
      email: 'max.muster@example.de',
      password: 'geheim123',
      tenantName: 'maxmuster',
      termsConfirmed: true,
      language: 'de',
    });
    expect(getSession()).toMatchObject({ token, userId, roles: ['Owner'] });
  });

  it('switches between the tabs by route', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/login?returnUrl=%2Flibrary');
    await user.click(await screen.findByRole('tab', { name: 'Registrieren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(router.state.location.search).toEqual({ returnUrl: '/library' });
  });

  it('shows the wait of a 429 at sign-in and keeps the button disabled meanwhile', async () => {
    server.use({
      authSignIn: failure(429, 'RATE_LIMITED', 'Zu viele Versuche', { meta: { retryAfterSeconds: 120 }, headers: { 'Retry-After': '120' } }),
    });
    const user = userEvent.setup();
    await renderApp('/login');
    await user.type(await screen.findByLabelText(/E-Mail oder Benutzername/), 'anna@elektro-schneider.de');
    await user.type(screen.getByLabelText(/^Passwort/), 'falsch-falsch');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText(/Bitte warten Sie 120 Sekunden/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
  });

  it('puts the server field errors onto the fields (a known email)', async () => {
    server.use({
      authSignUp: failure(409, 'EMAIL_ALREADY_REGISTERED', 'Es gibt bereits ein Konto.', {
        errors: { email: ['Mit dieser E-Mail-Adresse gibt es bereits ein Konto.'] },
      }),
    });
    const user = userEvent.setup();
    await renderApp('/register');
    await user.type(await screen.findByLabelText(/^E-Mail/), 'max@example.de');
    await user.clear(screen.getByLabelText('Firmenname'));
    await user.type(screen.getByLabelText('Firmenname'), 'Elektro Max');
    await user.type(screen.getByLabelText(/^Passwort/), 'Sonnenblume-Kabel-42');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Mit dieser E-Mail-Adresse gibt es bereits ein Konto.')).toBeInTheDocument();
    expect((server.calls()[0].body as { tenantName: string }).tenantName).toBe('Elektro Max');
  });

  it('offers Google and Apple only when the server configured them', async () => {
    await renderApp('/login');
    await screen.findByRole('tab', { name: 'Anmelden' });
    expect(screen.queryByRole('button', { name: 'Weiter mit Google' })).toBeNull();
    cleanup();
    window.__FIELDBOOK_CONFIG__ = { google: { clientId: 'c', authUrl: 'https://accounts.example/auth' }, apple: null };
    try {
      await renderApp('/login');
      expect(await screen.findByRole('button', { name: 'Weiter mit Google' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Weiter mit Apple' })).toBeNull();
    } finally {
      delete window.__FIELDBOOK_CONFIG__;
    }
  });

  it('opens /license-expired with the checkout url when the trial ended at sign-in, without a toast', async () => {
    server.use({
      authSignIn: failure(403, 'NO_ACTIVE_LICENSE_MANAGER_TRIAL', 'Trial', { meta: { checkoutUrl: 'https://pay.example/c/9', role: 'Manager' } }),
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/login');
    await user.type(await screen.findByLabelText(/E-Mail oder Benutzername/), 'anna@elektro-schneider.de');
    await user.type(screen.getByLabelText(/^Passwort/), 'Sonnenblume-Kabel-42');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/license-expired'));
    expect(router.state.location.search).toEqual({ reason: 'trial', role: 'Manager', checkoutUrl: 'https://pay.example/c/9' });
    expect(await screen.findByRole('link', { name: 'Lizenzen kaufen' })).toHaveAttribute('href', 'https://pay.example/c/9');
    expect(screen.queryByText('Fehlgeschlagen')).toBeNull();
  });
});

describe('email confirmation links that did not work', () => {
  it('says that a newer link was sent for a replaced link, not that the address is confirmed', async () => {
    await renderApp('/email-confirmation?status=replaced');
    expect(await screen.findByText('Ein neuerer Bestätigungslink wurde gesendet')).toBeInTheDocument();
    expect(screen.getByText(/Öffnen Sie den Link in der neuesten E-Mail/)).toBeInTheDocument();
    expect(screen.queryByText(/bereits bestätigt/)).toBeNull();
  });
});
