import FingerprintIcon from '@mui/icons-material/Fingerprint';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConfirmCodeReply } from '@portail/contract/schemas/auth';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assertionAnswer,
  ceremonyFailure,
  replyOfFailure,
  requestOptionsJSON,
  secondStepOptions,
  sendSecondStep,
} from './passkeys-api';

/**
 * The second step by passkey (docs/second-factors.md#second-step): the browser asks for one of the
 * account's passkeys. The server's answer (a pass, a wrong try, the third that ends the session) goes
 * to `onOutcome` as the code's confirmation does; a ceremony the person cancelled is said here and
 * counts as no try.
 */
export function PasskeyStep({ onOutcome }: { onOutcome: (reply: ConfirmCodeReply) => Promise<void> }) {
  const { t } = useTranslation();
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setNotice(null);
    try {
      let options: Awaited<ReturnType<typeof secondStepOptions>>;
      try {
        options = await secondStepOptions();
      } catch (error) {
        const reply = replyOfFailure(error);
        if (reply) await onOutcome(reply);
        return;
      }
      let answer: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        answer = await startAuthentication({ optionsJSON: requestOptionsJSON(options.options) });
      } catch (error) {
        setNotice(
          ceremonyFailure(error) === 'cancelled'
            ? 'secondFactor.passkeys.step.cancelled'
            : 'secondFactor.passkeys.step.browserFailed',
        );
        return;
      }
      await onOutcome(await sendSecondStep(options.defi, assertionAnswer(answer)));
    } catch {
      // The API client has told a failure of its own (the network, the server).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>{t('secondFactor.passkeys.step.intro')}</Typography>
      {supported ? (
        <Button
          variant="contained"
          size="large"
          startIcon={<FingerprintIcon />}
          loading={busy}
          onClick={() => void start()}
        >
          {t('secondFactor.passkeys.step.action')}
        </Button>
      ) : (
        <Alert severity="info" variant="outlined">
          {t('secondFactor.passkeys.step.unsupported')}
        </Alert>
      )}
      <div role="status">
        {notice && (
          <Alert severity="warning" variant="outlined">
            {t(notice)}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
