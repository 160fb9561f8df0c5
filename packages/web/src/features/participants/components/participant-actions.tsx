import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPersonName } from '@portail/contract/rules/person-name';
import type { Message } from '@portail/contract/schemas/common';
import {
  PARTICIPANT_MESSAGES,
  type Participant,
  type TransferBody,
} from '@portail/contract/schemas/participants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-provider';
import { notify } from '../../../lib/notify';
import type { Outcome } from '../../../lib/outcome';
import { useReadmitParticipant } from '../api/readmit-participant';
import { useTerminateParticipant } from '../api/terminate-participant';
import { useTransferParticipant } from '../api/transfer-participant';
import { TerminateDialog } from './terminate-dialog';
import { TransferDialog } from './transfer-dialog';

/** The reply's messages (a success the server did not word still says so), or null after a failure already told. */
function messagesOf(outcome: Outcome<unknown> | null, successCode: string): Message[] | null {
  if (outcome?.kind === 'refused') return outcome.messages;
  if (outcome?.kind !== 'done') return null;
  return outcome.messages.length > 0 ? outcome.messages : [{ level: 'INFO', errorCode: successCode }];
}

export interface ParticipantActionsProps {
  participant: Participant;
  /** Messages of an operation (refusal or success), shown above the form. */
  onMessages: (messages: Message[]) => void;
  /** The membership has ended: the screen goes back (docs/participants.md#terminate). */
  onTerminated: () => void;
}

/**
 * A correspondant's operations on a participant (docs/participants.md#terminate, docs/participants.md#duplicates): terminate and transfer an active one
 * (transfer once at a time), re-admit an inactive one.
 */
export function ParticipantActions({ participant, onMessages, onTerminated }: ParticipantActionsProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<'terminate' | 'transfer' | null>(null);
  const terminate = useTerminateParticipant(participant.id);
  const readmit = useReadmitParticipant(participant.id);
  const transfer = useTransferParticipant(participant.id);
  const name = formatPersonName(participant.nom, participant.prenom);
  const reasonId = useId();
  // What the server would refuse is not offered: the reason is told instead, as text beside the button
  // that keyboard and touch users see too (issue 18), and to screen readers as its description.
  const cannotTerminate = participant.bilanEnCours
    ? `messages.${PARTICIPANT_MESSAGES.terminateCheckupInProgress}`
    : participant.mutationEnCours
      ? `messages.${PARTICIPANT_MESSAGES.terminateTransferInProgress}`
      : null;
  const close = () => setDialog(null);

  const onTerminate = async (reason: number) => {
    const outcome = await terminate.mutateAsync(reason).catch(() => null);
    close();
    if (outcome?.kind === 'done') {
      notify('participant.resiliation.resilie', 'success');
      onTerminated();
    } else if (outcome?.kind === 'refused') onMessages(outcome.messages);
  };

  const onTransfer = async (body: TransferBody) => {
    const outcome = await transfer.mutateAsync(body).catch(() => null);
    close();
    const shown = messagesOf(outcome, PARTICIPANT_MESSAGES.transferRequested);
    if (shown) onMessages(shown);
  };

  const onReadmit = async () => {
    const confirmed = await confirm({
      title: t('participant.readmit.title'),
      message: t('participant.readmit.text', { name }),
      confirmLabel: t('participant.readmit.confirm'),
    });
    if (!confirmed) return;
    const outcome = await readmit.mutateAsync().catch(() => null);
    const shown = messagesOf(outcome, PARTICIPANT_MESSAGES.readmitted);
    if (shown) onMessages(shown);
  };

  return (
    <>
      <Box sx={{ flexShrink: 0 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {participant.actif && !participant.mutationEnCours && (
            <Button variant="outlined" startIcon={<SwapHorizIcon />} onClick={() => setDialog('transfer')}>
              {t('participant.transfer.action')}
            </Button>
          )}
          {participant.actif && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<BlockIcon />}
              disabled={cannotTerminate !== null}
              aria-describedby={cannotTerminate ? reasonId : undefined}
              onClick={() => setDialog('terminate')}
            >
              {t('participant.terminate.action')}
            </Button>
          )}
          {!participant.actif && (
            <Button
              variant="contained"
              startIcon={<RestoreIcon />}
              loading={readmit.isPending}
              onClick={() => void onReadmit()}
            >
              {t('participant.readmit.action')}
            </Button>
          )}
        </Stack>
        {participant.actif && cannotTerminate && (
          <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 360 }}>
            {t(cannotTerminate)}
          </Typography>
        )}
      </Box>
      <TerminateDialog
        open={dialog === 'terminate'}
        name={name}
        busy={terminate.isPending}
        onConfirm={(reason) => void onTerminate(reason)}
        onClose={close}
      />
      <TransferDialog
        open={dialog === 'transfer'}
        name={name}
        currentEstablishmentId={participant.etablissement.id}
        checkupInProgress={participant.bilanEnCours}
        busy={transfer.isPending}
        onConfirm={(body) => void onTransfer(body)}
        onClose={close}
      />
    </>
  );
}
