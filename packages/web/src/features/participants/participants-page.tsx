import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { SCREENS, screenPath } from '@portail/contract/routes';
import type { ParticipantRow } from '@portail/contract/schemas/participants';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { useScopeOrganisations } from '../../lib/scope-organisations';
import { currentUser, isCorrespondant, useSession } from '../../lib/session';
import { listTableRows, useListAddress } from '../../lib/use-list-address';
import { useParticipants } from './api/get-participants';
import { ParticipantsSearch } from './components/participants-search';
import { ParticipantsTable } from './components/participants-table';
import { readListState, toListQuery, writeListState } from './list-params';
import { NEW_PARTICIPANT_ID } from './new-participant';

/**
 * The participant list (docs/participants.md#list). A correspondant sees the participants of their establishment,
 * company or group and may create one; a participant sees their own row only.
 */
export function ParticipantsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = currentUser(useSession());
  const { state, onSearch, onQueryChange } = useListAddress(readListState, writeListState);
  const result = useParticipants(toListQuery(state));
  const correspondant = user !== null && isCorrespondant(user);
  const organisations = useScopeOrganisations(correspondant);
  const onCreate = useCallback(
    () => void navigate(screenPath(SCREENS.participant, { id: NEW_PARTICIPANT_ID })),
    [navigate],
  );
  const onOpen = (row: ParticipantRow) => void navigate(screenPath(SCREENS.participant, { id: row.id }));

  return (
    <>
      <PageTitle>{t('routes.participants')}</PageTitle>
      <ParticipantsSearch filters={state.filters} onSearch={onSearch} organisations={organisations} />
      {result.isError && (
        <RetryAlert spaced error={result.error} onRetry={() => void result.refetch()}>
          {t('participants.loadError')}
        </RetryAlert>
      )}
      <ParticipantsTable
        {...listTableRows(result, state.table)}
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
    </>
  );
}
