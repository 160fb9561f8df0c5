import type { Message } from '@portail/contract/schemas/common';
import type { ParticipantCreate, ParticipantUpdate } from '@portail/contract/schemas/participants';
import { useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../lib/form-errors';
import { checkMobile } from '../../lib/mobile-check';
import { notify } from '../../lib/notify';
import { type SaveOutcome, useSaveParticipant } from './api/save-participant';
import type { ParticipantDraft, ParticipantValues } from './participant-draft';

export interface SubmitOptions {
  form: UseFormReturn<ParticipantDraft, unknown, ParticipantValues>;
  mode: 'create' | 'update';
  /** The business messages of the reply, shown above the form. */
  onMessages: (messages: Message[]) => void;
  onSaved: (outcome: Extract<SaveOutcome, { kind: 'done' }>, values: ParticipantDraft) => void;
}

/**
 * Saving the participant form (docs/participants.md#form-rules, docs/participants.md#api, docs/participants.md#edit): the contract's schema first (`form.error` when it
 * fails), then the mobile number checked by the server (a warning dialog stops the save), then the
 * save itself, whose field errors land on their fields and whose messages show above the form.
 */
export function useParticipantSubmit({ form, mode, onMessages, onSaved }: SubmitOptions) {
  const save = useSaveParticipant();
  const [mobileRejected, setMobileRejected] = useState(false);
  const [checking, setChecking] = useState(false);

  const submit = form.handleSubmit(
    async (values) => {
      setChecking(true);
      try {
        const mobileValid = await checkMobile(values.telephonePortable);
        if (mobileValid === null) return;
        if (!mobileValid) {
          setMobileRejected(true);
          return;
        }
        const outcome = await save.mutateAsync(
          mode === 'create'
            ? { mode, values: values as ParticipantCreate }
            : { mode, values: values as ParticipantUpdate },
        );
        if (outcome.kind === 'done') {
          // The server's own success message is shown on the screen (and a creation's on the new
          // participant's page): a toast saying it again would be a second confirmation of one save.
          if (mode === 'update' && outcome.messages.length === 0) notify('form.saved', 'success');
          onSaved(outcome, form.getValues());
        } else if (outcome.kind === 'refused') {
          onMessages(outcome.messages);
        } else if (outcome.kind === 'invalid') {
          for (const [index, error] of outcome.fieldErrors.entries())
            form.setError(
              error.field as FieldPath<ParticipantDraft>,
              { type: 'server', message: errorMessage(error.defaultMessage, error.args) },
              { shouldFocus: index === 0 },
            );
          notify('form.error', 'error');
        }
      } finally {
        setChecking(false);
      }
    },
    () => notify('form.error', 'error'),
  );

  return {
    submit,
    saving: checking || save.isPending,
    mobileRejected,
    closeMobileAlert: () => setMobileRejected(false),
  };
}
