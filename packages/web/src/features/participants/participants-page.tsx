import { SCREENS, screenPath } from '@portail/contract/routes';
import type { ParticipantRow } from '@portail/contract/schemas/participants';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import type { TableQuery } from '../../components/table-query';
import { useScopeOrganisations } from '../../lib/scope-organisations';
import { currentUser, isCorrespondant, useSession } from '../../lib/session';
import { useParticipants } from './api/get-participants';
import { ParticipantsSearch } from './components/participants-search';
import { ParticipantsTable } from './components/participants-table';
import { type ParticipantFilters, readListState, toListQuery, writeListState } from './list-params';
import { NEW_PARTICIPANT_ID } from './new-participant';

/**
 * The participant list (docs/participants.md#list). A correspondant sees the participants of their establishment,
 * company or group and may create one; a participant sees their own row only.
 */
export function ParticipantsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = currentUser(useSession());
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const { data, isFetching, isError, error, refetch } = useParticipants(toListQuery(state));
  const correspondant = user !== null && isCorrespondant(user);
  const organisations = useScopeOrganisations(correspondant);
  // Until the first reply, a count that keeps the page of the address valid (the grid would go back).
  const pendingRowCount = (state.table.page + 1) * state.table.size;

  const onSearch = useCallback(
    (filters: ParticipantFilters) =>
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
  const onCreate = useCallback(
    () => void navigate(screenPath(SCREENS.participant, { id: NEW_PARTICIPANT_ID })),
    [navigate],
  );
  const onOpen = (row: ParticipantRow) => void navigate(screenPath(SCREENS.participant, { id: row.id }));

  return (
    <>
      <PageTitle>{t('routes.participants')}</PageTitle>
      <ParticipantsSearch filters={state.filters} onSearch={onSearch} organisations={organisations} />
      {isError && (
        <RetryAlert spaced error={error} onRetry={() => void refetch()}>
          {t('participants.loadError')}
        </RetryAlert>
      )}
      <ParticipantsTable
        rows={isError ? [] : (data?.items ?? [])}
        rowCount={isError ? 0 : (data?.totalRows ?? pendingRowCount)}
        loading={isFetching}
        failed={isError}
        query={state.table}
        onQueryChange={onQueryChange}
        onOpen={onOpen}
        onCreate={correspondant ? onCreate : undefined}
        organisations={organisations}
      />
    </>
  );
}
