import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MutationRow } from '@portail/contract/schemas/mutations';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type ActionOutcome, type MutationAction, useMutationAction } from '../api/mutation-action';

export interface MutationActionsProps {
  mutation: MutationRow;
  onOutcome: (outcome: ActionOutcome) => void;
}

/**
 * Accept (shown only when allowedToAccept) and cancel (always shown, docs/transfers.md#detail), each confirmed in a
 * dialog. Cancel is disabled, with the reason written under it, when allowedToCancel is 0: the server
 * would only refuse it.
 */
export function MutationActions({ mutation, onOutcome }: MutationActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<MutationAction | null>(null);
  const action = useMutationAction(mutation.id);
  const hintId = useId();
  const cancelAllowed = mutation.allowedToCancel === 1;
  const name = mutation.participant.name;
  // docs/transfers.md#detail: the accept dialog warns when the destination is asked to take over a check-up in progress.
  const takeoverWarning = mutation.participant.bilanEnCours && mutation.demandePriseEnChargeBilan;

  const run = async (kind: MutationAction) => {
    const outcome = await action.mutateAsync(kind).catch(() => null);
    setDialog(null);
    if (outcome) onOutcome(outcome);
  };

  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {mutation.allowedToAccept && (
          <Button variant="contained" startIcon={<CheckIcon />} onClick={() => setDialog('accepter')}>
            {t('mutations.accept.action')}
          </Button>
        )}
        <Button
          variant="outlined"
          color="error"
          startIcon={<CloseIcon />}
          disabled={!cancelAllowed}
          aria-describedby={cancelAllowed ? undefined : hintId}
          onClick={() => setDialog('annuler')}
        >
          {t('mutations.cancel.action')}
        </Button>
        {!cancelAllowed && (
          <Typography id={hintId} variant="body2" color="text.secondary">
            {t(mutation.encours ? 'mutations.cancel.locked' : 'mutations.cancel.closed')}
          </Typography>
        )}
      </Stack>
      <ConfirmDialog
        open={dialog === 'accepter'}
        title={t('mutations.accept.title')}
        confirmLabel={t('mutations.accept.confirm')}
        cancelLabel={t('mutations.dialog.back')}
        confirmDisabled={action.isPending}
        onConfirm={() => void run('accepter')}
        onCancel={() => setDialog(null)}
      >
        <DialogContentText>
          {t('mutations.accept.text', { name, destination: mutation.etablissementDestination.raisonsociale })}
        </DialogContentText>
        {takeoverWarning && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('mutations.accept.takeoverWarning')}
          </Alert>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'annuler'}
        title={t('mutations.cancel.title')}
        confirmLabel={t('mutations.cancel.confirm')}
        cancelLabel={t('mutations.dialog.back')}
        confirmColor="error"
        confirmDisabled={action.isPending}
        onConfirm={() => void run('annuler')}
        onCancel={() => setDialog(null)}
      >
        {t('mutations.cancel.text', { name })}
      </ConfirmDialog>
    </>
  );
}
