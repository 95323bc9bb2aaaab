/**
 * The device's position for a record, only while the tenant's `gps` consent is granted: asks the browser once, gives up after 5 seconds, and answers null when there is no
 * consent, no permission or no fix. Never a movement trail.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { managementGetTenantConsentOptions } from '../../generated/api/@tanstack/react-query.gen';

export interface Position {
  latitude: number;
  longitude: number;
}

function useGpsConsent() {
  return useQuery({
    ...managementGetTenantConsentOptions({ query: { purpose: 'gps' } }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/**
 * Whether positions are recorded here, and if not, why: the firm has not given the `gps` consent,
 * the browser refuses this site the location, or the device or address gives none (geolocation
 * needs https or localhost). `unknown` while the consent is loading.
 */
export type GpsStatus = 'recorded' | 'noConsent' | 'browserDenied' | 'unavailable' | 'unknown';

export function useGpsStatus(): GpsStatus {
  const consent = useGpsConsent();
  const [denied, setDenied] = useState(false);
  const available = typeof navigator !== 'undefined' && !!navigator.geolocation && globalThis.isSecureContext !== false;
  useEffect(() => {
    if (!available || typeof navigator.permissions?.query !== 'function') return;
    let status: PermissionStatus | undefined;
    const update = () => setDenied(status?.state === 'denied');
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((answer) => {
        status = answer;
        update();
        answer.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', update);
  }, [available]);
  if (consent.isPending) return 'unknown';
  if (consent.data?.data?.granted !== true) return 'noConsent';
  if (!available) return 'unavailable';
  return denied ? 'browserDenied' : 'recorded';
}

export function useGpsPosition(): () => Promise<Position | null> {
  const consent = useGpsConsent();
  const granted = consent.data?.data?.granted === true;
  return () => {
    if (!granted || typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => resolve(null), 5000);
      navigator.geolocation.getCurrentPosition(
        (p) => {
          window.clearTimeout(timer);
          resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude });
        },
        () => {
          window.clearTimeout(timer);
          resolve(null);
        },
        { enableHighAccuracy: false, maximumAge: 60_000, timeout: 5000 },
      );
    });
  };
}
