import { notificationApi } from '@portail/contract/api/notifications';
import type { SaveNotificationPreferences } from '@portail/contract/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';
import { accountKeys } from './account-keys';

/** `GET user/notifications` (docs/notifications-and-delivery.md#preferences): the caller's choices. */
export function notificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.notifications(),
    queryFn: ({ signal }) => call(notificationApi.preferences, { signal }),
  });
}

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/** `PUT user/notifications`: the choices saved; field errors (a text message without a mobile) come back by choice. */
export function saveNotificationPreferences(body: SaveNotificationPreferences) {
  return outcomeOf(call(notificationApi.savePreferences, { body, handle: [400] }));
}
