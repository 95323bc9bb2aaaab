/**
 * Shared helpers of the component tests: fake tokens, a session in localStorage, the whole app.
 * The API is answered by contract-server.ts, its data comes from contract-data.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { layoutActions } from '../../src/components/app-shell/layout-state';
import { AppProviders } from '../../src/components/app-providers';
import { activateLocale } from '../../src/lib/i18n';
import { createQueryClient } from '../../src/lib/query-client';
import { reloadSession } from '../../src/lib/session';
import { storageKeys } from '../../src/lib/storage';
import { createAppRouter } from '../../src/router';
import { ids } from './contract-data';

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
    sub: ids.me,
    tenantId: ids.tenant,
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
      refreshToken: options.refreshToken === undefined ? 'rt_refresh-token-1' : options.refreshToken,
      userId: ids.me,
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

/**
 * Renders the whole app (providers + router) at a path, in German unless told otherwise.
 * `beforeStart` gets the query client before the first render, as `main.tsx` prepares it (the
 * kept data restored, the first calls sent).
 */
export async function renderApp(
  path: string,
  { locale = 'de', beforeStart }: { locale?: 'de' | 'en'; beforeStart?: (queryClient: QueryClient) => Promise<void> } = {},
) {
  await activateLocale(locale);
  layoutActions.reset();
  const queryClient = createQueryClient();
  await beforeStart?.(queryClient);
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

/**
 * Waits for the dialog with this title while its code loads on first use (on a busy machine that
 * takes a while). A plain selector: role queries over the whole page, every 50 ms, starve the lazy
 * import.
 */
export function findLazyDialog(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
        (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === title,
      );
      expect(found).toBeDefined();
      return found!;
    },
    { timeout: 20_000, interval: 250 },
  );
}
