import { styled } from '@mui/material/styles';
import { TOAST_DURATION_MS } from '@portail/contract/constants';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { toasterReady } from '../lib/notify';
import { TOAST_COLORS } from './theme';

const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: TOAST_COLORS.success },
  '&.notistack-MuiContent-error': { backgroundColor: TOAST_COLORS.error },
  '&.notistack-MuiContent-warning': { backgroundColor: TOAST_COLORS.warning },
  '&.notistack-MuiContent-info': { backgroundColor: TOAST_COLORS.info },
});

const TOAST_COMPONENTS = { success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast };

/** The toasts (000 §9: bottom-right, 4000 ms), loaded with the first one (see lib/notify.ts). */
export function Toaster() {
  useEffect(() => {
    toasterReady(enqueueSnackbar);
    return () => toasterReady(null);
  }, []);
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      autoHideDuration={TOAST_DURATION_MS}
      maxSnack={3}
      preventDuplicate
      Components={TOAST_COMPONENTS}
    />
  );
}
