import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api';
import { isApiError, mayPassOnRetry } from '../lib/api-error';

/**
 * A load that failed: what failed and, given the `error`, why (the list's calls tell no toast of their
 * own, so the reason is said once, here); a Retry button only where asking again may succeed.
 */
export function RetryAlert({
  children,
  onRetry,
  error,
  spaced = false,
}: {
  children: ReactNode;
  onRetry: () => void;
  error?: unknown;
  /** Leaves room below, where a table follows. */
  spaced?: boolean;
}) {
  const { t } = useTranslation();
  const reason = isApiError(error) ? apiErrorMessage(error) : null;
  const retry = error === undefined || mayPassOnRetry(error);
  return (
    <Alert
      severity="error"
      sx={spaced ? { mb: 2 } : undefined}
      action={
        retry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        ) : undefined
      }
    >
      {children}
      {reason && <> {t(reason.key, reason.values)}</>}
    </Alert>
  );
}
