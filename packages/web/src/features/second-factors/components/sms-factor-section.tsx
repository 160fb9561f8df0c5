import SmsIcon from '@mui/icons-material/Sms';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FactorsReply } from '@portail/contract/schemas/second-factors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchSmsFactor } from '../sms-api';
import { PasswordStepDialog } from './password-step-dialog';

export interface FactorSectionProps {
  factors: FactorsReply;
  /** A factor was added, changed or removed: the tab reads the account's factors again. */
  onChanged: () => void;
}

/**
 * The text-message code (docs/second-factors.md#text-message-code): where it goes, whether sign-ins
 * may use it, and the switch. It goes off only while a passkey or an app can sign in instead, and comes
 * back on by itself when the last of them is removed.
 */
export function SmsFactorSection({ factors, onChanged }: FactorSectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { sms } = factors;
  const strong = factors.cles.length > 0 || factors.application !== null;
  const status = !sms.tel ? 'noMobile' : sms.actif ? 'on' : 'off';
  const turnOn = !sms.actif;
  return (
    <Box component="section" aria-labelledby="factor-sms-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <SmsIcon fontSize="small" aria-hidden />
            <Typography id="factor-sms-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('secondFactor.sms.title')}
            </Typography>
            <Chip
              size="small"
              variant={status === 'on' ? 'filled' : 'outlined'}
              color={status === 'on' ? 'success' : 'default'}
              label={t(`secondFactor.sms.status.${status}`)}
            />
          </Stack>
          <Typography variant="body2">
            {sms.tel ? t('secondFactor.sms.to', { tel: sms.tel }) : t('secondFactor.sms.noMobile')}
          </Typography>
          {sms.actif && !strong && (
            <Typography variant="body2" color="text.secondary">
              {t('secondFactor.sms.needsStrong')}
            </Typography>
          )}
        </Box>
        {sms.modifiable && (
          <Button variant="outlined" onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
            {t(turnOn ? 'secondFactor.sms.turnOn' : 'secondFactor.sms.turnOff')}
          </Button>
        )}
      </Stack>
      <PasswordStepDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t(turnOn ? 'secondFactor.sms.turnOnTitle' : 'secondFactor.sms.turnOffTitle')}
        intro={t(turnOn ? 'secondFactor.sms.turnOnIntro' : 'secondFactor.sms.turnOffIntro')}
        submitLabel={t(turnOn ? 'secondFactor.sms.turnOn' : 'secondFactor.sms.turnOff')}
        save={async (motDePasse) => {
          const outcome = await switchSmsFactor(turnOn, motDePasse);
          if (outcome.kind === 'done') onChanged();
          return outcome;
        }}
      />
    </Box>
  );
}
