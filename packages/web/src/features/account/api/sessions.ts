import { sessionApi } from '@portail/contract/api/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { BUSINESS_WRITE, outcomeOf } from '../../../lib/outcome';
import { accountKeys } from './account-keys';

/** `GET user/sessions` (docs/sign-in-and-sessions.md#your-sessions): the caller's open sessions. */
export function ownSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => call(sessionApi.list, { signal }),
  });
}

export function useOwnSessions() {
  return useQuery(ownSessionsQueryOptions());
}

/** `DELETE user/sessions/{id}`: ends one of the caller's other sessions. */
export function endSession(id: string) {
  return outcomeOf(call(sessionApi.end, { params: { id }, handle: [404, 409] }), {
    ...BUSINESS_WRITE,
    refusals: [404, 409],
  });
}

/** `POST user/sessions/autres/fin`: ends every session of the caller's but this one. */
export function endOtherSessions() {
  return outcomeOf(call(sessionApi.endOthers, {}), BUSINESS_WRITE);
}
