/** Shared helpers of the component tests: fake tokens, a session in localStorage, the whole app. */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { layoutActions } from '../../src/components/app-shell/layout-state';
import { AppProviders } from '../../src/components/app-providers';
import { client, configureApiClient } from '../../src/lib/api-client';
import { activateLocale } from '../../src/lib/i18n';
import { createQueryClient } from '../../src/lib/query-client';
import { reloadSession } from '../../src/lib/session';
import { storageKeys } from '../../src/lib/storage';
import { createAppRouter } from '../../src/router';

function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const binary = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the given claims (the app reads claims, the server checks signatures). */
export function makeJwt(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.c2lnbmF0dXJl`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

/** Writes a signed-in session to localStorage, as an e2e test or screenshot script would. */
export function injectSession(
  options: {
    roles?: string[];
    exp?: number;
    refreshToken?: string | null;
    termsConfirmed?: boolean;
    emailConfirmed?: boolean;
    sid?: string;
  } = {},
) {
  const token = makeJwt({
    sub: 'user-1',
    tenantId: 'tenant-1',
    iss: 'fieldbook',
    exp: options.exp ?? inOneHour(),
    role: options.roles ?? ['Manager'],
    TermsConfirmed: options.termsConfirmed === false ? 'false' : 'true',
    ...(options.emailConfirmed === undefined ? {} : { emailConfirmed: options.emailConfirmed }),
    ...(options.sid ? { sid: options.sid } : {}),
  });
  window.localStorage.setItem(
    storageKeys.session,
    JSON.stringify({
      token,
      refreshToken: options.refreshToken === undefined ? 'refresh-1' : options.refreshToken,
      userId: 'user-1',
      userName: 'anna',
      userEmail: 'anna@elektro-schneider.de',
      emailConfirmed: true,
      isMaster: false,
      firstName: 'Anna',
      lastName: 'Schneider',
      showMenu: true,
    }),
  );
  reloadSession();
  return token;
}

export function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

/** Renders the whole app (providers + router) at a path, in German unless told otherwise. */
export async function renderApp(path: string, { locale = 'de' }: { locale?: 'de' | 'en' } = {}) {
  await activateLocale(locale);
  layoutActions.reset();
  const queryClient = createQueryClient();
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }), queryClient });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await act(async () => {
    await router.load();
  });
  return { ...view, router, queryClient };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function envelope(data: unknown) {
  return { isSuccess: true, data, errorMessages: [], errors: {}, successMessage: null };
}

export function errorEnvelope(
  code: string,
  message: string,
  options: { errors?: Record<string, string[]>; meta?: Record<string, unknown> } = {},
) {
  return {
    isSuccess: false,
    data: null,
    errorMessages: [{ code, message, ...(options.meta ? { meta: options.meta } : {}) }],
    errors: options.errors ?? {},
    successMessage: null,
  };
}

type RouteAnswer = unknown | ((request: Request) => unknown);

/**
 * Stubs `fetch` with answers per operation (`'PUT /api/Users/UpdateMe'` or just the path). A plain
 * value is wrapped in the success envelope; a Response is sent as it is; unknown paths answer 404.
 */
export function mockApi(routes: Record<string, RouteAnswer>) {
  configureApiClient();
  client.setConfig({ baseUrl: 'http://localhost' });
  const fetchMock = vi.fn(async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(input, 'http://localhost'), init);
    const path = new URL(request.url).pathname;
    const route = routes[`${request.method} ${path}`] ?? routes[path];
    if (route === undefined) return json(errorEnvelope('NOT_FOUND', 'Not found'), 404);
    const value: unknown = typeof route === 'function' ? await (route as (r: Request) => unknown)(request) : route;
    return value instanceof Response ? value : json(envelope(value));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The own account as `Users/Get` answers it. */
export function accountAnswer(overrides: Record<string, unknown> = {}) {
  return {
    id: 'user-1',
    email: 'anna@elektro-schneider.de',
    userName: 'anna@elektro-schneider.de',
    firstName: 'Anna',
    lastName: 'Schneider',
    roles: ['Manager'],
    archived: false,
    emailConfirmed: true,
    invitationPending: false,
    language: 'de',
    hasLicense: true,
    lastLoginAtUtc: '2026-11-20T08:00:00.000Z',
    createdAtUtc: '2026-10-01T08:00:00.000Z',
    sessions: [
      {
        id: 'session-1',
        deviceId: 'backoffice_1',
        deviceLabel: 'Chrome · Linux',
        createdAtUtc: '2026-11-20T08:00:00.000Z',
        lastUsedAtUtc: '2026-11-22T08:00:00.000Z',
        current: true,
      },
      {
        id: 'session-2',
        deviceId: 'backoffice_2',
        deviceLabel: 'Safari · iOS',
        createdAtUtc: '2026-11-18T08:00:00.000Z',
        lastUsedAtUtc: '2026-11-21T17:30:00.000Z',
        current: false,
      },
    ],
    ...overrides,
  };
}
