import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A load that failed: what failed, and a Retry button that asks again. */
export function RetryAlert({
  children,
  onRetry,
  spaced = false,
}: {
  children: ReactNode;
  onRetry: () => void;
  /** Leaves room below, where a table follows. */
  spaced?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={spaced ? { mb: 2 } : undefined}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
