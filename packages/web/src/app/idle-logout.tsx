import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useIdleLogout } from '../lib/idle-logout';
import { logout, useSession } from '../lib/session';

/** Idle logout while a session is open, with the warning dialog and its countdown. */
export function IdleLogout() {
  const { t } = useTranslation();
  const signedIn = useSession().token !== null;
  const { warning, secondsLeft, stay } = useIdleLogout(signedIn, () =>
    logout('auth.idleDisconnected', 'warning'),
  );
  return (
    <Dialog
      open={warning && signedIn}
      onClose={stay}
      aria-labelledby="idle-title"
      aria-describedby="idle-text"
    >
      <DialogTitle id="idle-title">{t('idle.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-text">{t('idle.message', { count: secondsLeft })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => logout()}>{t('idle.logout')}</Button>
        <Button variant="contained" onClick={stay} autoFocus>
          {t('idle.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
