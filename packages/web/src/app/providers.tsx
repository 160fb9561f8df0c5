import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmProvider } from '../components/confirm-provider';
import { isLanguage } from '../lib/i18n';
import { onToastNeeded } from '../lib/notify';
import { createAppTheme } from './theme';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the toaster when the first toast is asked for: the sign-in page does not load it before. */
function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onToastNeeded(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * Theme (following the language), toasts (4000 ms, top right under the app bar) and the confirmation dialog.
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
      <ConfirmProvider>{children}</ConfirmProvider>
      <ToastHost />
    </ThemeProvider>
  );
}
