/**
 * The firm's settings the app applies everywhere: its time zone, in which periods such as "last
 * month" begin and end, and its invoice language (the profile, which every member may read).
 * Undefined until the profile has loaded.
 */
import { useQuery } from '@tanstack/react-query';
import { managementGetTenantOptions } from '../../generated/api/@tanstack/react-query.gen';

export function useFirmSettings() {
  const tenant = useQuery({ ...managementGetTenantOptions(), staleTime: 60_000, meta: { silent: true } });
  const data = tenant.data?.data;
  return { timeZone: data?.timeZone, invoiceLanguage: data?.invoiceLanguage, settled: !tenant.isPending };
}
