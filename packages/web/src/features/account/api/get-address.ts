import { accountApi } from '@portail/contract/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { accountKeys } from './account-keys';

/**
 * `GET adresse` (docs/personal-details.md#address): the address record of the correspondant's establishment, or with an id of
 * another establishment of their scope (the establishments tab).
 */
export function addressQueryOptions(establishmentId: number | null) {
  return queryOptions({
    queryKey: accountKeys.address(establishmentId),
    queryFn: ({ signal }) =>
      call(accountApi.address, { query: { idEtablissement: establishmentId }, signal }),
  });
}

export function useCorrespondantAddress(establishmentId: number | null) {
  return useQuery(addressQueryOptions(establishmentId));
}
