import { participant } from '@portail/contract/schemas/participants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from './account-keys';

/** `GET participant/mescoordonnees` (000 §7): the participant's own record, for its professional part. */
export function participantRecordQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.participantRecord(),
    queryFn: ({ signal }) => api('/participant/mescoordonnees', { schema: participant, signal }),
  });
}

export function useParticipantRecord(enabled: boolean) {
  return useQuery({ ...participantRecordQueryOptions(), enabled });
}
