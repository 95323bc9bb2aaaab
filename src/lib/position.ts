/**
 * The device's position for a record, only while the tenant's `gps` consent is granted: asks the browser once, gives up after 5 seconds, and answers null when there is no
 * consent, no permission or no fix. Never a movement trail.
 */
import { useQuery } from '@tanstack/react-query';
import { managementGetTenantConsentOptions } from '../../generated/api/@tanstack/react-query.gen';

export interface Position {
  latitude: number;
  longitude: number;
}

export function useGpsPosition(): () => Promise<Position | null> {
  const consent = useQuery({
    ...managementGetTenantConsentOptions({ query: { purpose: 'gps' } }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
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
