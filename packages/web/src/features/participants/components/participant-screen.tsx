import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SCREENS, screenPath } from '@portail/contract/routes';
import type { SessionUser } from '@portail/contract/schemas/auth';
import type { Message } from '@portail/contract/schemas/common';
import { PARTICIPANT_MESSAGES, type Participant } from '@portail/contract/schemas/participants';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, type To, useLocation, useNavigate } from 'react-router';
import { AlertDialog } from '../../../components/alert-dialog';
import { useLeaveConfirmation } from '../../../components/leave-confirmation';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { dayjs, toIsoDate } from '../../../lib/dates';
import { isCorrespondant } from '../../../lib/session';
import { useParticipantEstablishment } from '../api/get-participant-establishment';
import {
  newParticipantDraft,
  type ParticipantDraft,
  type ParticipantValues,
  participantDraft,
} from '../participant-draft';
import { participantResolver } from '../participant-resolver';
import { useAutomaticOrigin } from '../use-automatic-origin';
import { useParticipantSubmit } from '../use-participant-submit';
import { ParticipantActions } from './participant-actions';
import { ParticipantFormBody } from './participant-form-body';
import { ParticipantHeader } from './participant-header';
import { SaveBar } from './save-bar';

export interface ParticipantScreenProps {
  /** null: creating a participant. */
  participant: Participant | null;
  user: SessionUser;
  /** Messages brought from the previous screen (the creation's). */
  initialMessages: Message[];
}

type Leave = { to: To; replace: boolean; state?: unknown } | { back: true };

/**
 * View, edit and create a participant (docs/participants.md#detail). Correspondants edit active participants and act on
 * them; an inactive participant, or a participant looking at their own record, is read-only.
 */
export function ParticipantScreen({ participant, user, initialMessages }: ParticipantScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const mode = participant ? 'update' : 'create';
  const correspondant = isCorrespondant(user);
  // The centre's back office may lock a participant: the portal then changes nothing (docs/participants.md#edit).
  const locked = participant?.verrouille === true;
  const readOnly = !correspondant || locked || (participant !== null && !participant.actif);
  const establishmentRequired = user.correspondantEntreprise || user.correspondantGroupement;
  const resolver = useMemo(
    () => participantResolver(mode, establishmentRequired),
    [mode, establishmentRequired],
  );
  const form = useForm<ParticipantDraft, unknown, ParticipantValues>({
    resolver,
    defaultValues: participant
      ? participantDraft(participant)
      : newParticipantDraft(toIsoDate(dayjs()) ?? ''),
  });
  const [messages, setMessages] = useState<Message[]>(initialMessages);
  const [leave, setLeave] = useState<Leave | null>(null);
  const messagesRef = useRef<HTMLDivElement>(null);
  const { data: establishment } = useParticipantEstablishment(participant?.id ?? null);
  const { isDirty } = form.formState;

  // A reload after an operation or a save shows the stored participant.
  useEffect(() => {
    if (participant) form.reset(participantDraft(participant));
  }, [participant, form]);

  // The form is long and its Save button at the bottom: what a save or an operation answered (refused,
  // created, "open record n° … to re-admit") shows at the top, so it comes into view and takes focus,
  // which would otherwise fall to the page (issue 18).
  useEffect(() => {
    const box = messagesRef.current;
    if (messages.length === 0 || !box) return;
    // jsdom (the unit tests) has no scrolling.
    box.scrollIntoView?.({ block: 'start' });
    box.focus({ preventScroll: true });
  }, [messages]);

  useAutomaticOrigin(form);
  useLeaveConfirmation(isDirty && !readOnly);

  // Leave once the form is clean, so the leave confirmation does not ask about what was just saved.
  useEffect(() => {
    if (!leave || isDirty) return;
    if ('back' in leave) {
      // Opened directly (no page before it in the app): back to the list.
      if (location.key === 'default') void navigate(SCREENS.participants.path, { replace: true });
      else void navigate(-1);
    } else void navigate(leave.to, { replace: leave.replace, state: leave.state });
    setLeave(null);
  }, [leave, isDirty, location.key, navigate]);

  const { submit, saving, mobileRejected, closeMobileAlert } = useParticipantSubmit({
    form,
    mode,
    onMessages: setMessages,
    onSaved: (outcome, values) => {
      form.reset(values);
      if (mode === 'create') {
        const created: Message[] =
          outcome.messages.length > 0
            ? outcome.messages
            : [{ level: 'INFO', errorCode: PARTICIPANT_MESSAGES.created }];
        setLeave({
          to: screenPath(SCREENS.participant, { id: outcome.data.id }),
          replace: true,
          state: { messages: created },
        });
      } else setMessages(outcome.messages);
    },
  });

  return (
    <>
      <ParticipantHeader
        participant={participant}
        actions={
          correspondant &&
          participant &&
          !locked && (
            <ParticipantActions
              participant={participant}
              onMessages={setMessages}
              onTerminated={() => {
                form.reset(form.getValues());
                setLeave({ back: true });
              }}
            />
          )
        }
      />
      {/* Script-focusable only: the messages of a save are brought into view and read (issue 18). */}
      <Box ref={messagesRef} tabIndex={-1} sx={{ outline: 'none' }}>
        <MessagesAlerts messages={messages} />
        <ReadmitOffer messages={messages} />
      </Box>
      {participant && !participant.actif && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('participant.readOnly.inactive')}
        </Alert>
      )}
      {locked && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('messages.participant.error.verrouille')}
        </Alert>
      )}
      <FormProvider {...form}>
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          spacing={2}
          aria-label={t('participant.formLabel')}
        >
          <ParticipantFormBody
            control={form.control}
            readOnly={readOnly}
            participant={participant}
            establishment={establishment}
            chooseEstablishment={mode === 'create'}
          />
          {!readOnly && <SaveBar mode={mode} saving={saving} dirty={isDirty} onCancel={() => form.reset()} />}
        </Stack>
      </FormProvider>
      <AlertDialog
        open={mobileRejected}
        title={t('participant.mobileAlert.title')}
        text={t('participant.mobileAlert.text')}
        onClose={closeMobileAlert}
      />
    </>
  );
}

/**
 * A creation refused because the person is a terminated participant of the caller's scope: the way to
 * the record where they are re-admitted, instead of a second record.
 */
function ReadmitOffer({ messages }: { messages: readonly Message[] }) {
  const { t } = useTranslation();
  const id = Number(
    messages.find((message) => message.errorCode === PARTICIPANT_MESSAGES.terminatedDuplicate)?.args?.[0],
  );
  if (!Number.isInteger(id) || id <= 0) return null;
  return (
    <Button
      component={RouterLink}
      to={screenPath(SCREENS.participant, { id: id })}
      variant="contained"
      sx={{ mb: 2 }}
    >
      {t('participant.readmit.open', { id })}
    </Button>
  );
}
