import { correspondantApi } from '@portail/contract/api/correspondants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { assistanceKeys } from './assistance-keys';

/**
 * `GET getGestionnaire` (docs/assistance.md#manager Assistance, docs/personal-details.md#api): the centre's manager of the correspondant's
 * establishment, or null. Only correspondants may ask (others get 403). The block it feeds is a
 * bonus on the page: a failure shows nothing rather than a toast.
 */
export function managerQueryOptions() {
  return queryOptions({
    queryKey: assistanceKeys.manager(),
    queryFn: ({ signal }) => call(correspondantApi.manager, { signal, handle: 'all', silent: true }),
  });
}

export function useManager(enabled: boolean) {
  return useQuery({ ...managerQueryOptions(), enabled });
}
