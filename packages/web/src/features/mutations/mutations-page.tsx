import { SCREENS, screenPath } from '@portail/contract/routes';
import type { MutationRow } from '@portail/contract/schemas/mutations';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CentreTimeNotice } from '../../components/centre-time-notice';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import type { TableQuery } from '../../components/table-query';
import { currentUser, useSession } from '../../lib/session';
import { useMutations } from './api/get-mutations';
import { MutationFilters } from './components/mutation-filters';
import { MutationsTable } from './components/mutations-table';
import { type MutationFilters as Filters, readListState, toListQuery, writeListState } from './list-params';

/**
 * The transfer list (docs/transfers.md#list): the transfers with an end in the correspondant's scope, in progress by
 * default, 20 a page, newest first. Incoming and outgoing are an establishment correspondant's filters.
 */
export function MutationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = currentUser(useSession());
  const directions = user?.correspondantEtablissement === true;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, directions), [params, directions]);
  const { data, isFetching, isError, error, refetch } = useMutations(toListQuery(state));
  // Until the first reply, a count that keeps the page of the address valid (the grid would go back).
  const pendingRowCount = (state.table.page + 1) * state.table.size;

  const onFilter = (filters: Filters) =>
    setParams(
      (current) =>
        writeListState({ filters, table: { ...readListState(current, directions).table, page: 0 } }),
      { replace: true },
    );
  const onQueryChange = (table: TableQuery) =>
    setParams((current) => writeListState({ filters: readListState(current, directions).filters, table }), {
      replace: true,
    });
  const onOpen = (row: MutationRow) => void navigate(screenPath(SCREENS.mutation, { id: row.id }));

  return (
    <>
      <PageTitle>{t('routes.mutations')}</PageTitle>
      <MutationFilters filters={state.filters} directions={directions} onChange={onFilter} />
      {isError && (
        <RetryAlert spaced error={error} onRetry={() => void refetch()}>
          {t('mutations.loadError')}
        </RetryAlert>
      )}
      <CentreTimeNotice />
      <MutationsTable
        rows={isError ? [] : (data?.items ?? [])}
        rowCount={isError ? 0 : (data?.totalRows ?? pendingRowCount)}
        loading={isFetching}
        failed={isError}
        query={state.table}
        onQueryChange={onQueryChange}
        onOpen={onOpen}
      />
    </>
  );
}
