/**
 * `NO_ACTIVE_LICENSE_MANAGER_TRIAL` or `NO_LICENSE` from any call: no toast; the app opens
 * /license-expired with the reason, the checkout url and the role. The API client reports it here; the
 * root route listens and navigates (the client cannot import the router).
 */
import { ApiError, NO_ACTIVE_LICENSE_MANAGER_TRIAL, NO_LICENSE } from './api-error';

interface LicenseExpiredSearch {
  /** `trial`: the firm's trial ended unpaid; `license`: the firm pays, but not for this member. */
  reason: 'trial' | 'license';
  role?: string;
  checkoutUrl?: string;
}

const listeners = new Set<(search: LicenseExpiredSearch) => void>();

/** The search of /license-expired for an error, or null when it is not a licensing refusal. */
export function licenseExpiredSearch(error: unknown): LicenseExpiredSearch | null {
  if (!(error instanceof ApiError)) return null;
  if (error.hasCode(NO_LICENSE)) return { reason: 'license' };
  if (!error.hasCode(NO_ACTIVE_LICENSE_MANAGER_TRIAL)) return null;
  const meta = error.messages.find((m) => m.code === NO_ACTIVE_LICENSE_MANAGER_TRIAL)?.meta;
  return {
    reason: 'trial',
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
