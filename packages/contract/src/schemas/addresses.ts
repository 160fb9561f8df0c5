import { z } from 'zod';
import { POSTAL_CODE_MAX } from '../constants';

/** `GET adresse/code-postal`: the lookup runs from POSTAL_CODE_LOOKUP_MIN characters (docs/interface-conventions.md#postal-code-lookup). */
export const postalCodeQuery = z.object({ codePostal: z.string().trim().min(1).max(POSTAL_CODE_MAX) });
export type PostalCodeQuery = z.infer<typeof postalCodeQuery>;

export const locality = z.object({
  codePostal: z.string(),
  /** The commune's name: `Paris 1er Arrondissement`. */
  localite: z.string(),
  /** INSEE code of the commune. */
  codeCommune: z.string(),
  /** The routing label La Poste prints after the postal code: `PARIS`. */
  libelleAcheminement: z.string(),
});
export type Locality = z.infer<typeof locality>;

export const postalCodeReply = z.array(locality);

/** `GET user/verifIfPortableCorrecte/{portable}`: the number as typed (spaces, +33, 0033 accepted). */
export const mobileCheckParams = z.object({ portable: z.string().max(40) });
export const mobileCheckReply = z.boolean();
