import type { Language } from '@portail/contract/constants';
import {
  IMPORT_COLUMNS,
  IMPORT_ERRORS,
  IMPORT_NOTICES,
  type Labels,
} from '@portail/contract/rules/participant-import';
import type { Message } from '@portail/contract/schemas/common';
import type { ImportCellError, ImportMessageReply } from '@portail/contract/schemas/participant-import';
import { PARTICIPANT_MESSAGES } from '@portail/contract/schemas/participants';
import type { FieldErrorEntry } from '../../lib/field-errors';

/**
 * The problems of a row as the import shows them (docs/participant-import.md#messages): each on the
 * cell of its column, as a web catalogue key with its values. A rule of the form gives its positional
 * arguments (`errors.maxlength`, `{{0}}`) as `{ "0": … }`; a business message of the form
 * (`participant.error.doublon`) is the web's `messages.` key, as the screens translate it.
 */

const COLUMN_KEYS = new Set(IMPORT_COLUMNS.map((column) => column.key));

/** The column a form field's error lands on: the field itself when the file has such a column. */
const columnOf = (field: string): string | null => (COLUMN_KEYS.has(field) ? field : null);

const positional = (args: readonly string[] | undefined): ImportMessageReply['params'] =>
  Object.fromEntries((args ?? []).map((arg, index) => [String(index), arg]));

/** The column a business message of the participant form is about. */
const MESSAGE_COLUMNS: Record<string, string> = {
  [PARTICIPANT_MESSAGES.establishmentOutOfScope]: 'idEtablissement',
  [PARTICIPANT_MESSAGES.establishmentClosed]: 'idEtablissement',
  [PARTICIPANT_MESSAGES.establishmentClosedUpdate]: 'idEtablissement',
  [PARTICIPANT_MESSAGES.checkupTypeNotAllowed]: 'typeBilan',
  [PARTICIPANT_MESSAGES.checkupTypeLocked]: 'typeBilan',
  [PARTICIPANT_MESSAGES.duplicate]: 'nom',
  [PARTICIPANT_MESSAGES.terminatedDuplicate]: 'nom',
};

export const cellError = (
  column: string | null,
  key: string,
  params: ImportMessageReply['params'] = {},
): ImportCellError => ({ column, message: { key, params } });

/** A business message of the form on the cell it concerns (or the whole row). */
export function messageError(message: Message): ImportCellError {
  return cellError(
    MESSAGE_COLUMNS[message.errorCode] ?? null,
    `messages.${message.errorCode}`,
    positional(message.args),
  );
}

/**
 * The form's refusal of a row as cell errors: its field errors, then its messages. A message that
 * says why a field is wrong (an establishment outside the scope) replaces that field's generic
 * `errors.invalid`.
 */
export function formErrors(fieldErrors: readonly FieldErrorEntry[], messages: readonly Message[]) {
  const explained = messages.map(messageError);
  const told = new Set(explained.map((error) => error.column));
  const fields = fieldErrors
    .filter((error) => !(error.defaultMessage === 'errors.invalid' && told.has(error.field)))
    .map((error) => cellError(columnOf(error.field), error.defaultMessage, positional(error.args)));
  return [...fields, ...explained];
}

/** The texts the report writes for each message key, in both languages (file content, as headers are). */
const REPORT_TEXTS: Record<string, Labels> = {
  'errors.required': { fr_FR: 'obligatoire', en_EN: 'required' },
  'errors.invalid': { fr_FR: 'valeur incorrecte', en_EN: 'incorrect value' },
  'errors.date': { fr_FR: 'date invalide', en_EN: 'invalid date' },
  'errors.email': { fr_FR: 'adresse e-mail invalide', en_EN: 'invalid e-mail address' },
  'errors.portable': { fr_FR: 'numéro de portable invalide', en_EN: 'invalid mobile number' },
  'errors.provenance': {
    fr_FR: 'provenance contraire aux pays et au code postal',
    en_EN: 'origin contrary to the countries and postal code',
  },
  'errors.localite': {
    fr_FR: "la localité n'est pas une commune de ce code postal",
    en_EN: 'the town is not a commune of this postal code',
  },
  'errors.debutFormule': {
    fr_FR: 'ne peut pas commencer par =, +, - ou @',
    en_EN: 'cannot begin with =, +, - or @',
  },
  'errors.maxlength': { fr_FR: '{{0}} caractères au plus', en_EN: 'at most {{0}} characters' },
  'errors.controlCharacter': {
    fr_FR: 'contient un caractère non autorisé',
    en_EN: 'holds a character that is not allowed',
  },
  [IMPORT_ERRORS.formula]: {
    fr_FR: 'les formules ne sont pas acceptées',
    en_EN: 'formulas are not accepted',
  },
  [IMPORT_ERRORS.cellError]: {
    fr_FR: 'la cellule contient une erreur',
    en_EN: 'the cell holds an error',
  },
  [IMPORT_ERRORS.duplicateInFile]: {
    fr_FR: 'même personne que la ligne {{line}}',
    en_EN: 'same person as line {{line}}',
  },
  [IMPORT_NOTICES.establishmentNotMoved]: {
    fr_FR:
      "un import ne change pas l'établissement, le participant reste rattaché à {{name}} (n° {{id}}) ; pour le changer d'établissement, demandez sa mutation depuis sa fiche",
    en_EN:
      'an import does not change the establishment, the participant stays with {{name}} (no. {{id}}); to move them to another establishment, request a transfer from their page',
  },
  'http.404': { fr_FR: 'participant introuvable', en_EN: 'participant not found' },
  'http.500': { fr_FR: 'erreur inattendue', en_EN: 'unexpected error' },
  [`messages.${PARTICIPANT_MESSAGES.duplicate}`]: {
    fr_FR: 'un participant actif de mêmes nom, prénom et date de naissance existe déjà',
    en_EN: 'an active participant with the same names and birth date already exists',
  },
  [`messages.${PARTICIPANT_MESSAGES.terminatedDuplicate}`]: {
    fr_FR: 'participant résilié n° {{0}} : réadmettez-le',
    en_EN: 'terminated participant no. {{0}}: re-admit them',
  },
  [`messages.${PARTICIPANT_MESSAGES.checkupTypeNotAllowed}`]: {
    fr_FR: 'type de bilan que le correspondant ne peut pas choisir',
    en_EN: 'a check-up type a correspondant may not choose',
  },
  [`messages.${PARTICIPANT_MESSAGES.checkupTypeLocked}`]: {
    fr_FR: 'type de bilan non modifiable pendant un bilan',
    en_EN: 'check-up type locked while a check-up is under way',
  },
  [`messages.${PARTICIPANT_MESSAGES.establishmentOutOfScope}`]: {
    fr_FR: 'établissement hors de votre périmètre',
    en_EN: 'establishment outside your scope',
  },
  [`messages.${PARTICIPANT_MESSAGES.establishmentClosed}`]: {
    fr_FR: "établissement qui n'est plus sous contrat",
    en_EN: 'establishment no longer under contract',
  },
  [`messages.${PARTICIPANT_MESSAGES.establishmentClosedUpdate}`]: {
    fr_FR: "participant d'un établissement qui n'est plus sous contrat : sa fiche n'est plus modifiée",
    en_EN: 'participant of an establishment no longer under contract: their record is no longer changed',
  },
  [`messages.${PARTICIPANT_MESSAGES.locked}`]: {
    fr_FR: 'participant verrouillé par le système du centre',
    en_EN: "participant locked by the centre's system",
  },
  [`messages.${PARTICIPANT_MESSAGES.inactive}`]: {
    fr_FR: 'participant résilié',
    en_EN: 'terminated participant',
  },
};

const interpolate = (text: string, params: ImportMessageReply['params']) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );

/** The column's header in a language, for the report's messages. */
const headerOf = (column: string | null, language: Language) =>
  column === null ? null : (IMPORT_COLUMNS.find((known) => known.key === column)?.header[language] ?? column);

/** A cell error as the report writes it: `Date de naissance : date invalide`. An unknown key is written as it is. */
export function reportText(error: ImportCellError, language: Language): string {
  const text = interpolate(
    REPORT_TEXTS[error.message.key]?.[language] ?? error.message.key,
    error.message.params,
  );
  const header = headerOf(error.column, language);
  return header === null ? text : `${header}${language === 'fr_FR' ? ' : ' : ': '}${text}`;
}

const NOTICE: Labels = { fr_FR: 'Avertissement', en_EN: 'Notice' };

/**
 * A notice as the report writes it, marked apart from the refusals beside it:
 * `Avertissement – N° d'établissement : un import ne change pas l'établissement…`.
 */
export const reportNotice = (warning: ImportCellError, language: Language): string =>
  `${NOTICE[language]} – ${reportText(warning, language)}`;

/** Whether the report has its own text for a key (tests list the keys the import gives). */
export const hasReportText = (key: string) => key in REPORT_TEXTS;
