import type { Language } from '../constants';
import type { EnumName } from '../schemas/enums';

/**
 * The spreadsheet a correspondant fills to create participants (issue 22): one column per field of the
 * creation form that a correspondant types or chooses. What the server decides (the id, the phonetic
 * name, the active flag, termination) has no column. A column's key is the form's field path, the same
 * name a 400's `fieldErrors` carries, so an error of the form's rules lands on its cell.
 *
 * Header texts are file content, as the Excel exports' are (literal pairs, not web catalogue keys): the
 * server writes them into the template and reads them back in either language.
 */

/** How a cell is read: text as typed, or a value the reader normalises before the form's rules run. */
export type ImportColumnKind =
  | 'text'
  /** YYYY-MM-DD; a date cell, an Excel serial number, DD/MM/YYYY or YYYY-MM-DD text. */
  | 'date'
  /** An item of the reference list `list`: its label in either language or its short code. */
  | 'enum'
  /** Yes or no (the form's checkbox). */
  | 'yesNo'
  /** A whole number (an establishment's number). */
  | 'integer'
  /** Text made of digits whose leading zeros matter: a postal code read as a number gets them back. */
  | 'postalCode'
  /** A phone number: a number cell that lost the leading 0 of a French number gets it back. */
  | 'phone';

export type Labels = Record<Language, string>;

export interface ImportColumn {
  key: string;
  header: Labels;
  /** Required by the creation form: the column must be in the file (empty cells are the form's rule). */
  required: boolean;
  kind: ImportColumnKind;
  /** For `enum` columns: the reference list the drop-down offers. */
  list?: EnumName;
  /** Characters shown in the template (its column width). */
  width: number;
}

const col = (
  key: string,
  fr: string,
  en: string,
  options: { required?: boolean; kind?: ImportColumnKind; list?: EnumName; width?: number } = {},
): ImportColumn => ({
  key,
  header: { fr_FR: fr, en_EN: en },
  required: options.required ?? false,
  kind: options.kind ?? (options.list ? 'enum' : 'text'),
  ...(options.list ? { list: options.list } : {}),
  width: options.width ?? 18,
});

const req = { required: true } as const;

/** The columns in the template's order, which is the form's: identity, work, check-up, address, phones, contact. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  col('civilite', 'Civilité', 'Title', { ...req, list: 'civilite', width: 12 }),
  col('nom', 'Nom', 'Last name', { ...req, width: 22 }),
  col('prenom', 'Prénom', 'First name', { ...req, width: 20 }),
  col('nomJeuneFille', 'Nom de jeune fille', 'Maiden name', { width: 20 }),
  col('dateNaissance', 'Date de naissance', 'Date of birth', { ...req, kind: 'date', width: 14 }),
  col('sexe', 'Sexe', 'Sex', { ...req, list: 'sexe', width: 12 }),
  col('profession', 'Profession', 'Occupation', { width: 20 }),
  col('paysExercice', "Pays d'exercice", 'Country of work', { ...req, list: 'pays', width: 20 }),
  col('categorie', 'Catégorie', 'Category', { list: 'categorie', width: 18 }),
  // Empty: the server sets it from the countries and postal code, as the form does.
  col('provenance', 'Provenance', 'Origin', { list: 'provenance', width: 14 }),
  // Empty for a correspondant of one establishment (theirs is used), as on the form.
  col('idEtablissement', "N° d'établissement", 'Establishment no.', { kind: 'integer', width: 14 }),
  col('typeBilan', 'Type de bilan', 'Check-up type', { ...req, list: 'typeBilan', width: 28 }),
  col('dateProchainBilan', 'Date du prochain bilan', 'Next check-up date', {
    ...req,
    kind: 'date',
    width: 14,
  }),
  col('periodicite', 'Périodicité', 'Frequency', { ...req, list: 'periodicite', width: 14 }),
  col('gestionRdv', 'Gestion des rendez-vous', 'Appointment management', { list: 'gestionRdv', width: 22 }),
  col('info4', 'Informations complémentaires', 'Additional information', { width: 24 }),
  col('dateAdhesion', "Date d'adhésion", 'Membership date', { kind: 'date', width: 14 }),
  col('datePremiereAdhesion', 'Date de première adhésion', 'First membership date', {
    kind: 'date',
    width: 14,
  }),
  col('adresse.ligne1', 'Destinataire ou service', 'Recipient or department', { width: 20 }),
  col('adresse.ligne2', 'Appartement, étage, escalier', 'Apartment, floor, staircase', { width: 20 }),
  col('adresse.ligne3', 'Bâtiment, résidence', 'Building, residence', { width: 20 }),
  col('adresse.numeroVoie', 'Numéro de voie', 'Street number', { width: 10 }),
  col('adresse.typeVoie', 'Type de voie', 'Street type', { list: 'typeVoie', width: 14 }),
  col('adresse.nomVoie', 'Nom de la voie', 'Street name', { width: 24 }),
  col('adresse.ligne5', 'Lieu-dit, boîte postale', 'Place name, PO box', { width: 18 }),
  col('adresse.codePostal', 'Code postal', 'Postal code', { kind: 'postalCode', width: 10 }),
  col('adresse.localite', 'Localité', 'Town', { width: 20 }),
  col('adresse.pays', 'Pays', 'Country', { ...req, list: 'pays', width: 18 }),
  col(
    'utiliserAdresseEtablissement',
    "Utiliser l'adresse de l'établissement",
    "Use the establishment's address",
    {
      kind: 'yesNo',
      width: 12,
    },
  ),
  col('telephoneFixe', 'Téléphone fixe', 'Landline', { kind: 'phone', width: 16 }),
  col('telephonePortable', 'Téléphone portable', 'Mobile phone', { ...req, kind: 'phone', width: 16 }),
  col('mail', 'Mail', 'E-mail', { ...req, width: 28 }),
  col('telephoneSecretariat', 'Téléphone du secrétariat', "Secretary's phone", { kind: 'phone', width: 16 }),
  col('contact.civilite', 'Civilité du contact', "Contact's title", { list: 'civilite', width: 12 }),
  col('contact.nom', 'Nom du contact', "Contact's last name", { width: 20 }),
  col('contact.prenom', 'Prénom du contact', "Contact's first name", { width: 20 }),
  col('contact.mail', 'Mail du contact', "Contact's e-mail", { width: 28 }),
  col('contact.telephoneFixe', 'Téléphone fixe du contact', "Contact's landline", {
    kind: 'phone',
    width: 16,
  }),
  col('contact.telephonePortable', 'Portable du contact', "Contact's mobile", { kind: 'phone', width: 16 }),
  col('contact.fonction', 'Fonction du contact', "Contact's position", { width: 20 }),
];

export type ImportColumnKey = string;

/**
 * A header as compared: accents, case, spaces and punctuation aside, so `DATE DE NAISSANCE`,
 * `date de naissance *` and `Date de naissance` are one column, and so are `Pays d'exercice` and
 * `Pays d’exercice`.
 */
export function headerKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Every accepted spelling of every column: its header in each language and its own key (`adresse.codePostal`). */
const HEADER_INDEX: ReadonlyMap<string, ImportColumn> = new Map(
  IMPORT_COLUMNS.flatMap((column) =>
    [column.header.fr_FR, column.header.en_EN, column.key].map((text) => [headerKey(text), column] as const),
  ),
);

/** The column a header names, in either language, or undefined for a column the template does not have. */
export function columnOfHeader(header: string): ImportColumn | undefined {
  return HEADER_INDEX.get(headerKey(header));
}

/** The header the template writes: a required column is marked with a star, which reading ignores. */
export function templateHeader(column: ImportColumn, language: Language): string {
  return column.required ? `${column.header[language]} *` : column.header[language];
}

/** The labels of the yes/no column in each language. */
export const YES_NO_LABELS: Record<'yes' | 'no', Labels> = {
  yes: { fr_FR: 'Oui', en_EN: 'Yes' },
  no: { fr_FR: 'Non', en_EN: 'No' },
};

const YES = new Set(['oui', 'o', 'yes', 'y', 'vrai', 'true', '1', 'x']);
const NO = new Set(['non', 'n', 'no', 'faux', 'false', '0']);

/** A yes/no cell in either language (or as Excel's TRUE/FALSE); null for anything else. An empty cell is no. */
export function parseYesNo(text: string): boolean | null {
  const key = headerKey(text);
  if (key === '' || NO.has(key)) return false;
  if (YES.has(key)) return true;
  return null;
}

/**
 * The limits of an uploaded file (issue 22). The row limit keeps a check under ten seconds; the byte
 * limits keep a hostile workbook (a zip bomb) from filling the server's memory.
 */
export const IMPORT_LIMITS = {
  /** The uploaded file itself. */
  maxBytes: 10 * 1024 * 1024,
  /** A workbook's content once unzipped: a real 5,000-row workbook stays far below. */
  maxUncompressedBytes: 50 * 1024 * 1024,
  /** Files inside a workbook: Excel writes about fifteen. */
  maxEntries: 1000,
  /** Unzipped size over zipped size of one part: XML compresses about 10 times, a bomb thousands of times. */
  maxCompressionRatio: 200,
  /** Data rows (the header row aside). */
  maxRows: 5000,
} as const;
export type ImportLimits = { [K in keyof typeof IMPORT_LIMITS]: number };

/**
 * The messages of reading a file, as web catalogue keys (`errors.import.*`, both languages). A file
 * error refuses the whole file; a cell error is shown on its cell.
 */
export const IMPORT_ERRORS = {
  empty: 'errors.import.empty',
  tooLarge: 'errors.import.tooLarge',
  notSpreadsheet: 'errors.import.notSpreadsheet',
  /** An Excel 97-2003 `.xls`, or an encrypted `.xlsx` (both are OLE compound files). */
  legacyOrEncrypted: 'errors.import.legacyOrEncrypted',
  macros: 'errors.import.macros',
  unsafeArchive: 'errors.import.unsafeArchive',
  unreadable: 'errors.import.unreadable',
  tooManyRows: 'errors.import.tooManyRows',
  noDataRow: 'errors.import.noDataRow',
  missingColumns: 'errors.import.missingColumns',
  duplicateColumn: 'errors.import.duplicateColumn',
  unknownColumn: 'errors.import.unknownColumn',
  formula: 'errors.import.formula',
  cellError: 'errors.import.cellError',
  /** A row naming the same person (rules/participant.ts duplicateKey) as an earlier row; `{{line}}`: that row. */
  duplicateInFile: 'errors.import.duplicateInFile',
} as const;

/**
 * The notices of the check, as web catalogue keys (both languages): a row that carries one is still
 * imported; the notice tells what the import will not do with a cell (docs/participant-import.md#updates).
 */
export const IMPORT_NOTICES = {
  /**
   * An update names another establishment than the participant's: an import never moves a participant
   * (a transfer does). `{{name}}`, `{{id}}`: the establishment they stay in.
   */
  establishmentNotMoved: 'participantImport.notices.establishmentNotMoved',
} as const;

/** A translated message: its catalogue key and the values it interpolates (`{{max}}`). */
export interface ImportMessage {
  key: (typeof IMPORT_ERRORS)[keyof typeof IMPORT_ERRORS];
  params: Record<string, string | number>;
}
