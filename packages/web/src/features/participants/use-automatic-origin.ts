import { originFor } from '@portail/contract/rules/participant';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ParticipantDraft, ParticipantValues } from './participant-draft';

/** The fields the origin follows (docs/participants.md#origin). */
const ORIGIN_INPUTS = new Set(['paysExercice', 'adresse.pays', 'adresse.codePostal']);

/**
 * Sets the origin (provenance) whenever a country or the postal code changes, by the user or by the
 * postal-code lookup (docs/participants.md#origin): abroad for a foreign country, else Paris for the Paris region's
 * postal codes, Province otherwise. A stored participant keeps their origin until one of these changes.
 */
export function useAutomaticOrigin({
  watch,
  getValues,
  setValue,
  formState,
}: UseFormReturn<ParticipantDraft, unknown, ParticipantValues>) {
  const submitted = formState.isSubmitted;
  useEffect(() => {
    const subscription = watch((_, { name }) => {
      if (!name || !ORIGIN_INPUTS.has(name)) return;
      const values = getValues();
      const origin = originFor({
        practiceCountryId: values.paysExercice,
        addressCountryId: values.adresse.pays,
        postalCode: values.adresse.codePostal,
      });
      if (origin !== values.provenance)
        setValue('provenance', origin, { shouldDirty: true, shouldValidate: submitted });
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, setValue, submitted]);
}
