import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { SCREENS } from '@portail/contract/routes';
import type { CentreInfo } from '@portail/contract/schemas/assistance';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { useCentre } from '../../../lib/centre';
import { currentUser, needsConfirmation, useSession } from '../../../lib/session';

export interface LegalPageFrameProps {
  title: string;
  loadingLabel: string;
  errorLabel: string;
  /** The page's text, once the centre's configuration is known. */
  children: (centre: CentreInfo) => ReactNode;
}

/**
 * A legal page in the public frame: its title, then its text built from the centre's configuration.
 * Signed-in users reach it from their menu, which this frame does not show: a link takes them home.
 */
export function LegalPageFrame({ title, loadingLabel, errorLabel, children }: LegalPageFrameProps) {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  const centre = useCentre();
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <PageTitle>{title}</PageTitle>
      {centre.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={loadingLabel} />
        </Box>
      )}
      {centre.isError && <RetryAlert onRetry={() => void centre.refetch()}>{errorLabel}</RetryAlert>}
      {centre.data && children(centre.data)}
      {user && !needsConfirmation(user) && (
        <Box sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
          <Link component={RouterLink} to={SCREENS.home.path}>
            {t('app.backHome')}
          </Link>
        </Box>
      )}
    </Paper>
  );
}
