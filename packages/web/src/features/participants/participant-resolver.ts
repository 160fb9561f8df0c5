import { zodResolver } from '@hookform/resolvers/zod';
import { participantCreate, participantUpdate } from '@portail/contract/schemas/participants';
import type { Resolver } from 'react-hook-form';
import { zodErrorKey } from '../../lib/form-errors';
import type { ParticipantDraft, ParticipantValues } from './participant-draft';

export type ParticipantResolver = Resolver<ParticipantDraft, unknown, ParticipantValues>;

/** A company or group correspondant says which of their establishments a new participant joins. */
const createWithEstablishment = participantCreate.superRefine((values, ctx) => {
  if (values.idEtablissement === null)
    ctx.addIssue({ code: 'custom', path: ['idEtablissement'], message: 'errors.required' });
});

/**
 * The contract's schema of the call the form makes (create or update) checks the form. The draft
 * lets required values be empty while typing, which is what the schema reports on submit: hence the
 * one cast from the schema's input type to the draft's.
 */
export function participantResolver(
  mode: 'create' | 'update',
  establishmentRequired: boolean,
): ParticipantResolver {
  const schema =
    mode === 'update'
      ? participantUpdate
      : establishmentRequired
        ? createWithEstablishment
        : participantCreate;
  return zodResolver(schema, { error: zodErrorKey }) as unknown as ParticipantResolver;
}
