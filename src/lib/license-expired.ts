/**
 * `NO_ACTIVE_LICENSE_MANAGER_TRIAL` from any call: no toast; the app
 * opens /license-expired with the checkout url and the role. The API client reports it here; the
 * root route listens and navigates (the client cannot import the router).
 */
import { ApiError, NO_ACTIVE_LICENSE_MANAGER_TRIAL } from './api-error';

interface LicenseExpiredSearch {
  role: string;
  checkoutUrl?: string;
}

const listeners = new Set<(search: LicenseExpiredSearch) => void>();

/** The search of /license-expired for an error, or null when it is not the trial error. */
export function licenseExpiredSearch(error: unknown): LicenseExpiredSearch | null {
  if (!(error instanceof ApiError) || !error.hasCode(NO_ACTIVE_LICENSE_MANAGER_TRIAL)) return null;
  const meta = error.messages.find((m) => m.code === NO_ACTIVE_LICENSE_MANAGER_TRIAL)?.meta;
  return {
    role: typeof meta?.role === 'string' && meta.role ? meta.role : 'Manager',
    ...(typeof meta?.checkoutUrl === 'string' ? { checkoutUrl: meta.checkoutUrl } : {}),
  };
}

/** Tells the listeners when the error is the trial error; returns whether it was. */
export function reportLicenseExpired(error: unknown): boolean {
  const search = licenseExpiredSearch(error);
  if (!search) return false;
  for (const listener of listeners) listener(search);
  return true;
}

export function onLicenseExpired(listener: (search: LicenseExpiredSearch) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
