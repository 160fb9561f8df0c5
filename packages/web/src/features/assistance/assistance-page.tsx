import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { useCentre } from '../../lib/centre';
import { currentUser, isCorrespondant, useSession } from '../../lib/session';
import { AccessSection } from './components/access-section';
import { ContactsSection } from './components/contacts-section';
import { HelplineSection } from './components/helpline-section';
import { ManagerSection } from './components/manager-section';

function LoadingSections() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} role="status" aria-label={t('assistance.loading')}>
      {[160, 140, 180].map((height) => (
        <Skeleton key={height} variant="rounded" height={height} aria-hidden />
      ))}
    </Stack>
  );
}

/**
 * Assistance (docs/assistance.md#signed-in-and-public), signed in and public: the departments' e-mails, the helpline and its hours,
 * the correspondant's manager (signed in only), and how to come, with the map on request.
 */
export function AssistancePage() {
  const { t } = useTranslation();
  const centre = useCentre();
  // The signed-in assistance; the public one (`/Assistance`) never shows the manager.
  const signedInPage = useMatch({ path: SCREENS.assistance.path, caseSensitive: true }) !== null;
  const user = currentUser(useSession());
  const showManager = signedInPage && user !== null && isCorrespondant(user);

  return (
    <>
      <PageTitle>{t('routes.assistance')}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('assistance.intro')}
      </Typography>
      {centre.isPending ? (
        <LoadingSections />
      ) : centre.isError ? (
        <RetryAlert onRetry={() => void centre.refetch()}>{t('assistance.loadError')}</RetryAlert>
      ) : (
        <Stack spacing={3}>
          <ContactsSection contacts={centre.data.contacts} />
          <HelplineSection telephone={centre.data.telephone} />
          {showManager && <ManagerSection />}
          <AccessSection centre={centre.data} />
        </Stack>
      )}
    </>
  );
}
