import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { ciemException, listReply, pageQuery, queryBoolean } from './common';
import { currentPassword, pendingContact } from './contact-change';
import { manager, organisationRef } from './participants';

/**
 * The correspondant directory (docs/correspondants.md#detail Correspondant, docs/roles-and-access.md#roles, docs/correspondants.md#api): list, detail, the caller's own
 * record and its contact block, the manager of their establishment (docs/correspondants.md#manager Manager) and whether the
 * directory may be shown (docs/correspondants.md#api `user/canShowListeCorrespondant`).
 */

/** Business message codes of this feature (translated under `messages.` on the web). */
export const CORRESPONDANT_MESSAGES = {
  saved: 'correspondant.enregistre',
} as const;

/** Keys of the refusals (`message` of the error reply), translated as they are on the web. */
export const CORRESPONDANT_ERRORS = {
  /** A participant whose account may not see the directory (canShowListeCorrespondant false). */
  listNotAllowed: 'correspondants.error.listeNonAutorisee',
  /** GET correspondant/mescoordonnees by an account without a correspondant record (an admin). */
  noOwnRecord: 'correspondants.error.aucuneFiche',
  /** A save of someone else's record, or of one's own when canSave is false. */
  saveNotAllowed: 'correspondants.error.modificationNonAutorisee',
} as const;

const NAME_MAX = 100;
const PHONE_MAX = 30;
const MAIL_MAX = 254;

const required = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? 'errors.required' : undefined;

/** Free text that may stay empty ('' and null both mean nothing). */
const optionalText = (max: number) => z.string().trim().max(max).nullable();
// A schema's own error function also names its checks' issues: lengths keep their generic messages.
const requiredText = (max: number) =>
  z
    .string({
      error: (issue) => (issue.code === 'invalid_type' ? (required(issue) ?? 'errors.invalid') : undefined),
    })
    .trim()
    .min(1, 'errors.required')
    .max(max);

/** An enumeration item as the directory shows it: its id and both labels (enum/civilite). */
export const enumRef = z.object({
  id: z.number().int(),
  label: z.string(),
  /** English label; the French one when the centre gave none. */
  labelEn: z.string(),
});
export type EnumRef = z.infer<typeof enumRef>;

/** The contact block of a correspondant (docs/correspondants.md#detail): who they are and how to reach them. */
export const correspondantContact = z.object({
  civilite: enumRef.nullable(),
  nom: z.string(),
  prenom: z.string(),
  /** Landline. */
  telephone: z.string().nullable(),
  /** Mobile. */
  portable: z.string().nullable(),
  fax: z.string().nullable(),
  mail: z.string().nullable(),
  fonction: z.string().nullable(),
});
export type CorrespondantContact = z.infer<typeof correspondantContact>;

/** GET correspondant/{id}, correspondant/mescoordonnees, and each row of GET correspondant. */
export const correspondant = z.object({
  id: z.number().int(),
  contact: correspondantContact,
  etablissement: organisationRef.nullable(),
  entreprise: organisationRef.nullable(),
  groupement: organisationRef.nullable(),
  roleAdmin: z.boolean(),
  roleFacturation: z.boolean(),
  roleEnvoiCourrier: z.boolean(),
  /** Only on the caller's own record, when the centre lets them edit it (docs/correspondants.md#detail). */
  canSave: z.boolean(),
});
export type Correspondant = z.infer<typeof correspondant>;

/** The sort keys of the directory; the default is the last name (then first name, then id). */
export const CORRESPONDANT_SORT_FIELDS = [
  'nom',
  'prenom',
  'id',
  'etablissement',
  'entreprise',
  'groupement',
] as const;
export type CorrespondantSortField = (typeof CORRESPONDANT_SORT_FIELDS)[number];
export const DEFAULT_CORRESPONDANT_SORT = 'nom,ASC';

/**
 * GET correspondant (docs/correspondants.md#detail, docs/correspondants.md#api): last name and first name searched from their start, the
 * establishment by id, and a business name contained in the establishment's name, or in the company's
 * when `rechercheEntreprise` is true; text searches ignore case and accents.
 */
export const correspondantListQuery = pageQuery(PAGE_SIZE).extend({
  nom: z.string().trim().max(NAME_MAX).optional(),
  prenom: z.string().trim().max(NAME_MAX).optional(),
  idEtablissement: z.coerce.number({ error: 'errors.number' }).int().positive().max(2_147_483_647).optional(),
  raisonSociale: z.string().trim().max(NAME_MAX).optional(),
  rechercheEntreprise: queryBoolean.default(false),
});
/** What the server reads once the query is parsed (defaults applied). */
export type CorrespondantListParams = z.output<typeof correspondantListQuery>;
/** What a caller sends: every parameter optional, with its parsed type. */
export type CorrespondantListQuery = Partial<CorrespondantListParams>;

export const correspondantListReply = listReply(correspondant);
export type CorrespondantListReply = z.infer<typeof correspondantListReply>;

/**
 * POST correspondant/{id}: the contact block of the caller's own record. The mobile, when given, must
 * be a valid mobile number: the server checks it (its numbering plans are not part of the contract).
 */
export const correspondantContactBody = z.object({
  civilite: z
    .number({ error: (issue) => required(issue) ?? 'errors.invalid' })
    .int()
    .positive(),
  nom: requiredText(NAME_MAX),
  prenom: requiredText(NAME_MAX),
  telephone: optionalText(PHONE_MAX),
  portable: optionalText(PHONE_MAX),
  fax: optionalText(PHONE_MAX),
  mail: z
    .email({
      error: (issue) => required(issue) ?? (issue.code === 'invalid_format' ? 'errors.email' : undefined),
    })
    .max(MAIL_MAX),
  fonction: optionalText(NAME_MAX),
  /** The current password (issue 17); a new mail or mobile waits for the code sent to it. */
  motDePasse: currentPassword,
});
export type CorrespondantContactBody = z.infer<typeof correspondantContactBody>;

/** POST correspondant/{id} reply: the messages and the record as saved. */
export const correspondantSavedReply = z.object({ ciemException, correspondant, enAttente: pendingContact });
export type CorrespondantSavedReply = z.infer<typeof correspondantSavedReply>;

/** GET getGestionnaire (docs/correspondants.md#manager Manager, docs/correspondants.md#api): the centre's manager of the caller's establishment, or null. */
export const managerReply = manager.nullable();
export type ManagerReply = z.infer<typeof managerReply>;

/** GET user/canShowListeCorrespondant (docs/correspondants.md#api): whether the directory may be shown to the caller. */
export const canShowListReply = z.boolean();
