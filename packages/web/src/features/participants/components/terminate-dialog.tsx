import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MovementReasonSelect } from './movement-reason-select';

export interface TerminateDialogProps {
  open: boolean;
  name: string;
  busy?: boolean;
  onConfirm: (reason: number) => void;
  onClose: () => void;
}

/** Terminating a membership (docs/participants.md#terminate): a reason from motifmouvement, required before confirming. */
export function TerminateDialog({ open, name, busy = false, onConfirm, onClose }: TerminateDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<number | ''>('');
  // Closed (cancelled or done), the dialog forgets the reason.
  if (!open && reason !== '') setReason('');
  return (
    <ConfirmDialog
      open={open}
      title={t('participant.terminate.title')}
      confirmLabel={t('participant.terminate.confirm')}
      confirmColor="error"
      confirmDisabled={reason === '' || busy}
      onConfirm={() => {
        if (reason !== '') onConfirm(reason);
      }}
      onCancel={onClose}
    >
      <Typography sx={{ mb: 2 }}>{t('participant.terminate.text', { name })}</Typography>
      <MovementReasonSelect label={t('participant.terminate.reason')} value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
