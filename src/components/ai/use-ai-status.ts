/** What AI and voice can do for the firm now (consent, configured services, limits), asked once a minute. */
import { useQuery } from '@tanstack/react-query';
import { aiGetStatusOptions } from '../../../generated/api/@tanstack/react-query.gen';

export function useAiStatus() {
  const status = useQuery({ ...aiGetStatusOptions(), staleTime: 60_000, meta: { silent: true } });
  return status.data?.data;
}
