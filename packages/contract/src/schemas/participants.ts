import { z } from 'zod';
import { PAGE_SIZE, POSTAL_CODE_MAX } from '../constants';
import { isOriginConsistent } from '../rules/participant';
import { startsLikeFormula } from '../rules/spreadsheet';
import { ciemException, languageParam, listReply, message, pageQuery, queryBoolean } from './common';

/**
 * The participants of a correspondant (docs/participants.md#list, docs/participants.md#detail, docs/participants.md#form-rules Participant, docs/participants.md#form-rules, docs/participants.md#api): list, detail, create,
 * update, terminate, re-admit, transfer. Wire names are the specification's; dropdown values travel
 * as the id of their enumeration item (enum/{name}).
 */

/** Business message codes of this feature (translated under `messages.` on the web). */
export const PARTICIPANT_MESSAGES = {
  created: 'participant.cree',
  updated: 'participant.modifie',
  terminated: 'participant.resiliation.resilie',
  readmitted: 'participant.adhesion.readmis',
  transferRequested: 'participant.mutation.demandee',
  terminateCheckupInProgress: 'participant.error.resiliationBilanEnCours',
  terminateTransferInProgress: 'participant.error.resiliationMutationEnCours',
  duplicate: 'participant.error.doublon',
  /** The person is a terminated participant of the caller's scope; args: their id (to re-admit them). */
  terminatedDuplicate: 'participant.error.doublonResilie',
  alreadyActive: 'participant.error.dejaActif',
  inactive: 'participant.error.inactif',
  locked: 'participant.error.verrouille',
  checkupTypeNotAllowed: 'participant.error.typeBilanInterdit',
  checkupTypeLocked: 'participant.error.typeBilanBilanEnCours',
  establishmentOutOfScope: 'participant.error.etablissement',
  establishmentClosed: 'participant.error.etablissementResilie',
  /** The participant's own establishment is no longer under contract: their record is no longer changed. */
  establishmentClosedUpdate: 'participant.error.etablissementResilieModification',
  sameEstablishment: 'mutation.error.memeEtablissement',
  transferInProgress: 'mutation.error.dejaEnCours',
  destinationCheckupType: 'mutation.error.typeBilanNonSupporte',
  destinationClosed: 'mutation.error.etablissementResilie',
  destinationUnknown: 'mutation.error.etablissementInconnu',
  activationSent: 'participant.activation.envoyee',
  /** A selected id the caller does not reach (another scope's, or no one's): refused, never touched. */
  notFound: 'participant.error.introuvable',
  /** A selection by filter matches more participants than one bulk terminate takes; args: the maximum. */
  selectionTooLarge: 'participant.error.selectionTropGrande',
} as const;

const NAME_MAX = 100;
const LINE_MAX = 100;
const PHONE_MAX = 30;
const MAIL_MAX = 254;
/** The free text beside a transfer's reason. */
export const TRANSFER_COMMENT_MAX = 300;

const required = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? 'errors.required' : undefined;

/** An id of an enumeration item that must be chosen. */
const requiredId = z
  .number({ error: (issue) => required(issue) ?? 'errors.invalid' })
  .int()
  .positive();
/** An id of an enumeration item that may stay empty. */
const optionalId = z.number({ error: 'errors.invalid' }).int().positive().nullable();

/** Free text that may stay empty ('' and null both mean nothing). */
const optionalText = (max: number) => z.string().trim().max(max).nullable();
const requiredText = (max: number) =>
  z
    .string({ error: (issue) => required(issue) ?? 'errors.invalid' })
    .trim()
    .min(1, 'errors.required')
    .max(max);

/**
 * A person's name never begins with `=`, `+`, `-` or `@` (TAB and CR are trimmed away first): such a
 * text is a formula to a spreadsheet, and names are what the Excel exports carry (CSV injection).
 */
const NOT_FORMULA = [(text: string) => !startsLikeFormula(text), 'errors.debutFormule'] as const;
const requiredName = requiredText(NAME_MAX).refine(...NOT_FORMULA);
const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX)
  .refine(...NOT_FORMULA)
  .nullable();

/** A calendar date as YYYY-MM-DD (shown DD/MM/YYYY). */
export const isoDate = z.iso.date({ error: (issue) => required(issue) ?? 'errors.date' });
const optionalDate = isoDate.nullable();

const mail = z.email({ error: (issue) => required(issue) ?? 'errors.email' }).max(MAIL_MAX);
const optionalMail = z.union([z.literal(''), mail]).nullable();

/** docs/participants.md#form-rules Address; `typeVoie` and `pays` are enumeration item ids. */
export const address = z.object({
  ligne1: optionalText(LINE_MAX),
  ligne2: optionalText(LINE_MAX),
  ligne3: optionalText(LINE_MAX),
  numeroVoie: optionalText(20),
  typeVoie: optionalId,
  nomVoie: optionalText(LINE_MAX),
  ligne5: optionalText(LINE_MAX),
  codePostal: optionalText(POSTAL_CODE_MAX),
  localite: optionalText(LINE_MAX),
  /** Required on the participant form (docs/participants.md#form-rules, address country). */
  pays: requiredId,
});
export type Address = z.infer<typeof address>;

export const participantContact = z.object({
  civilite: optionalId,
  nom: optionalText(NAME_MAX),
  prenom: optionalText(NAME_MAX),
  mail: optionalMail,
  telephoneFixe: optionalText(PHONE_MAX),
  telephonePortable: optionalText(PHONE_MAX),
  fonction: optionalText(NAME_MAX),
});
export type ParticipantContact = z.infer<typeof participantContact>;

const formFields = z.object({
  civilite: requiredId,
  /** Stored upper case without accents; the server normalises whatever is sent. */
  nom: requiredName,
  prenom: requiredName,
  nomJeuneFille: optionalName,
  dateNaissance: isoDate,
  sexe: requiredId,
  profession: optionalText(NAME_MAX),
  paysExercice: requiredId,
  /** Origin: set by the form from the countries and postal code; the server sets it when empty. */
  provenance: optionalId,
  categorie: optionalId,
  typeBilan: requiredId,
  dateProchainBilan: isoDate,
  gestionRdv: optionalId,
  periodicite: requiredId,
  info4: optionalText(255),
  /** Default today on creation (docs/participants.md#detail). */
  dateAdhesion: optionalDate,
  datePremiereAdhesion: optionalDate,
  adresse: address,
  /** Use the establishment's address; also set by the server when the address is incomplete. */
  utiliserAdresseEtablissement: z.boolean(),
  telephoneFixe: optionalText(PHONE_MAX),
  /** Required; checked with `user/verifIfPortableCorrecte` before saving, and again by the server. */
  telephonePortable: requiredText(PHONE_MAX),
  mail,
  telephoneSecretariat: optionalText(PHONE_MAX),
  contact: participantContact,
});

/** The origin rule (docs/participants.md#form-rules) on a whole form: abroad exactly when a country is not France. */
function checkOrigin(
  form: {
    provenance: number | null;
    paysExercice: number;
    adresse: { pays: number; codePostal: string | null };
  },
  ctx: z.RefinementCtx,
) {
  if (form.provenance === null) return;
  const consistent = isOriginConsistent(form.provenance, {
    practiceCountryId: form.paysExercice,
    addressCountryId: form.adresse.pays,
    postalCode: form.adresse.codePostal,
  });
  if (!consistent) ctx.addIssue({ code: 'custom', path: ['provenance'], message: 'errors.provenance' });
}

/** PUT adherentsCorrespondant/detail: a new participant. */
export const participantCreate = formFields
  .extend({
    /** The establishment: a correspondant of one establishment may leave it empty (their own is used). */
    idEtablissement: z.number({ error: 'errors.invalid' }).int().positive().nullable(),
  })
  .superRefine(checkOrigin);
export type ParticipantCreate = z.infer<typeof participantCreate>;

/** POST adherentsCorrespondant/detail: the changed participant (the establishment moves only by transfer). */
export const participantUpdate = formFields
  .extend({ id: z.number({ error: 'errors.invalid' }).int().positive() })
  .superRefine(checkOrigin);
export type ParticipantUpdate = z.infer<typeof participantUpdate>;

/** Every editable field, for forms that handle creation and update alike. */
export const participantFormFields = formFields;
export type ParticipantFormFields = z.infer<typeof formFields>;

export const organisationRef = z.object({ id: z.number().int(), raisonsociale: z.string() });
export type OrganisationRef = z.infer<typeof organisationRef>;

/** The centre's account manager of the participant's establishment (docs/participants.md#form-rules Manager). */
export const manager = z.object({
  name: z.string(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  standard: z.boolean(),
});

const storedId = z.number().int().nullable();

/** GET adherents/{id}, GET adherentsCorrespondant/detail/{id}: everything the detail screen shows. */
export const participant = formFields.extend({
  // A stored record may predate the form's rules (back-office data: no mobile, no mail, no next check-up
  // for a terminated participant...): what the form requires may be empty here, and the form asks for it.
  // Names typed before the rule against formula-like names may begin with = + - @: they are served
  // as stored (the exports keep them as text) and the form asks for a correction on the next save.
  nom: z.string(),
  prenom: z.string(),
  nomJeuneFille: z.string().nullable(),
  civilite: storedId,
  sexe: storedId,
  paysExercice: storedId,
  typeBilan: storedId,
  periodicite: storedId,
  dateProchainBilan: z.string().nullable(),
  telephonePortable: z.string().nullable(),
  mail: z.string().nullable(),
  adresse: address.extend({ pays: storedId }),
  id: z.number().int(),
  actif: z.boolean(),
  provenance: z.number().int().nullable(),
  nomPhonetique: z.string().nullable(),
  dateResiliation: z.string().nullable(),
  motifResiliation: z.number().int().nullable(),
  mutationEnCours: z.boolean(),
  bilanEnCours: z.boolean(),
  /** Locked by the centre's back office: the portal refuses changes (docs/participants.md#edit). */
  verrouille: z.boolean(),
  gestionnaire: manager.nullable(),
  etablissement: organisationRef,
  entreprise: organisationRef,
  groupement: organisationRef.nullable(),
});
export type Participant = z.infer<typeof participant>;

/** The sort keys of the participant list; the default (docs/participants.md#list) is the company name. */
export const PARTICIPANT_SORT_FIELDS = [
  'raisonSocialeEntreprise',
  'id',
  'nom',
  'prenom',
  'dateNaissance',
  'mail',
] as const;
export type ParticipantSortField = (typeof PARTICIPANT_SORT_FIELDS)[number];
export const DEFAULT_PARTICIPANT_SORT = 'raisonSocialeEntreprise,ASC';
/** `field,ASC|DESC` over the list's own sort keys. */
export const participantSortParam = z
  .string()
  .regex(new RegExp(`^(${PARTICIPANT_SORT_FIELDS.join('|')}),(ASC|DESC|asc|desc)$`), 'errors.sort')
  .optional();

/** GET adherentsCorrespondant (docs/participants.md#list, docs/participants.md#api). `actif` true (default) lists active participants only. */
export const participantListQuery = pageQuery(PAGE_SIZE).extend({
  actif: queryBoolean.default(true),
  nom: z.string().trim().max(NAME_MAX).optional(),
  prenom: z.string().trim().max(NAME_MAX).optional(),
  idParticipant: z.coerce.number({ error: 'errors.number' }).int().positive().max(2_147_483_647).optional(),
  /**
   * Group and company correspondants tell their employees apart (issue 18): one company or one
   * establishment of the caller's scope. Another scope's id matches nobody, like an unknown one.
   */
  idEntreprise: z.coerce.number({ error: 'errors.number' }).int().positive().max(2_147_483_647).optional(),
  idEtablissement: z.coerce.number({ error: 'errors.number' }).int().positive().max(2_147_483_647).optional(),
});
/**
 * What a caller sends: every parameter optional, with its parsed type (`z.input` would make the
 * coerced and preprocessed ones `unknown`).
 */
export type ParticipantListQuery = Partial<z.output<typeof participantListQuery>>;

export const participantRow = z.object({
  id: z.number().int(),
  actif: z.boolean(),
  /** Civility enumeration item id (enum/civilite). */
  civilite: z.number().int().nullable(),
  nom: z.string(),
  prenom: z.string(),
  dateNaissance: z.string(),
  mail: z.string().nullable(),
  mutationEnCours: z.boolean(),
  bilanEnCours: z.boolean(),
  raisonSocialeEntreprise: z.string(),
  idEntreprise: z.number().int(),
  /** Named on the web from GET etablissements-correspondant (the scope's establishments). */
  idEtablissement: z.number().int(),
});
export type ParticipantRow = z.infer<typeof participantRow>;
export const participantListReply = listReply(participantRow);
export type ParticipantListReply = z.infer<typeof participantListReply>;

/** PUT adherentsCorrespondant/detail reply (docs/participants.md#api). */
export const participantCreatedReply = z.object({
  participantcree: z.boolean(),
  idParticipant: z.number().int(),
  ciemException,
});
export type ParticipantCreatedReply = z.infer<typeof participantCreatedReply>;

/** POST adherents/{id}/resilier. */
export const terminateBody = z.object({ motifMouvement: requiredId });
/** POST adherents/{id}/muter. */
export const transferBody = z.object({
  etablissementDestination: requiredId,
  /** Why the participant moves (enum motifmouvement, as the mutation row names it): required. */
  motifMouvement: requiredId,
  /** The correspondant's own words beside the reason, shown with it in the transfer list and detail. */
  commentaireMouvement: optionalText(TRANSFER_COMMENT_MAX).default(null),
  /** Ask the destination to take over the check-up in progress (offered only while one is). */
  priseEnChargeBilanEnCours: z.boolean().default(false),
});
export type TransferBody = z.input<typeof transferBody>;
/** The transfer request as the server reads it, defaults applied. */
export type TransferRequest = z.output<typeof transferBody>;

/** GET etablissement-participant/{id}: the participant's establishment with its address. */
export const participantEstablishment = z.object({
  id: z.number().int(),
  raisonsociale: z.string(),
  siret: z.string().nullable(),
  entreprise: organisationRef,
  groupement: organisationRef.nullable(),
  adresse: address.extend({ pays: z.number().int().nullable() }),
  /** Check-up types the establishment accepts (enumeration ids). */
  typesBilan: z.array(z.number().int()),
});
export type ParticipantEstablishment = z.infer<typeof participantEstablishment>;

/** GET etablissements-correspondant (docs/participants.md#form-rules Establishment): the establishments of the caller's scope. */
export const correspondantEstablishment = z.object({
  id: z.number().int(),
  raisonsociale: z.string(),
  idEntreprise: z.number().int(),
  entreprise: z.string(),
  siret: z.string().nullable(),
  dateResiliation: z.string().nullable(),
});
export const correspondantEstablishmentsReply = z.array(correspondantEstablishment);

/** GET etablissements-mutation?recherche=: destinations of a transfer, searched by company name. */
export const destinationQuery = z.object({
  recherche: z.string().trim().min(2, 'errors.minlength').max(NAME_MAX),
});
export const destinationEstablishment = z.object({
  id: z.number().int(),
  raisonsociale: z.string(),
  entreprise: z.string(),
  localite: z.string().nullable(),
});
export const destinationsReply = z.array(destinationEstablishment);
export type DestinationEstablishment = z.infer<typeof destinationEstablishment>;

/**
 * Acting on many (issue 22, docs/participants.md#bulk-actions): the participants a correspondant
 * selected in the list, by id (rows ticked, across pages), or every participant matching the list's
 * filter. The most ids one call takes, and the most participants one bulk terminate takes.
 */
export const SELECTION_MAX = 5_000;

/**
 * The list's filter fields (GET adherentsCorrespondant without its paging and sort). Strict, as the
 * selection around it: a field it does not know (`idEtablisement`, `idGroupement`) would otherwise be
 * dropped and the filter widened to the whole scope, which a bulk terminate would then terminate.
 */
export const participantListFilter = z.strictObject(
  participantListQuery.pick({
    actif: true,
    nom: true,
    prenom: true,
    idParticipant: true,
    idEntreprise: true,
    idEtablissement: true,
  }).shape,
);
export type ParticipantListFilter = z.input<typeof participantListFilter>;

const selectedId = z.number({ error: 'errors.invalid' }).int().positive().max(2_147_483_647);
/**
 * Rows ticked one by one (`ids`), or every row the filter matches (`filtre`), always within the
 * caller's scope: an id outside it is treated as one that does not exist.
 */
export const participantSelection = z.union([
  z.strictObject({
    ids: z.array(selectedId).min(1, 'errors.required').max(SELECTION_MAX),
  }),
  z.strictObject({ filtre: participantListFilter }),
]);
export type ParticipantSelection = z.input<typeof participantSelection>;

/** POST adherentsCorrespondant/resilier: terminates the selection with one reason. */
export const terminateSelectionBody = z.object({
  selection: participantSelection,
  motifMouvement: requiredId,
});
export type TerminateSelectionBody = z.input<typeof terminateSelectionBody>;

/** A participant of the selection left as they were, with the terminate rule's messages. */
export const selectionRefusal = z.object({
  id: z.number().int(),
  /** Null for an id the caller does not reach (nothing is told about it). */
  nom: z.string().nullable(),
  prenom: z.string().nullable(),
  messages: z.array(message),
});
export type SelectionRefusal = z.infer<typeof selectionRefusal>;
export const terminateSelectionReply = z.object({
  /** How many participants were terminated. */
  terminated: z.number().int(),
  refused: z.array(selectionRefusal),
});
export type TerminateSelectionReply = z.infer<typeof terminateSelectionReply>;

/**
 * POST excel-adherents: the selection as an .xlsx workbook, its headers in `langue`, its rows in the
 * order the list shows (`sort`, as GET adherentsCorrespondant takes it; the list's default without).
 */
export const participantExportBody = z.object({
  selection: participantSelection,
  langue: languageParam,
  sort: participantSortParam,
});
export type ParticipantExportBody = z.input<typeof participantExportBody>;
