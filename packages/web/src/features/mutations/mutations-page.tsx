import { SCREENS, screenPath } from '@portail/contract/routes';
import type { MutationRow } from '@portail/contract/schemas/mutations';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CentreTimeNotice } from '../../components/centre-time-notice';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { currentUser, useSession } from '../../lib/session';
import { listTableRows, useListAddress } from '../../lib/use-list-address';
import { useMutations } from './api/get-mutations';
import { MutationFilters } from './components/mutation-filters';
import { MutationsTable } from './components/mutations-table';
import { readListState, toListQuery, writeListState } from './list-params';

/**
 * The transfer list (docs/transfers.md#list): the transfers with an end in the correspondant's scope, in progress by
 * default, 20 a page, newest first. Incoming and outgoing are an establishment correspondant's filters.
 */
export function MutationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = currentUser(useSession());
  const directions = user?.correspondantEtablissement === true;
  const read = useCallback((params: URLSearchParams) => readListState(params, directions), [directions]);
  const { state, onSearch, onQueryChange } = useListAddress(read, writeListState);
  const result = useMutations(toListQuery(state));
  const onOpen = (row: MutationRow) => void navigate(screenPath(SCREENS.mutation, { id: row.id }));

  return (
    <>
      <PageTitle>{t('routes.mutations')}</PageTitle>
      <MutationFilters filters={state.filters} directions={directions} onChange={onSearch} />
      {result.isError && (
        <RetryAlert spaced error={result.error} onRetry={() => void result.refetch()}>
          {t('mutations.loadError')}
        </RetryAlert>
      )}
      <CentreTimeNotice />
      <MutationsTable {...listTableRows(result, state.table)} onQueryChange={onQueryChange} onOpen={onOpen} />
    </>
  );
}
