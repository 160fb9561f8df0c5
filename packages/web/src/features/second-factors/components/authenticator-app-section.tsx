import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppOptionsReply } from '@portail/contract/schemas/authenticator-app';
import type { Message } from '@portail/contract/schemas/common';
import type { FactorsReply } from '@portail/contract/schemas/second-factors';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { useConfirm } from '../../../components/confirm-provider';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { formatDate, formatTime } from '../../../lib/dates';
import type { Outcome } from '../../../lib/outcome';
import { currentUser, useSession } from '../../../lib/session';
import { removeApp, renewRecoveryCodes, startAppEnrolment } from '../authenticator-app-api';
import { AppEnrolmentDialog } from './app-enrolment-dialog';
import { PasswordStepDialog } from './password-step-dialog';
import { RecoveryCodesDialog } from './recovery-codes-dialog';

/** At or below this many recovery codes left, the section asks to renew them. */
export const FEW_RECOVERY_CODES = 3;

type Step = 'addPassword' | 'renewPassword' | 'removePassword' | null;

/**
 * The authenticator app in the "Sécurité" tab (docs/second-factors.md#authenticator-app). Without
 * one: what it is and "Add an app" (current password, then the QR code and a first code, then the ten
 * recovery codes shown once). With one: since when, its last use, the recovery codes left (a warning
 * when few remain), renewing the codes and removing the app, each behind the current password. A
 * session that may enrol before its second step is asked no password.
 */
export function AuthenticatorAppSection({
  factors,
  onChanged,
}: {
  factors: FactorsReply;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const user = currentUser(useSession());
  const [step, setStep] = useState<Step>(null);
  const [options, setOptions] = useState<AppOptionsReply | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const app = factors.application;
  // Before its second step, a session enrols only when it has no way through it: no password asked then.
  const beforeSecondStep = user !== null && !user.doubleAuthentificationConfirmee;

  const closeStep = () => setStep(null);

  const start = async (motDePasse: string | undefined) => {
    const outcome = await startAppEnrolment(motDePasse);
    if (outcome.kind === 'done') {
      setStep(null);
      setOptions(outcome.data);
    }
    return outcome;
  };

  const add = async () => {
    setMessages([]);
    if (!beforeSecondStep) {
      setStep('addPassword');
      return;
    }
    setBusy(true);
    const outcome = await start(undefined);
    setBusy(false);
    if (outcome.kind === 'refused') setMessages(outcome.messages);
  };

  const renew = async (motDePasse: string): Promise<Outcome<unknown>> => {
    const outcome = await renewRecoveryCodes(motDePasse);
    if (outcome.kind === 'done') setCodes(outcome.data.codesSecours);
    return outcome;
  };

  const remove = async (motDePasse: string): Promise<Outcome<unknown>> => {
    const outcome = await removeApp(motDePasse);
    if (outcome.kind === 'done') onChanged();
    return outcome;
  };

  const askRemoval = async () => {
    setMessages([]);
    const sure = await confirm({
      title: t('secondFactor.app.removeConfirmTitle'),
      message: t('secondFactor.app.removeConfirmMessage'),
      confirmLabel: t('secondFactor.app.remove'),
      cancelLabel: t('app.cancel'),
      confirmColor: 'error',
    });
    if (sure) setStep('removePassword');
  };

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 1 }}>
        <PhonelinkLockIcon fontSize="small" aria-hidden />
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('secondFactor.app.title')}
        </Typography>
        {app !== null && <Chip size="small" color="success" label={t('secondFactor.app.enrolled')} />}
      </Stack>
      <MessagesAlerts messages={messages} />
      {app === null ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2">{t('secondFactor.app.intro')}</Typography>
          <BusyButton variant="contained" startIcon={<AddIcon />} busy={busy} onClick={() => void add()}>
            {t('secondFactor.app.add')}
          </BusyButton>
        </Stack>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2">
            {t('secondFactor.app.since', { date: formatDate(app.creeLe) })}
          </Typography>
          <Typography variant="body2">
            {app.derniereUtilisation
              ? t('secondFactor.app.lastUsed', {
                  date: formatDate(app.derniereUtilisation),
                  time: formatTime(app.derniereUtilisation),
                })
              : t('secondFactor.app.neverUsed')}
          </Typography>
          <Typography variant="body2">
            {t('secondFactor.app.codesLeft', { count: app.codesSecoursRestants })}
          </Typography>
          {app.codesSecoursRestants <= FEW_RECOVERY_CODES && (
            <Alert severity="warning" variant="outlined" sx={{ alignSelf: 'stretch' }}>
              {t('secondFactor.app.codesLow')}
            </Alert>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ pt: 1, alignSelf: { xs: 'stretch', sm: 'auto' } }}
          >
            <BusyButton
              variant="outlined"
              startIcon={<AutorenewIcon />}
              busy={false}
              onClick={() => {
                setMessages([]);
                setStep('renewPassword');
              }}
            >
              {t('secondFactor.app.renew')}
            </BusyButton>
            <BusyButton
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              busy={false}
              onClick={() => void askRemoval()}
            >
              {t('secondFactor.app.remove')}
            </BusyButton>
          </Stack>
        </Stack>
      )}
      <PasswordStepDialog
        open={step === 'addPassword'}
        onClose={closeStep}
        title={t('secondFactor.app.passwordTitle')}
        intro={t('secondFactor.app.passwordIntro')}
        submitLabel={t('secondFactor.app.continue')}
        save={start}
      />
      <PasswordStepDialog
        open={step === 'renewPassword'}
        onClose={closeStep}
        title={t('secondFactor.app.renewTitle')}
        intro={t('secondFactor.app.renewIntro')}
        submitLabel={t('secondFactor.app.renew')}
        save={renew}
      />
      <PasswordStepDialog
        open={step === 'removePassword'}
        onClose={closeStep}
        title={t('secondFactor.app.removeTitle')}
        intro={t('secondFactor.app.removeIntro')}
        submitLabel={t('secondFactor.app.removeSubmit')}
        save={remove}
      />
      <AppEnrolmentDialog
        options={options}
        onClose={() => setOptions(null)}
        onConfirmed={(reply) => {
          setOptions(null);
          setCodes(reply.codesSecours);
        }}
      />
      <RecoveryCodesDialog
        codes={codes}
        onClose={() => {
          setCodes(null);
          onChanged();
        }}
      />
    </Box>
  );
}
