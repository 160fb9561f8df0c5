import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRY_FRANCE_ID } from '@portail/contract/constants';
import {
  type AddressRecord,
  type CorrespondantAddress,
  type SaveAddressValues,
  saveAddressBody,
} from '@portail/contract/schemas/account';
import type { Resolver } from 'react-hook-form';
import { zodErrorKey } from '../../lib/form-errors';

/** An address in the form: dropdowns hold item ids, as the shared address fields do. */
export interface AddressDraft {
  ligne1: string | null;
  ligne2: string | null;
  ligne3: string | null;
  numeroVoie: string | null;
  typeVoie: number | null;
  nomVoie: string | null;
  ligne5: string | null;
  codePostal: string | null;
  localite: string | null;
  pays: number | null;
}

export interface AddressFormDraft {
  adresse: AddressDraft;
  adresseFacturation: AddressDraft;
  adresseFacturationIdentique: boolean;
}

/** The record as read, in form values; an address without a country starts in France (docs/personal-details.md#address). */
function draftOf(address: AddressRecord | null): AddressDraft {
  return {
    ligne1: address?.ligne1 ?? null,
    ligne2: address?.ligne2 ?? null,
    ligne3: address?.ligne3 ?? null,
    numeroVoie: address?.numeroVoie ?? null,
    typeVoie: address?.typeVoie?.id ?? null,
    nomVoie: address?.nomVoie ?? null,
    ligne5: address?.ligne5 ?? null,
    codePostal: address?.codePostal ?? null,
    localite: address?.localite ?? null,
    pays: address?.pays?.id ?? COUNTRY_FRANCE_ID,
  };
}

export function addressFormDraft(record: CorrespondantAddress): AddressFormDraft {
  return {
    adresse: draftOf(record.adresse),
    adresseFacturation: draftOf(record.adresseFacturation ?? record.adresse),
    adresseFacturationIdentique: record.adresseFacturationIdentique,
  };
}

/**
 * The contract's schema of `POST adresse` checks the form as the call it becomes: the billing address
 * travels only when the caller may write it and it differs from the geographic one, where it is then
 * required. Hidden billing fields are never checked.
 */
export function addressResolver(
  record: CorrespondantAddress,
): Resolver<AddressFormDraft, unknown, SaveAddressValues> {
  const schema = saveAddressBody.superRefine((body, ctx) => {
    if (record.facturationModifiable && !body.adresseFacturationIdentique && !body.adresseFacturation)
      ctx.addIssue({ code: 'custom', path: ['adresseFacturation'], message: 'errors.required' });
  });
  const check = zodResolver(schema, { error: zodErrorKey }) as unknown as Resolver<
    AddressFormDraft,
    unknown,
    SaveAddressValues
  >;
  return (values, context, options) => {
    const body = {
      idEtablissement: record.idEtablissement,
      adresse: values.adresse,
      adresseFacturation:
        record.facturationModifiable && !values.adresseFacturationIdentique
          ? values.adresseFacturation
          : null,
      adresseFacturationIdentique: values.adresseFacturationIdentique,
    };
    // The schema reads the call's body; the errors it finds carry the form's own paths.
    return check(body as unknown as AddressFormDraft, context, options);
  };
}
