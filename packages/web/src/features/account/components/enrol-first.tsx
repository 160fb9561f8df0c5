import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { accountKeys } from '../api/account-keys';
import { useFactors } from '../api/factors';
import { FACTOR_SECTIONS } from './security-tab';

export interface EnrolFirstProps {
  /** A passkey or an app is enrolled: the server has passed the session's second step. */
  onEnrolled: () => void;
  onCancel: () => void;
}

/**
 * A correspondant the centre requires a second factor of, who holds none and has no mobile on file
 * (docs/second-factors.md#policy): after the password, they add a passkey or an authenticator app
 * before anything else; that first factor lets them in.
 */
export function EnrolFirst({ onEnrolled, onCancel }: EnrolFirstProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const factors = useFactors();
  const enrolled =
    factors.data !== undefined && (factors.data.cles.length > 0 || factors.data.application !== null);
  const told = useRef(false);
  useEffect(() => {
    if (!enrolled || told.current) return;
    told.current = true;
    onEnrolled();
  }, [enrolled, onEnrolled]);
  const onChanged = () => void queryClient.invalidateQueries({ queryKey: accountKeys.factors() });
  return (
    <Stack spacing={2}>
      <Typography>{t('secondFactor.enrolFirst')}</Typography>
      {factors.isPending && <Skeleton variant="rounded" height={160} />}
      {factors.isError && (
        <RetryAlert onRetry={() => void factors.refetch()}>{t('secondFactor.loadError')}</RetryAlert>
      )}
      {factors.data && (
        <Stack spacing={2} divider={<Divider flexItem />}>
          {FACTOR_SECTIONS.map((Section, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a constant list of components
            <Fragment key={index}>
              <Section factors={factors.data} onChanged={onChanged} />
            </Fragment>
          ))}
        </Stack>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('app.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
