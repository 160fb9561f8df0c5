import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface RecoveryPaperProps {
  title: string;
  intro?: string | undefined;
  children: ReactNode;
  /** False where the content itself ends with the way back to sign-in. */
  backLink?: boolean;
}

/** The sign-in page's card for the recovery screens: a title, the content, a way back to sign-in. */
export function RecoveryPaper({ title, intro, children, backLink = true }: RecoveryPaperProps) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {children}
      {backLink && (
        <Stack sx={{ mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' }}>
          <Link component={RouterLink} to={SCREENS.login.path}>
            {t('app.backLogin')}
          </Link>
        </Stack>
      )}
    </Paper>
  );
}
