import KeyIcon from '@mui/icons-material/Key';
import QuizIcon from '@mui/icons-material/Quiz';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { ChangePasswordDialog } from './change-password-dialog';
import { SecretQuestionDialog } from './secret-question-dialog';

/** The security buttons of the personal details page (docs/personal-details.md#password-change): password and secret question. */
export function SecurityActions() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'password' | 'question' | null>(null);
  return (
    <Panel title={t('account.security.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setOpen('password')}>
          {t('account.security.changePassword')}
        </Button>
        <Button variant="outlined" startIcon={<QuizIcon />} onClick={() => setOpen('question')}>
          {t('account.security.changeQuestion')}
        </Button>
      </Stack>
      <ChangePasswordDialog open={open === 'password'} onClose={() => setOpen(null)} />
      <SecretQuestionDialog open={open === 'question'} onClose={() => setOpen(null)} />
    </Panel>
  );
}
