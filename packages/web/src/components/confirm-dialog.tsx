import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** Text, or richer content (a form field, a warning). */
  children?: ReactNode;
  /** Defaults to "Confirmer". */
  confirmLabel?: string;
  /** Defaults to "Annuler". */
  cancelLabel?: string;
  confirmColor?: 'primary' | 'error';
  /** E.g. until a required choice is made (docs/participants.md#terminate, terminate needs a reason). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no dialog; Escape and the backdrop cancel. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  confirmColor = 'primary',
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={textId}>
        {typeof children === 'string' ? <DialogContentText>{children}</DialogContentText> : children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{cancelLabel ?? t('app.cancel')}</Button>
        <Button onClick={onConfirm} variant="contained" color={confirmColor} disabled={confirmDisabled}>
          {confirmLabel ?? t('app.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
