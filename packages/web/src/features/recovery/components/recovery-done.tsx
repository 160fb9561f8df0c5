import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SCREENS } from '@portail/contract/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The last step: what was sent, and the way back to sign-in. The message takes the focus. */
export function RecoveryDone({ text }: { text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <>
      <Alert ref={ref} tabIndex={-1} severity="success" sx={{ mb: 3 }}>
        {text}
      </Alert>
      <Button component={RouterLink} to={SCREENS.login.path} variant="contained" size="large" fullWidth>
        {t('app.backLogin')}
      </Button>
    </>
  );
}
