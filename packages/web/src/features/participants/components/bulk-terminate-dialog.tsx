import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatPersonName } from '@portail/contract/rules/person-name';
import type { Message } from '@portail/contract/schemas/common';
import type { ParticipantSelection, TerminateSelectionReply } from '@portail/contract/schemas/participants';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { MessagesAlerts, messageValues } from '../../../components/messages-alerts';
import { useTerminateSelection } from '../api/terminate-selection';
import { MovementReasonSelect } from './movement-reason-select';

export interface BulkTerminateDialogProps {
  open: boolean;
  /** How many participants the selection holds. */
  count: number;
  selection: ParticipantSelection | null;
  /** Some were terminated: the selection is done with. */
  onDone: () => void;
  onClose: () => void;
}

/**
 * "Terminate the selection" (issue 22, docs/participants.md#bulk-actions): one reason for all, the
 * confirmation saying how many, then the summary: how many were terminated, and each participant the
 * terminate rules refused, by name, with the rule's reason.
 */
export function BulkTerminateDialog({ open, count, selection, onDone, onClose }: BulkTerminateDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [reason, setReason] = useState<number | ''>('');
  const [summary, setSummary] = useState<TerminateSelectionReply | null>(null);
  const [problem, setProblem] = useState<Message[] | null>(null);
  const terminate = useTerminateSelection();
  const busy = terminate.isPending;
  // The summary replaces the form and its buttons: focus goes to it, so that it is read at once and
  // the keyboard is not left on a button that no longer exists.
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);

  const close = () => {
    if (summary && summary.terminated > 0) onDone();
    setReason('');
    setSummary(null);
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (reason === '' || !selection) return;
    const outcome = await terminate.mutateAsync({ selection, motifMouvement: reason });
    if (outcome.kind === 'done') setSummary(outcome.data);
    else if (outcome.kind === 'refused') setProblem(outcome.messages);
  };

  const reasonText = (message: Message) =>
    t(`messages.${message.errorCode}`, {
      ...messageValues(message),
      defaultValue: t('messages.unknown', { code: message.errorCode }),
    });

  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('participants.bulkTerminate.title')}</DialogTitle>
      {summary ? (
        <>
          <DialogContent ref={summaryRef} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
            <Alert severity={summary.terminated > 0 ? 'success' : 'info'} variant="outlined" role="status">
              {t('participants.bulkTerminate.terminated', { count: summary.terminated })}
            </Alert>
            {summary.refused.length > 0 && (
              <>
                <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
                  {t('participants.bulkTerminate.refused', { count: summary.refused.length })}
                </Typography>
                <List dense aria-label={t('participants.bulkTerminate.refusedList')}>
                  {summary.refused.map((refusal) => (
                    <ListItem key={refusal.id} disableGutters>
                      <ListItemText
                        primary={
                          refusal.nom === null
                            ? t('participants.bulkTerminate.unknownParticipant', { id: refusal.id })
                            : `${formatPersonName(refusal.nom, refusal.prenom ?? '')} (${t('participants.bulkTerminate.number', { id: refusal.id })})`
                        }
                        secondary={refusal.messages.map(reasonText).join(' ')}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              {t('app.ok')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <Typography sx={{ mb: 2 }}>{t('participants.bulkTerminate.text', { count })}</Typography>
            <MovementReasonSelect
              label={t('participant.terminate.reason')}
              value={reason}
              onChange={setReason}
            />
            {problem && <MessagesAlerts messages={problem} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {t('app.cancel')}
            </Button>
            <BusyButton
              variant="contained"
              color="error"
              onClick={() => void confirm()}
              disabled={reason === '' || !selection}
              busy={busy}
            >
              {t('participants.bulkTerminate.confirm', { count })}
            </BusyButton>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
