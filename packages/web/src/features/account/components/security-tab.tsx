import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Panel } from '../../../components/panel';
import { RetryAlert } from '../../../components/retry-alert';
import {
  AuthenticatorAppSection,
  type FactorSectionProps,
  PasskeysSection,
  SmsFactorSection,
} from '../../second-factors';
import { accountKeys } from '../api/account-keys';
import { useFactors } from '../api/factors';
import { SessionsPanel } from './sessions-panel';

/**
 * The sign-in factors of the tab, strongest first (docs/second-factors.md#security-tab): passkeys and
 * the authenticator app each have their own section; the text-message code comes last.
 */
export const FACTOR_SECTIONS: readonly ComponentType<FactorSectionProps>[] = [
  PasskeysSection,
  AuthenticatorAppSection,
];

/** Whether the centre asks this holder for a passkey or an app they do not have yet. */
const asked = (factors: FactorSectionProps['factors']) =>
  factors.exige && factors.cles.length === 0 && factors.application === null;

/** The factors: a passkey, an app, the text-message code; for a correspondant asked for one, why. */
export function FactorsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const factors = useFactors();
  const fromSignIn = (useLocation().state as { facteurDemande?: boolean } | null)?.facteurDemande === true;
  const onChanged = () => void queryClient.invalidateQueries({ queryKey: accountKeys.factors() });
  return (
    <Panel title={t('secondFactor.title')} icon={<PhonelinkLockIcon aria-hidden />}>
      <Typography sx={{ mb: 2 }}>{t('secondFactor.intro')}</Typography>
      {factors.isPending && <Skeleton variant="rounded" height={160} />}
      {factors.isError && (
        <RetryAlert onRetry={() => void factors.refetch()}>{t('secondFactor.loadError')}</RetryAlert>
      )}
      {factors.data && (
        <>
          {asked(factors.data) && (
            <Alert
              severity={fromSignIn ? 'warning' : 'info'}
              sx={{ mb: 2 }}
              role={fromSignIn ? 'alert' : undefined}
            >
              {t('secondFactor.required')}
            </Alert>
          )}
          <Stack spacing={2} divider={<Divider flexItem />}>
            {FACTOR_SECTIONS.map((Section, index) => (
              // The list is fixed at build time: its index is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: a constant list of components
              <Fragment key={index}>
                <Section factors={factors.data} onChanged={onChanged} />
              </Fragment>
            ))}
            <SmsFactorSection factors={factors.data} onChanged={onChanged} />
          </Stack>
        </>
      )}
    </Panel>
  );
}

/** "Mes coordonnées" → Sécurité: the sign-in factors, then the open sessions. */
export function SecurityTab() {
  return (
    <Stack spacing={3}>
      <FactorsPanel />
      <SessionsPanel />
    </Stack>
  );
}
