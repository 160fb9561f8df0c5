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

export interface PasskeyDialogProps {
  open: boolean;
  /** Closes unless a call or a browser ceremony is under way. */
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  title: string;
  intro: string;
  submitLabel: string;
  /** A removal: the submit button says it destroys. */
  destructive?: boolean;
  messages: readonly Message[];
  children?: ReactNode;
}

/**
 * The frame of the passkeys' dialogs (add, rename, remove): a title, an introduction the dialog is
 * described by, the messages (the server's and the browser ceremony's), the fields, Cancel / submit.
 */
export function PasskeyDialog(props: PasskeyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const close = () => {
    if (!props.busy) props.onClose();
  };
  return (
    <Dialog
      open={props.open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <form noValidate onSubmit={props.onSubmit} aria-busy={props.busy}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 1 }}>
            {props.intro}
          </DialogContentText>
          <div role="status">
            <MessagesAlerts messages={props.messages} />
          </div>
          {props.children && (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {props.children}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={props.busy}>
            {t('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={props.destructive ? 'error' : 'primary'}
            loading={props.busy}
          >
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
