import CssBaseline from '@mui/material/CssBaseline';
import { styled, ThemeProvider } from '@mui/material/styles';
import { TOAST_DURATION_MS } from '@portail/contract/constants';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmProvider } from '../components/confirm-provider';
import { isLanguage } from '../lib/i18n';
import { createAppTheme, TOAST_COLORS } from './theme';

const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: TOAST_COLORS.success },
  '&.notistack-MuiContent-error': { backgroundColor: TOAST_COLORS.error },
  '&.notistack-MuiContent-warning': { backgroundColor: TOAST_COLORS.warning },
  '&.notistack-MuiContent-info': { backgroundColor: TOAST_COLORS.info },
});

const TOAST_COMPONENTS = { success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast };

/**
 * Theme (following the language), toasts (000 §9: bottom-right, 4000 ms) and the confirmation dialog.
 * The server-state cache (TanStack Query) is provided by the layouts of the screens that fetch, see
 * query-layout.tsx, so that it stays out of the sign-in page.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'fr_FR';
  const theme = useMemo(() => createAppTheme(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        autoHideDuration={TOAST_DURATION_MS}
        maxSnack={3}
        preventDuplicate
        Components={TOAST_COMPONENTS}
      >
        <ConfirmProvider>{children}</ConfirmProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
