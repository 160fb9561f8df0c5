import Alert from '@mui/material/Alert';
import { SCREENS, screenPath } from '@portail/contract/routes';
import type { Correspondant } from '@portail/contract/schemas/correspondants';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import type { TableQuery } from '../../components/table-query';
import { errorReplyOf } from '../../lib/error-replies';
import { useCorrespondants } from './api/get-correspondants';
import { CorrespondantsSearch } from './components/correspondants-search';
import { CorrespondantsTable } from './components/correspondants-table';
import { type CorrespondantFilters, readListState, toListQuery, writeListState } from './list-params';

/**
 * The correspondant directory (docs/correspondants.md#detail): a correspondant sees the correspondants of their
 * establishment, company or group, a participant those who manage them, an admin every one.
 */
export function CorrespondantsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const { data, isFetching, isError, error, refetch } = useCorrespondants(toListQuery(state));
  const refused = errorReplyOf(error);
  // Until the first reply, a count that keeps the page of the address valid (the grid would go back).
  const pendingRowCount = (state.table.page + 1) * state.table.size;

  const onSearch = useCallback(
    (filters: CorrespondantFilters) =>
      setParams(
        (current) => writeListState({ filters, table: { ...readListState(current).table, page: 0 } }),
        { replace: true },
      ),
    [setParams],
  );
  const onQueryChange = (table: TableQuery) =>
    setParams((current) => writeListState({ filters: readListState(current).filters, table }), {
      replace: true,
    });
  const onOpen = (row: Correspondant) => void navigate(screenPath(SCREENS.correspondant, { id: row.id }));

  return (
    <>
      <PageTitle>{t('routes.correspondants')}</PageTitle>
      {isError && refused?.status === 403 ? (
        <Alert severity="warning">{t(refused.message, { defaultValue: t('http.403') })}</Alert>
      ) : (
        <>
          <CorrespondantsSearch filters={state.filters} onSearch={onSearch} />
          {isError && (
            <RetryAlert spaced error={error} onRetry={() => void refetch()}>
              {t('correspondants.loadError')}
            </RetryAlert>
          )}
          <CorrespondantsTable
            rows={isError ? [] : (data?.items ?? [])}
            rowCount={isError ? 0 : (data?.totalRows ?? pendingRowCount)}
            loading={isFetching}
            failed={isError}
            query={state.table}
            onQueryChange={onQueryChange}
            onOpen={onOpen}
          />
        </>
      )}
    </>
  );
}
