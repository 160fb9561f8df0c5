import { appointmentApi } from '@portail/contract/api/appointments';
import type { AppointmentWhen } from '@portail/contract/schemas/appointments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/table-query';
import { call } from '../../../lib/api';

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (when: AppointmentWhen, query: TableQuery) => ['appointments', 'list', when, query] as const,
};

/**
 * `GET participant/rdvs-participant?quand=avenir|passe` (docs/appointments.md#list, docs/interface-conventions.md#server-messages): one page of the
 * participant's upcoming or past appointments.
 */
export function appointmentsQueryOptions(when: AppointmentWhen, query: TableQuery) {
  return queryOptions({
    queryKey: appointmentKeys.list(when, query),
    queryFn: ({ signal }) =>
      call(appointmentApi.list, {
        query: { page: query.page, size: query.size, sort: query.sort, quand: when },
        signal,
        // The page says why it failed, beside its Retry: no toast as well.
        handle: 'all',
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAppointments(when: AppointmentWhen, query: TableQuery) {
  return useQuery(appointmentsQueryOptions(when, query));
}
