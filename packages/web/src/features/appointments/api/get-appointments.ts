import { appointmentListReply } from '@portail/contract/schemas/appointments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/table-query';
import { api } from '../../../lib/api';

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (query: TableQuery) => ['appointments', 'list', query] as const,
};

/** `GET participant/rdvs-participant` (000 §2.11, §7): one page of the participant's appointments. */
export function appointmentsQueryOptions(query: TableQuery) {
  return queryOptions({
    queryKey: appointmentKeys.list(query),
    queryFn: ({ signal }) =>
      api('/participant/rdvs-participant', {
        query: { page: query.page, size: query.size, sort: query.sort },
        schema: appointmentListReply,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAppointments(query: TableQuery) {
  return useQuery(appointmentsQueryOptions(query));
}
