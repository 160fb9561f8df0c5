import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { SCREENS } from '@portail/contract/routes';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { errorReplyOf } from '../../lib/error-replies';
import { currentUser, isParticipant, useSession } from '../../lib/session';
import { useParticipantRecord } from './api/get-participant-record';
import { OwnRecord, Section } from './components/own-record';
import { SecurityActions } from './components/security-actions';
import { RECORD_TAB } from './tabs';

/**
 * `/participant/mescoordonnees` (docs/personal-details.md#administrators, docs/personal-details.md#my-record): an admin has no record, so the server's message shows,
 * with the account's name and mail. A participant is sent to the record's tab of "Mes coordonnées".
 */
export function OwnDetailsPage() {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  const participant = user !== null && isParticipant(user);
  const { data, isPending, error } = useParticipantRecord(!participant);
  const missing = errorReplyOf(error);
  // A participant's record is the first tab of "Mes coordonnées" (issue 18): one place, not two.
  if (participant) return <Navigate to={`${SCREENS.myDetails.path}?onglet=${RECORD_TAB}`} replace />;
  return (
    <>
      <PageTitle>{t('routes.ownDetails')}</PageTitle>
      {isPending && <Skeleton variant="rounded" height={240} aria-label={t('layout.loading')} />}
      {data && <OwnRecord record={data} />}
      {error && missing?.status === 404 && (
        <>
          <Alert severity="info" sx={{ mb: 3 }}>
            {t(missing.message, { defaultValue: t('http.404') })}
          </Alert>
          {user && (
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 6 }}>
                <Section
                  id="account"
                  title={t('ownDetails.account')}
                  entries={[
                    [t('ownDetails.name'), user.nomComplet],
                    [t('ownDetails.mail'), user.mail],
                  ]}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                {/* The account's own password and secret question (issue 18: the admin's only settings). */}
                <SecurityActions />
              </Grid>
            </Grid>
          )}
        </>
      )}
      {error && missing?.status !== 404 && <Alert severity="error">{t('ownDetails.loadError')}</Alert>}
    </>
  );
}
