import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { TOAST_DURATION_MS } from '@portail/contract/constants';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ShowToast, type ToastMessage, toasterReady } from '../lib/notify';
import { TOAST_COLORS } from './theme';

const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: TOAST_COLORS.success },
  '&.notistack-MuiContent-error': { backgroundColor: TOAST_COLORS.error },
  '&.notistack-MuiContent-warning': { backgroundColor: TOAST_COLORS.warning },
  '&.notistack-MuiContent-info': { backgroundColor: TOAST_COLORS.info },
});

const TOAST_COMPONENTS = { success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast };

/** A toast's text, translated as it is drawn: it follows a change of language while on screen. */
function ToastText({ message }: { message: ToastMessage }) {
  const { t } = useTranslation();
  return 'key' in message ? t(message.key, message.values ?? {}) : message.text;
}

const show: ShowToast = (message, variant, id) => {
  enqueueSnackbar(<ToastText message={message} />, { variant, key: id, preventDuplicate: true });
};
const closeAll = () => closeSnackbar();

/** The toasts' column: its own class, doubled in the rule so it outweighs notistack's own `top`. */
const TOASTS_CLASS = 'portail-toasts';

/**
 * The toasts (docs/interface-conventions.md#toasts: 4000 ms), loaded with the first one (see lib/notify.ts). Issue 18 moved them from
 * the bottom-right corner (docs/interface-conventions.md#toasts), where they covered the forms' buttons, the grids' pagers and the
 * footer, to the top right just below the app bar, whose height they follow (56 px on phones, 48 px on
 * phones held sideways, 64 px): still on the right, beside the left-aligned page titles, over no control.
 */
export function Toaster() {
  useEffect(() => {
    toasterReady(show, closeAll);
    return () => toasterReady(null);
  }, []);
  return (
    <>
      <GlobalStyles
        styles={(theme) => ({
          [`.${TOASTS_CLASS}.${TOASTS_CLASS}`]: {
            top: 56 + 8,
            [`${theme.breakpoints.up('xs')} and (orientation: landscape)`]: { top: 48 + 8 },
            [theme.breakpoints.up('sm')]: { top: 64 + 8 },
          },
        })}
      />
      <SnackbarProvider
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopRight: TOASTS_CLASS }}
        autoHideDuration={TOAST_DURATION_MS}
        maxSnack={3}
        preventDuplicate
        Components={TOAST_COMPONENTS}
      />
    </>
  );
}
