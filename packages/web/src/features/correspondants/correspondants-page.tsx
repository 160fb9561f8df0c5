import Alert from '@mui/material/Alert';
import { SCREENS, screenPath } from '@portail/contract/routes';
import type { Correspondant } from '@portail/contract/schemas/correspondants';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { errorReplyOf } from '../../lib/error-replies';
import { listTableRows, useListAddress } from '../../lib/use-list-address';
import { useCorrespondants } from './api/get-correspondants';
import { CorrespondantsSearch } from './components/correspondants-search';
import { CorrespondantsTable } from './components/correspondants-table';
import { readListState, toListQuery, writeListState } from './list-params';

/**
 * The correspondant directory (docs/correspondants.md#detail): a correspondant sees the correspondants of their
 * establishment, company or group, a participant those who manage them, an admin every one.
 */
export function CorrespondantsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, onSearch, onQueryChange } = useListAddress(readListState, writeListState);
  const result = useCorrespondants(toListQuery(state));
  const { isError, error, refetch } = result;
  const refused = errorReplyOf(error);
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
            {...listTableRows(result, state.table)}
            onQueryChange={onQueryChange}
            onOpen={onOpen}
          />
        </>
      )}
    </>
  );
}
