import { IMPORT_COLUMNS, type ImportColumn, parseYesNo } from '@portail/contract/rules/participant-import';
import { CONTROL_CHARACTER_ERROR } from '@portail/contract/rules/text';
import type { ImportCellError } from '@portail/contract/schemas/participant-import';
import { type ParticipantCreate, participantCreate } from '@portail/contract/schemas/participants';
import { zodFieldError } from '../../lib/error-handler';
import { impureTextPaths } from '../../lib/validator';
import type { ParticipantRecord } from '../participants';
import { cellError, formErrors } from './import-messages';
import type { listMatcher } from './list-items';

/** The largest id a column of whole numbers may name (PostgreSQL's integer). */
const MAX_ID = 2_147_483_647;

type Matcher = ReturnType<typeof listMatcher>;

/** What a cell's text means for its column, or the problem that stops it from meaning anything. */
function cellValue(column: ImportColumn, text: string, find: Matcher): { value: unknown; problem?: string } {
  switch (column.kind) {
    case 'enum': {
      if (text === '' || !column.list) return { value: null };
      const item = find(column.list, text);
      return item ? { value: item.id } : { value: null, problem: 'errors.invalid' };
    }
    case 'yesNo': {
      const yes = parseYesNo(text);
      return yes === null ? { value: false, problem: 'errors.invalid' } : { value: yes };
    }
    case 'integer': {
      if (text === '') return { value: null };
      const id = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
      return id >= 1 && id <= MAX_ID ? { value: id } : { value: null, problem: 'errors.invalid' };
    }
    default:
      // Text, dates (already YYYY-MM-DD when they could be read), postal codes and phones: an empty
      // optional cell is no value, an empty required one is left for the form's `errors.required`.
      return { value: text === '' && !column.required ? null : text };
  }
}

/** Sets `value` at a dotted path (`adresse.codePostal`) of a form body. */
function setAt(body: Record<string, unknown>, path: string, value: unknown): void {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return;
  if (rest.length === 0) {
    body[head] = value;
    return;
  }
  if (body[head] === undefined || body[head] === null) body[head] = {};
  setAt(body[head] as Record<string, unknown>, rest.join('.'), value);
}

/** The empty creation form: what a column the file does not have leaves. */
function emptyBody(): Record<string, unknown> {
  const body: Record<string, unknown> = { utiliserAdresseEtablissement: false };
  for (const column of IMPORT_COLUMNS)
    if (column.kind !== 'yesNo') setAt(body, column.key, column.required ? '' : null);
  return body;
}

export type RowForm = { ok: true; body: ParticipantCreate } | { ok: false; errors: ImportCellError[] };

/**
 * A row's cells as the participant creation form's body, checked by the form's own schema
 * (participantCreate: required fields, lengths, dates, e-mail, names, the origin rule on the form's
 * address), as a request body is (docs/participant-import.md#check). A list value is found by its
 * label in either language or its short code; a value that names nothing is `errors.invalid` on its
 * cell, where the schema would only have said the field is missing.
 */
export function rowForm(cells: Readonly<Record<string, string>>, find: Matcher): RowForm {
  const body = emptyBody();
  const errors: ImportCellError[] = [];
  const unread = new Set<string>();
  for (const column of IMPORT_COLUMNS) {
    const text = cells[column.key];
    if (text === undefined) continue;
    const { value, problem } = cellValue(column, text, find);
    setAt(body, column.key, value);
    if (problem) {
      errors.push(cellError(column.key, problem));
      unread.add(column.key);
    }
  }
  // The rule every request body meets before its schema: no control character in any text.
  for (const path of impureTextPaths(body)) {
    const field = path.join('.');
    errors.push(cellError(field, CONTROL_CHARACTER_ERROR));
    unread.add(field);
  }
  const parsed = participantCreate.safeParse(body);
  if (!parsed.success) {
    const fieldErrors = parsed.error.issues
      .map((issue) => zodFieldError(issue as Parameters<typeof zodFieldError>[0]))
      .filter((error) => !unread.has(error.field));
    errors.push(...formErrors(fieldErrors, []));
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** Where each column an update may change is kept in the record. */
export const RECORD_COLUMNS: Partial<Record<keyof ParticipantRecord, string>> = {
  civilityId: 'civilite',
  lastName: 'nom',
  firstName: 'prenom',
  maidenName: 'nomJeuneFille',
  birthDate: 'dateNaissance',
  genderId: 'sexe',
  profession: 'profession',
  practiceCountryId: 'paysExercice',
  originId: 'provenance',
  categoryId: 'categorie',
  checkupTypeId: 'typeBilan',
  nextCheckupDate: 'dateProchainBilan',
  periodicityId: 'periodicite',
  appointmentManagementId: 'gestionRdv',
  info4: 'info4',
  membershipDate: 'dateAdhesion',
  firstMembershipDate: 'datePremiereAdhesion',
  addressLine1: 'adresse.ligne1',
  addressLine2: 'adresse.ligne2',
  addressLine3: 'adresse.ligne3',
  addressStreetNumber: 'adresse.numeroVoie',
  addressStreetTypeId: 'adresse.typeVoie',
  addressStreetName: 'adresse.nomVoie',
  addressLine5: 'adresse.ligne5',
  addressPostalCode: 'adresse.codePostal',
  addressLocality: 'adresse.localite',
  addressCountryId: 'adresse.pays',
  useEstablishmentAddress: 'utiliserAdresseEtablissement',
  landline: 'telephoneFixe',
  mobile: 'telephonePortable',
  email: 'mail',
  secretaryPhone: 'telephoneSecretariat',
  contactCivilityId: 'contact.civilite',
  contactLastName: 'contact.nom',
  contactFirstName: 'contact.prenom',
  contactEmail: 'contact.mail',
  contactLandline: 'contact.telephoneFixe',
  contactMobile: 'contact.telephonePortable',
  contactJobTitle: 'contact.fonction',
};

/**
 * An update keeps what the record holds for the columns the file does not have
 * (docs/participant-import.md#updates): a file of names and e-mails does not empty the addresses. An
 * empty cell of a column the file has empties the value, as the form's empty field does.
 */
export function keepAbsentColumns(
  body: ParticipantCreate,
  record: ParticipantRecord,
  cells: Readonly<Record<string, string>>,
): ParticipantCreate {
  const merged = structuredClone(body) as unknown as Record<string, unknown>;
  for (const [key, field] of Object.entries(RECORD_COLUMNS))
    if (field && cells[field] === undefined) setAt(merged, field, record[key as keyof ParticipantRecord]);
  return merged as unknown as ParticipantCreate;
}
