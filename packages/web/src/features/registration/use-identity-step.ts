import type { Message } from '@portail/contract/schemas/common';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { secondsUntil } from '../../lib/use-countdown';
import { checkIdentity } from './api/identity';
import { registrationKeys } from './api/registration-keys';
import { serverErrorsToFields } from './field-errors';
import { IDENTITY_FIELDS, type RegistrationDraft } from './registration-form';

/** What proving the identity ended in: go on, or stay with these messages. */
export type IdentityResult = { proven: true } | { proven: false; messages: Message[] };

/**
 * Participant step 1, first part (issue 17): the birth date and the centre's activation code, checked
 * by the server before any text message is sent. Once proven, the link's state is read again: it now
 * carries the account's identifier, shown on the security step and at sign-in.
 */
export function useIdentityStep(token: string, form: UseFormReturn<RegistrationDraft>, initial: boolean) {
  const queryClient = useQueryClient();
  const [proven, setProven] = useState(initial);
  const [waitSeconds, setWaitSeconds] = useState<number | null>(null);

  const prove = async (): Promise<IdentityResult> => {
    if (!(await form.trigger([...IDENTITY_FIELDS], { shouldFocus: true })))
      return { proven: false, messages: [] };
    const { dateNaissance, codeActivation } = form.getValues();
    const outcome = await checkIdentity(token, { dateNaissance: dateNaissance ?? '', codeActivation });
    setWaitSeconds(outcome.kind === 'throttled' ? Math.max(1, secondsUntil(outcome.until)) : null);
    if (outcome.kind === 'done') {
      setProven(true);
      form.setValue('codeActivation', '');
      void queryClient.invalidateQueries({ queryKey: registrationKeys.link(token) });
      return { proven: true };
    }
    if (outcome.kind === 'invalid') {
      for (const { field, message } of serverErrorsToFields(outcome.fieldErrors))
        form.setError(field, { type: 'server', message }, { shouldFocus: true });
      return { proven: false, messages: outcome.messages };
    }
    if (outcome.kind === 'refused') {
      form.setValue('codeActivation', '');
      form.setFocus('codeActivation');
      return { proven: false, messages: outcome.messages };
    }
    return { proven: false, messages: [] };
  };

  return { proven, waitSeconds, prove, reset: () => setProven(false) };
}
