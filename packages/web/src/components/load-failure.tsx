import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { mayPassOnRetry } from '../lib/api-error';
import { RetryAlert } from './retry-alert';

/**
 * A detail screen whose record could not be loaded: "Retry" only for a failure that may pass (the
 * network, the server); a record that does not exist, or is not the user's, gets `missing` and no retry.
 */
export function LoadFailure({
  error,
  missing,
  failed,
  onRetry,
}: {
  error: unknown;
  missing: ReactNode;
  failed: ReactNode;
  onRetry: () => void;
}) {
  if (mayPassOnRetry(error)) return <RetryAlert onRetry={onRetry}>{failed}</RetryAlert>;
  return <Alert severity="warning">{missing}</Alert>;
}
