import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { SCREENS, screenPath } from '@portail/contract/routes';
import { formatPersonName } from '@portail/contract/rules/person-name';
import type { ParticipantRow } from '@portail/contract/schemas/participants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { TableSelection } from '../../components/data-table';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { isLanguage } from '../../lib/i18n';
import { useScopeOrganisations } from '../../lib/scope-organisations';
import { currentUser, isCorrespondant, useSession } from '../../lib/session';
import { listTableRows, useListAddress } from '../../lib/use-list-address';
import { exportParticipants } from './api/export-participants';
import { useParticipants } from './api/get-participants';
import { BulkTerminateDialog } from './components/bulk-terminate-dialog';
import { ParticipantsSearch } from './components/participants-search';
import { ParticipantsTable } from './components/participants-table';
import { SelectionBar } from './components/selection-bar';
import { readListState, toListFilter, toListQuery, writeListState } from './list-params';
import { NEW_PARTICIPANT_ID } from './new-participant';
import { useParticipantSelection } from './use-participant-selection';

/**
 * The participant list (docs/participants.md#list). A correspondant sees the participants of their establishment,
 * company or group and may create one; a participant sees their own row only.
 */
export function ParticipantsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = currentUser(useSession());
  const { state, onSearch, onQueryChange } = useListAddress(readListState, writeListState);
  const query = toListQuery(state);
  const result = useParticipants(query);
  const correspondant = user !== null && isCorrespondant(user);
  const organisations = useScopeOrganisations(correspondant);
  const onCreate = useCallback(
    () => void navigate(screenPath(SCREENS.participant, { id: NEW_PARTICIPANT_ID })),
    [navigate],
  );
  const onOpen = (row: ParticipantRow) => void navigate(screenPath(SCREENS.participant, { id: row.id }));

  // Acting on many (issue 22): correspondants tick rows, or every row of the filter; a new filter
  // starts over. The selection outlives the pages.
  const tableRows = listTableRows(result, state.table);
  const filter = toListFilter(state);
  const filterKey = JSON.stringify(filter);
  const selection = useParticipantSelection(filterKey, tableRows.rows);
  const [terminating, setTerminating] = useState(false);
  const total = result.data?.totalRows ?? 0;
  const count = selection.count(total);
  // The selection bar goes once nothing is selected, with the focus that was on it (its "clear" button,
  // or the terminate dialog it opened): the focus moves to the list's own checkbox, or to the title
  // when the list has no row left to tick, rather than to the page's start.
  const pageCheckbox = useRef<HTMLInputElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    // After a terminate, once the list is read again: its checkbox is disabled when no row is left.
    if (!refocus || count > 0 || result.isFetching) return;
    setRefocus(false);
    const box = pageCheckbox.current;
    if (box && !box.disabled) box.focus();
    else document.querySelector<HTMLElement>('main h1')?.focus();
  }, [refocus, count, result.isFetching]);
  const clearSelection = () => {
    selection.clear();
    setRefocus(true);
  };
  const tableSelection = useMemo<TableSelection<ParticipantRow> | undefined>(
    () =>
      correspondant
        ? {
            isSelected: selection.isSelected,
            onToggle: selection.toggle,
            onTogglePage: selection.togglePage,
            rowLabel: (row) =>
              t('participants.selection.selectRow', { name: formatPersonName(row.nom, row.prenom) }),
            pageLabel: t('participants.selection.selectPage'),
            pageRef: pageCheckbox,
          }
        : undefined,
    [correspondant, selection, t],
  );
  const onExport = async () => {
    const body = selection.body(filter);
    if (!body) return;
    // The file lists the rows in the order the screen shows them.
    await exportParticipants(
      {
        selection: body,
        langue: isLanguage(i18n.language) ? i18n.language : 'fr_FR',
        sort: query.sort,
      },
      t('participants.selection.fileName'),
    );
  };

  return (
    <>
      <PageTitle>{t('routes.participants')}</PageTitle>
      <ParticipantsSearch filters={state.filters} onSearch={onSearch} organisations={organisations} />
      {result.isError && (
        <RetryAlert spaced error={result.error} onRetry={() => void result.refetch()}>
          {t('participants.loadError')}
        </RetryAlert>
      )}
      {correspondant && count > 0 && (
        <SelectionBar
          count={count}
          total={total}
          allMatching={selection.state.kind === 'filter'}
          onSelectAll={selection.selectAllMatching}
          onClear={clearSelection}
          onExport={onExport}
          onTerminate={() => setTerminating(true)}
        />
      )}
      <ParticipantsTable
        {...tableRows}
        selection={tableSelection}
        onQueryChange={onQueryChange}
        onOpen={onOpen}
        onCreate={correspondant ? onCreate : undefined}
        actions={
          correspondant ? (
            <Button
              variant="outlined"
              component={RouterLink}
              to={SCREENS.participantImport.path}
              startIcon={<UploadFileIcon />}
            >
              {t('participants.import')}
            </Button>
          ) : undefined
        }
        organisations={organisations}
      />
      <BulkTerminateDialog
        open={terminating}
        count={count}
        selection={selection.body(filter)}
        onDone={clearSelection}
        onClose={() => setTerminating(false)}
      />
    </>
  );
}
