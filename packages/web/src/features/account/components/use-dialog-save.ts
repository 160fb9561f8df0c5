import type { Message } from '@portail/contract/schemas/common';
import { type FormEvent, useState } from 'react';
import type { DefaultValues, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { notify } from '../../../lib/notify';
import type { Outcome } from '../../../lib/outcome';

export interface DialogSaveOptions<T extends FieldValues, O> {
  form: Pick<UseFormReturn<T, unknown, O>, 'handleSubmit' | 'reset' | 'setError'>;
  /** What the fields hold when the dialog opens again. */
  empty: DefaultValues<T>;
  onClose: () => void;
  save: (values: O) => Promise<Outcome<unknown>>;
  /** The form's field for a server's field error (null: none of this dialog's). */
  fieldOf: (field: string) => FieldPath<T> | null;
  /** Told on success when the server's reply has no message of its own. */
  doneCode?: string;
}

/**
 * The save of a security dialog (FormDialog): while the call runs the dialog stays open and its
 * fields disabled; done tells the server's messages as successes, empties the fields and closes; the
 * server's field errors land on their fields and its other messages above them (a toast when none
 * landed, so an error is never silent); a refusal shows its messages. Closing empties the fields too,
 * so the next opening starts afresh.
 */
export function useDialogSave<T extends FieldValues, O>({
  form: { handleSubmit, reset, setError },
  empty,
  onClose,
  save,
  fieldOf,
  doneCode,
}: DialogSaveOptions<T, O>) {
  const [saving, setSaving] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);

  const close = () => {
    if (saving) return;
    reset(empty);
    setMessages([]);
    onClose();
  };

  const submit = handleSubmit(
    async (values) => {
      setSaving(true);
      setMessages([]);
      const outcome = await save(values);
      setSaving(false);
      if (outcome.kind === 'done') {
        const codes = outcome.messages.map((message) => message.errorCode);
        for (const code of codes.length > 0 || !doneCode ? codes : [doneCode])
          notify(`messages.${code}`, 'success');
        reset(empty);
        onClose();
      } else if (outcome.kind === 'invalid') {
        const landed = applyFieldErrors(setError, outcome.fieldErrors, fieldOf);
        setMessages(outcome.messages);
        if (!landed) notify('form.error', 'error');
      } else if (outcome.kind === 'refused') {
        setMessages(outcome.messages);
      }
    },
    () => notify('form.error', 'error'),
  );

  return {
    saving,
    /** What FormDialog takes of the save. */
    dialog: {
      onClose: close,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
      saving,
      messages,
    },
  };
}
