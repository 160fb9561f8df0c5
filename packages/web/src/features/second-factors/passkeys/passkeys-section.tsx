import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FingerprintIcon from '@mui/icons-material/Fingerprint';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Message } from '@portail/contract/schemas/common';
import { currentPassword } from '@portail/contract/schemas/contact-change';
import { PASSKEY_NAME_MAX, passkeyName } from '@portail/contract/schemas/passkeys';
import type { FactorsReply } from '@portail/contract/schemas/second-factors';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { CurrentPasswordField } from '../../../components/password-field';
import { applyFieldErrors, fieldsNamed } from '../../../lib/apply-field-errors';
import { formatDate, formatTime } from '../../../lib/dates';
import type { ServerFieldError } from '../../../lib/error-replies';
import { zodErrorKey } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { Outcome } from '../../../lib/outcome';
import { currentUser, useSession } from '../../../lib/session';
import { PasskeyDialog } from './passkey-dialog';
import {
  ceremonyFailure,
  creationOptionsJSON,
  enrolPasskey,
  passkeyEnrolmentOptions,
  registrationAnswer,
  removePasskey,
  renamePasskey,
} from './passkeys-api';

type Passkey = FactorsReply['cles'][number];

/** What a failed browser ceremony says, as a message above the dialog's fields. */
const CEREMONY_MESSAGES = {
  cancelled: { level: 'WARN', errorCode: 'facteurs.cles.annulee' },
  alreadyRegistered: { level: 'ERROR', errorCode: 'facteurs.cles.dejaSurCetAppareil' },
  failed: { level: 'ERROR', errorCode: 'facteurs.cles.echecNavigateur' },
} as const satisfies Record<string, Message>;

/**
 * A name to start from for a new passkey: the browser and the system it is made on ("Chrome ·
 * Windows"), which the holder may change. Empty when the browser says nothing recognisable.
 */
export function suggestedPasskeyName(userAgent: string): string {
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /CrOS/.test(userAgent)
          ? 'ChromeOS'
          : /Windows/.test(userAgent)
            ? 'Windows'
            : /Mac OS X|Macintosh/.test(userAgent)
              ? 'macOS'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|CriOS\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  return [browser, system].filter(Boolean).join(' · ');
}

const addForm = z.object({ nom: passkeyName, motDePasse: currentPassword });
// Before the second step (a correspondant who must enrol first) there is no password to give again.
const addFormFirst = z.object({ nom: passkeyName, motDePasse: z.string() });
type AddValues = z.input<typeof addForm>;
const ADD_FIELDS = ['nom', 'motDePasse'] as const;
const renameForm = z.object({ nom: passkeyName });
type RenameValues = z.input<typeof renameForm>;
const removeForm = z.object({ motDePasse: currentPassword });
type RemoveValues = z.input<typeof removeForm>;

/**
 * What an outcome does to a dialog: done hands its messages on (the section shows them) and closes;
 * field errors land on the fields (a toast when none of them is this dialog's); a refusal shows its
 * messages in the dialog.
 */
function settle(
  outcome: Outcome<unknown>,
  land: (fieldErrors: ServerFieldError[]) => boolean,
  show: (messages: Message[]) => void,
): Message[] | null {
  if (outcome.kind === 'done') return outcome.messages;
  if (outcome.kind === 'invalid') {
    const landed = land(outcome.fieldErrors);
    show(outcome.messages);
    if (!landed) notify('form.error', 'error');
  } else if (outcome.kind === 'refused') {
    show(
      outcome.messages.length > 0 ? outcome.messages : [{ level: 'ERROR', errorCode: outcome.messageKey }],
    );
  }
  return null;
}

/** Told by a dialog once its change is made: the server's messages. */
type Done = (messages: Message[]) => void;

function AddPasskeyDialog({
  open,
  onClose,
  onDone,
  firstFactor,
}: {
  open: boolean;
  onClose: () => void;
  onDone: Done;
  /** Enrolment before the second step: no password asked. */
  firstFactor: boolean;
}) {
  const { t } = useTranslation();
  const empty = (): AddValues => ({ nom: suggestedPasskeyName(navigator.userAgent), motDePasse: '' });
  const form = useForm<AddValues>({
    defaultValues: empty(),
    resolver: zodResolver(firstFactor ? addFormFirst : addForm, { error: zodErrorKey }),
  });
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);

  const close = () => {
    form.reset(empty());
    setMessages([]);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setMessages([]);
    try {
      const started = await passkeyEnrolmentOptions(firstFactor ? undefined : values.motDePasse);
      if (started.kind !== 'done') {
        settle(
          started,
          (errors) => applyFieldErrors(form.setError, errors, fieldsNamed(ADD_FIELDS)),
          setMessages,
        );
        return;
      }
      let answer: Awaited<ReturnType<typeof startRegistration>>;
      try {
        answer = await startRegistration({ optionsJSON: creationOptionsJSON(started.data.options) });
      } catch (error) {
        setMessages([CEREMONY_MESSAGES[ceremonyFailure(error)]]);
        return;
      }
      const added = await enrolPasskey(started.data.defi, values.nom, registrationAnswer(answer));
      const done = settle(
        added,
        (errors) => applyFieldErrors(form.setError, errors, fieldsNamed(ADD_FIELDS)),
        setMessages,
      );
      if (done) {
        form.reset(empty());
        onClose();
        onDone(done);
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <PasskeyDialog
      open={open}
      onClose={close}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      busy={busy}
      title={t('secondFactor.passkeys.add.title')}
      intro={t(firstFactor ? 'secondFactor.passkeys.add.introFirst' : 'secondFactor.passkeys.add.intro')}
      submitLabel={t('secondFactor.passkeys.add.submit')}
      messages={messages}
    >
      <FormTextField
        name="nom"
        control={form.control}
        label={t('secondFactor.passkeys.name')}
        helperText={t('secondFactor.passkeys.nameHelp', { max: PASSKEY_NAME_MAX })}
        required
        disabled={busy}
        htmlInput={{ maxLength: PASSKEY_NAME_MAX }}
      />
      {!firstFactor && <CurrentPasswordField name="motDePasse" control={form.control} disabled={busy} />}
    </PasskeyDialog>
  );
}

function RenamePasskeyDialog({
  passkey,
  onClose,
  onDone,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onDone: Done;
}) {
  const { t } = useTranslation();
  const form = useForm<RenameValues>({
    values: { nom: passkey?.nom ?? '' },
    resolver: zodResolver(renameForm, { error: zodErrorKey }),
  });
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);
  const close = () => {
    setMessages([]);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    if (!passkey) return;
    setBusy(true);
    setMessages([]);
    const outcome = await renamePasskey(passkey.id, values.nom);
    setBusy(false);
    const done = settle(
      outcome,
      (errors) => applyFieldErrors(form.setError, errors, fieldsNamed(['nom'])),
      setMessages,
    );
    if (done) {
      onClose();
      onDone(done);
    }
  });
  return (
    <PasskeyDialog
      open={passkey !== null}
      onClose={close}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      busy={busy}
      title={t('secondFactor.passkeys.rename.title')}
      intro={t('secondFactor.passkeys.rename.intro', { name: passkey?.nom ?? '' })}
      submitLabel={t('secondFactor.passkeys.rename.submit')}
      messages={messages}
    >
      <FormTextField
        name="nom"
        control={form.control}
        label={t('secondFactor.passkeys.name')}
        helperText={t('secondFactor.passkeys.nameHelp', { max: PASSKEY_NAME_MAX })}
        required
        disabled={busy}
        htmlInput={{ maxLength: PASSKEY_NAME_MAX }}
      />
    </PasskeyDialog>
  );
}

function RemovePasskeyDialog({
  passkey,
  onClose,
  onDone,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onDone: Done;
}) {
  const { t } = useTranslation();
  const form = useForm<RemoveValues>({
    defaultValues: { motDePasse: '' },
    resolver: zodResolver(removeForm, { error: zodErrorKey }),
  });
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);
  const close = () => {
    form.reset({ motDePasse: '' });
    setMessages([]);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    if (!passkey) return;
    setBusy(true);
    setMessages([]);
    const outcome = await removePasskey(passkey.id, values.motDePasse);
    setBusy(false);
    const done = settle(
      outcome,
      (errors) => applyFieldErrors(form.setError, errors, fieldsNamed(['motDePasse'])),
      setMessages,
    );
    if (done) {
      form.reset({ motDePasse: '' });
      onClose();
      onDone(done);
    }
  });
  return (
    <PasskeyDialog
      open={passkey !== null}
      onClose={close}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      busy={busy}
      destructive
      title={t('secondFactor.passkeys.remove.title')}
      intro={t('secondFactor.passkeys.remove.intro', { name: passkey?.nom ?? '' })}
      submitLabel={t('secondFactor.passkeys.remove.submit')}
      messages={messages}
    >
      <CurrentPasswordField name="motDePasse" control={form.control} disabled={busy} />
    </PasskeyDialog>
  );
}

function PasskeyItem({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename: (passkey: Passkey) => void;
  onRemove: (passkey: Passkey) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {passkey.nom}
            </Typography>
            {passkey.synchronisee && (
              <Chip
                size="small"
                variant="outlined"
                icon={<CloudDoneIcon />}
                label={t('secondFactor.passkeys.synced')}
              />
            )}
          </Stack>
          <Typography variant="body2">
            {t('secondFactor.passkeys.created', {
              date: formatDate(passkey.creeLe),
              time: formatTime(passkey.creeLe),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {passkey.derniereUtilisation
              ? t('secondFactor.passkeys.lastUsed', {
                  date: formatDate(passkey.derniereUtilisation),
                  time: formatTime(passkey.derniereUtilisation),
                })
              : t('secondFactor.passkeys.neverUsed')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={() => onRename(passkey)}
            aria-label={t('secondFactor.passkeys.rename.named', { name: passkey.nom })}
          >
            {t('secondFactor.passkeys.rename.action')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => onRemove(passkey)}
            aria-label={t('secondFactor.passkeys.remove.named', { name: passkey.nom })}
          >
            {t('secondFactor.passkeys.remove.action')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * "Clés d'accès" among the sign-in factors of the "Sécurité" tab (docs/second-factors.md#passkeys): the
 * account's passkeys (name, creation, last use, synced or not), each renamed or removed (the password
 * asked again), and a new one added with the browser's ceremony behind the password. Before the second
 * step (a correspondant who must enrol first) a passkey is added without the password. A browser
 * without WebAuthn says so instead of offering to add one; the passkeys already there can still be
 * renamed and removed.
 */
export function PasskeysSection({ factors, onChanged }: { factors: FactorsReply; onChanged: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const user = currentUser(useSession());
  const firstFactor = user !== null && !user.doubleAuthentificationConfirmee;
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const status = useRef<HTMLDivElement>(null);
  const keys = factors.cles;
  // A change made: its messages where the focus goes (the button pressed may have gone with its passkey).
  const done: Done = (received) => {
    setMessages(received);
    onChanged();
    requestAnimationFrame(() => status.current?.focus());
  };

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <FingerprintIcon fontSize="small" aria-hidden />
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('secondFactor.passkeys.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('secondFactor.passkeys.intro')}
      </Typography>
      <Box ref={status} tabIndex={-1} role="status" sx={{ outline: 'none' }}>
        <MessagesAlerts messages={messages} />
      </Box>
      {!supported && (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {t('secondFactor.passkeys.unsupported')}
        </Alert>
      )}
      {keys.length > 0 ? (
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ p: 0, m: 0 }}
          aria-label={t('secondFactor.passkeys.listLabel')}
        >
          {keys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onRename={setRenaming} onRemove={setRemoving} />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('secondFactor.passkeys.none')}
        </Typography>
      )}
      {supported && (
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => {
            setMessages([]);
            setAdding(true);
          }}
          sx={{ mt: 2 }}
        >
          {t('secondFactor.passkeys.add.action')}
        </Button>
      )}
      {supported && (
        <AddPasskeyDialog
          open={adding}
          onClose={() => setAdding(false)}
          onDone={done}
          firstFactor={firstFactor}
        />
      )}
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} onDone={done} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} onDone={done} />
    </Box>
  );
}
