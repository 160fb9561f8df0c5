import LinkOffIcon from '@mui/icons-material/LinkOff';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * A reset link that is unknown, spent or expired (docs/recovery.md#reset-link): said plainly, with the way home and the way
 * to ask for a new link.
 */
export function ExpiredLink() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <LinkOffIcon color="warning" sx={{ fontSize: 56 }} aria-hidden />
        <Typography component="h1" variant="h5">
          {t('recovery.expired.title')}
        </Typography>
        <Typography color="text.secondary">{t('recovery.expired.text')}</Typography>
        {/* The root sends a visitor to sign-in and a signed-in user home. */}
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t('app.backHome')}
        </Button>
        <Link component={RouterLink} to={SCREENS.forgotPassword.path}>
          {t('recovery.expired.newLink')}
        </Link>
      </Stack>
    </Paper>
  );
}
