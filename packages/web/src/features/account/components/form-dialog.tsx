import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Message } from '@portail/contract/schemas/common';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagesAlerts } from '../../../components/messages-alerts';

export interface FormDialogProps {
  open: boolean;
  /** Closes unless a save is under way. */
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  title: string;
  intro: string;
  submitLabel: string;
  /** The server's business messages, shown above the fields. */
  messages: Message[];
  children: ReactNode;
}

/**
 * The security dialogs' frame (change password, change secret question): a title, an introduction the
 * dialog is described by, the server's messages, the fields, and Cancel / submit.
 */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <form noValidate onSubmit={props.onSubmit} aria-busy={props.saving}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            {props.intro}
          </DialogContentText>
          <MessagesAlerts messages={props.messages} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.saving}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={props.saving}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
