import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Message } from '@portail/contract/schemas/common';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MessagesAlerts } from '../../../components/messages-alerts';

/** What the server accepts as a reason (contract schemas/centre.ts staffReason). */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/**
 * Asks the reason of a Centre action before it runs: it goes to the audit trail with the operator's
 * name. The server's refusal (the account changed meanwhile) is shown in the dialog.
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  danger = false,
  busy,
  messages,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  messages: readonly Message[];
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const field = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    if (open) {
      setReason('');
      setTouched(false);
    }
  }, [open]);
  const tooShort = reason.trim().length < REASON_MIN;
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      confirmColor={danger ? 'error' : 'primary'}
      confirmDisabled={busy}
      onCancel={onCancel}
      onConfirm={() => {
        setTouched(true);
        // A missing reason sends the focus back to its field, where the error is said.
        if (tooShort) field.current?.focus();
        else onConfirm(reason.trim());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <div>{description}</div>
        <MessagesAlerts messages={messages} />
        <TextField
          label={t('centre.reason.label')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          required
          multiline
          minRows={2}
          autoFocus
          inputRef={field}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          error={touched && tooShort}
          helperText={
            touched && tooShort ? t('centre.reason.required', { min: REASON_MIN }) : t('centre.reason.help')
          }
        />
      </Stack>
    </ConfirmDialog>
  );
}
