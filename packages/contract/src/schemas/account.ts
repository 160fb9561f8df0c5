import { z } from 'zod';
import { POSTAL_CODE_MAX } from '../constants';
import { ROLES } from '../roles';
import { currentPassword, pendingContact } from './contact-change';
import { organisationRef } from './participants';

/**
 * The personal details area (docs/personal-details.md#tabs Personal details page, docs/personal-details.md#address User, Address, Correspondant address
 * record, Establishment, Secret question, docs/personal-details.md#contact, docs/personal-details.md#api): the caller's account and contact, the address of a
 * correspondant's establishment, and the secret question. Wire names are the specification's.
 */

/** Business message codes of this feature (translated under `messages.` on the web). */
export const ACCOUNT_MESSAGES = {
  contactSaved: 'coordonnees.enregistrees',
  addressSaved: 'coordonnees.adresse.enregistree',
  addressReadOnly: 'coordonnees.adresse.lectureSeule',
  establishmentClosed: 'coordonnees.adresse.etablissementResilie',
  questionSaved: 'coordonnees.question.enregistree',
} as const;

const LINE_MAX = 100;
const MAIL_MAX = 254;
const PHONE_MAX = 30;
export const SECRET_ANSWER_MIN = 2;
export const SECRET_ANSWER_MAX = 100;

const required = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? 'errors.required' : undefined;

/**
 * A schema's own error map also names its checks' issues: only a wrong type is answered here (missing
 * or invalid); lengths keep their own issue, which the server and the web turn into min/max messages.
 */
const typeError = (issue: { code?: string; input: unknown }) =>
  issue.code === 'invalid_type' ? (required(issue) ?? 'errors.invalid') : undefined;

/** GET user (docs/personal-details.md#address User): the caller's account, never its password or secret answer. */
export const userAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string().nullable(),
  portable: z.string().nullable(),
  /** The account's own role (the hierarchy adds the roles it implies). */
  role: z.enum(ROLES),
  typeuser: z.enum(['PARTICIPANT', 'CORRESPONDANT', 'STAFF']),
  actif: z.boolean(),
  /** ISO date-times. */
  dateCreation: z.string(),
  dateModification: z.string(),
  /** Date (YYYY-MM-DD) and time (HH:mm) of the current sign-in, at the centre; null before any. */
  dateConnexion: z.string().nullable(),
  heureConnexion: z.string().nullable(),
  /** A correspondant's establishment of attachment. */
  etablissement: organisationRef.nullable(),
  /** The INSEE code of a correspondant's company, when the centre holds one. */
  entrepriseInsee: z.string().nullable(),
  /** A participant's own record. */
  participant: z.object({ id: z.number().int() }).nullable(),
  /** A new e-mail or mobile saved but not yet confirmed by the code sent to it. */
  enAttente: pendingContact,
});
export type UserAccount = z.infer<typeof userAccount>;

/**
 * POST user (docs/personal-details.md#contact contact form): both required; the mobile must be one (checked by the server). The
 * current password is asked again (issue 17); a new value waits for the code sent to it.
 */
export const contactForm = z.object({
  email: z
    .email({
      error: (issue) =>
        required(issue) ?? (issue.code === 'invalid_format' ? 'errors.email' : typeError(issue)),
    })
    .max(MAIL_MAX),
  portable: z.string({ error: typeError }).trim().min(1, 'errors.required').max(PHONE_MAX),
  motDePasse: currentPassword,
});
export type ContactForm = z.infer<typeof contactForm>;

/** An enumeration item as an address carries it (docs/personal-details.md#address: typeVoie with its raccourci). */
export const streetTypeRef = z.object({
  id: z.number().int(),
  label: z.string(),
  raccourci: z.string().nullable(),
});
export const countryRef = streetTypeRef.extend({ unionEuropeenne: z.boolean() });

/** docs/personal-details.md#address Address as read: street type and country as their items. */
export const addressRecord = z.object({
  ligne1: z.string().nullable(),
  ligne2: z.string().nullable(),
  ligne3: z.string().nullable(),
  numeroVoie: z.string().nullable(),
  typeVoie: streetTypeRef.nullable(),
  nomVoie: z.string().nullable(),
  ligne5: z.string().nullable(),
  codePostal: z.string().nullable(),
  localite: z.string().nullable(),
  pays: countryRef.nullable(),
});
export type AddressRecord = z.infer<typeof addressRecord>;

/** GET adresse (docs/personal-details.md#address Correspondant address record) of one establishment, with what the caller may change. */
export const correspondantAddress = z.object({
  idEtablissement: z.number().int(),
  raisonsociale: z.string(),
  dateResiliation: z.string().nullable(),
  adresse: addressRecord,
  /** Establishment correspondants only (docs/personal-details.md#billing-address); null for the others. */
  adresseFacturation: addressRecord.nullable(),
  adresseFacturationIdentique: z.boolean(),
  /** False for enterprise correspondants and terminated establishments: the fields are read-only. */
  modifiable: z.boolean(),
  /** The billing address may be changed: establishment correspondants of an open establishment. */
  facturationModifiable: z.boolean(),
});
export type CorrespondantAddress = z.infer<typeof correspondantAddress>;

const establishmentId = z.coerce.number({ error: 'errors.number' }).int().positive().max(2_147_483_647);

/** GET adresse?idEtablissement=: another establishment of the caller's scope (else their own). */
export const addressQuery = z.object({ idEtablissement: establishmentId.optional() });

/** The id of an enumeration item, sent alone or as the item read from GET adresse. */
function itemId(error: (issue: { input: unknown }) => string) {
  return z.preprocess(
    (value) => (typeof value === 'object' && value !== null && 'id' in value ? value.id : value),
    z.number({ error }).int().positive(),
  );
}
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** docs/personal-details.md#address Address as written: the participant address's rules (docs/recovery.md#new-password-rule), the country required. */
export const addressInput = z.object({
  ligne1: optionalText(LINE_MAX),
  ligne2: optionalText(LINE_MAX),
  ligne3: optionalText(LINE_MAX),
  numeroVoie: optionalText(20),
  typeVoie: itemId(() => 'errors.invalid')
    .nullable()
    .optional(),
  nomVoie: optionalText(LINE_MAX),
  ligne5: optionalText(LINE_MAX),
  codePostal: optionalText(POSTAL_CODE_MAX),
  localite: optionalText(LINE_MAX),
  pays: itemId((issue) => required(issue) ?? 'errors.invalid'),
});
export type AddressInput = z.output<typeof addressInput>;

/**
 * POST adresse (docs/personal-details.md#api): the address record of the establishment named (else the caller's own). The
 * billing address counts for establishment correspondants only, and equals the geographic one when
 * `adresseFacturationIdentique` is true.
 */
export const saveAddressBody = z.object({
  idEtablissement: establishmentId.nullable().optional(),
  adresse: addressInput,
  adresseFacturation: addressInput.nullable().optional(),
  adresseFacturationIdentique: z.boolean({ error: typeError }),
});
export type SaveAddressBody = z.input<typeof saveAddressBody>;
export type SaveAddressValues = z.output<typeof saveAddressBody>;

/** GET listeQuestion (docs/personal-details.md#address Secret question): the active questions. */
export const secretQuestion = z.object({
  id: z.number().int(),
  questionfr: z.string(),
  questionen: z.string(),
});
export const secretQuestionsReply = z.array(secretQuestion);
export type SecretQuestion = z.infer<typeof secretQuestion>;

/** POST user/question (docs/personal-details.md#api): the question chosen and its answer, with the current password. */
export const secretAnswerBody = z.object({
  id: z.number({ error: typeError }).int().positive(),
  response: z
    .string({ error: typeError })
    .trim()
    // An empty answer is missing rather than too short: one message, not two.
    .min(1, { error: 'errors.required', abort: true })
    .min(SECRET_ANSWER_MIN)
    .max(SECRET_ANSWER_MAX),
  motDePasse: currentPassword,
});
export type SecretAnswerBody = z.infer<typeof secretAnswerBody>;
