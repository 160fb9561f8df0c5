import { participantApi } from '@portail/contract/api/participants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { accountKeys } from './account-keys';

/**
 * `GET participant/mescoordonnees` (docs/personal-details.md#my-record): the participant's own record (its tab, its professional
 * part). An admin has none: the 404 and its message are the screen's to show, not a toast.
 */
export function participantRecordQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.participantRecord(),
    queryFn: ({ signal }) => call(participantApi.ownDetails, { signal, handle: [404] }),
  });
}

export function useParticipantRecord(enabled: boolean) {
  return useQuery({ ...participantRecordQueryOptions(), enabled });
}
