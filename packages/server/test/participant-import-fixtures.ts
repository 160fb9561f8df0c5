import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { COUNTRY_FRANCE_ID } from '@portail/contract/constants';
import { IMPORT_COLUMNS } from '@portail/contract/rules/participant-import';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import ExcelJS from 'exceljs';
import type { ImportListItem, ImportLists, ReadResult } from '../src/features/participant-import';

const item = (
  id: number,
  label: string,
  labelEn: string,
  raccourci: string | null,
  actif = true,
): ImportListItem => ({
  id,
  label,
  labelEn,
  raccourci,
  actif,
});

/** Small reference lists, with the ids and codes of the demo data where the rules name them. */
export const LISTS: ImportLists = {
  civilite: [item(1, 'Monsieur', 'Mr', 'M.'), item(2, 'Madame', 'Mrs', 'Mme')],
  sexe: [item(10, 'Masculin', 'Male', 'M'), item(11, 'Féminin', 'Female', 'F')],
  pays: [
    item(COUNTRY_FRANCE_ID, 'France', 'France', 'FR'),
    item(703, 'Belgique', 'Belgium', 'BE'),
    item(720, 'Suisse', 'Switzerland', 'CH'),
    item(799, 'Ancien pays', 'Former country', 'XX', false),
  ],
  provenance: [
    item(16, 'Province', 'Province', 'PROV'),
    item(17, 'Paris', 'Paris', 'PARIS'),
    item(18, 'Étranger', 'Abroad', 'ETR'),
  ],
  categorie: [item(30, 'Salarié', 'Employee', 'SAL'), item(31, 'Dirigeant', 'Executive', 'DIR')],
  typeBilan: [
    item(40, 'Bilan traditionnel', 'Traditional check-up', 'TRAD'),
    item(41, 'Bilan expatrié', 'Expatriate check-up', 'EXPAT'),
    item(42, 'Bilan traditionnel et gynécologie', 'Traditional and gynaecology', 'TRADG'),
    item(43, 'Bilan expatrié et gynécologie', 'Expatriate and gynaecology', 'EXPATG'),
    item(44, 'Bilan du centre seulement', 'Centre-only check-up', 'CENTRE'),
  ],
  periodicite: [
    item(50, 'Annuelle', 'Yearly', '12M'),
    item(51, 'Tous les deux ans', 'Every two years', '24M'),
  ],
  gestionRdv: [item(1221, 'Par le centre', 'By the centre', 'CENTRE')],
  typeVoie: [item(100, 'Rue', 'Street', 'R'), item(101, 'Boulevard', 'Boulevard', 'BD')],
};

/** The French headers of the required columns, in the template's order. */
export const REQUIRED_FR = IMPORT_COLUMNS.filter((column) => column.required).map(
  (column) => column.header.fr_FR,
);

/** A complete row of the required columns, by French header, for the Nth employee. */
export function personRow(n: number): Record<string, string> {
  return {
    Civilité: 'Madame',
    Nom: `Durand${n}`,
    Prénom: 'Élodie',
    'Date de naissance': '12/04/1985',
    Sexe: 'Féminin',
    "Pays d'exercice": 'France',
    'Type de bilan': 'Bilan traditionnel',
    'Date du prochain bilan': '01/03/2027',
    Périodicité: 'Annuelle',
    Pays: 'France',
    'Téléphone portable': '06 12 34 56 78',
    Mail: `elodie.durand${n}@example.com`,
  };
}

/** A CSV of these rows under these headers, quoted where needed. */
export function csvText(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  delimiter = ';',
): string {
  const field = (text: string) => (/[";,\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return [headers, ...rows].map((row) => row.map(field).join(delimiter)).join('\r\n');
}

/** Windows-1252 bytes of a text (what Excel writes as "CSV (separator: semicolon)" on a French Windows). */
export function windows1252(text: string): Uint8Array {
  const reverse = new Map<string, number>();
  const decoder = new TextDecoder('windows-1252');
  for (let byte = 0; byte < 256; byte++) reverse.set(decoder.decode(new Uint8Array([byte])), byte);
  return Uint8Array.from([...text].map((char) => reverse.get(char) ?? 0x3f));
}

/** A workbook of one sheet holding these values (row 1 the headers), written by exceljs. */
export async function workbookBytes(rows: readonly (readonly ExcelJS.CellValue[])[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Feuil1');
  for (const row of rows) sheet.addRow([...row]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A zip of these parts, written by zip.js; a part given as a stream is deflated as it comes. */
export async function zipOf(
  parts: Record<string, string | Uint8Array | ReadableStream<Uint8Array>>,
): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter());
  for (const [name, content] of Object.entries(parts)) {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    await writer.add(name, bytes instanceof Uint8Array ? new Uint8ArrayReader(bytes) : bytes);
  }
  return writer.close();
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '</Types>';

/** The parts of a minimal workbook around a given first sheet, as a hand-made file would have them. */
export function workbookParts(sheet: string | Uint8Array | ReadableStream<Uint8Array>) {
  return {
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<sheets><sheet name="Feuil1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': sheet,
  };
}

/** A stream of `total` bytes of one repeated chunk, produced as it is read (never held whole). */
export function repeatedStream(chunk: Uint8Array, total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

/** The rows of a successful read, or a failure that names what was refused. */
export function rowsOf(result: ReadResult) {
  if (!result.ok) throw new Error(`refused: ${result.error.key}`);
  return result.rows;
}

/** A column's position in the template (1-based). */
export const position = (key: string) => IMPORT_COLUMNS.findIndex((column) => column.key === key) + 1;

export async function load(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  return workbook;
}

/** The template filled as a user would: rows under the example, typed values, numbers where Excel makes them. */
export async function filled(
  bytes: Uint8Array,
  people: number,
  values: (n: number) => Record<string, ExcelJS.CellValue>,
) {
  const workbook = await load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  for (let n = 0; n < people; n++) {
    const row = sheet.getRow(3 + n);
    for (const [key, value] of Object.entries(values(n))) row.getCell(position(key)).value = value;
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export const french = (n: number): Record<string, ExcelJS.CellValue> => ({
  civilite: n % 2 ? 'Madame' : 'Mr', // a French label, or an English one
  nom: `Martin${n}`,
  prenom: 'Léa',
  dateNaissance: new Date(Date.UTC(1990, 0, 1 + n)),
  sexe: n % 2 ? 'Féminin' : 'M', // a label, or a short code
  paysExercice: 'France',
  typeBilan: 'Bilan expatrié',
  dateProchainBilan: '15/09/2027',
  periodicite: 'Annuelle',
  'adresse.codePostal': 1000, // 01000 typed into a General cell
  'adresse.localite': 'Bourg-en-Bresse',
  'adresse.pays': 'France',
  utiliserAdresseEtablissement: 'Non',
  telephonePortable: '06 12 34 56 78',
  mail: `lea.martin${n}@example.com`,
});

/** LibreOffice's command where it is installed (`libreoffice-calc-nogui`), undefined elsewhere. */
export const soffice = ['soffice', 'libreoffice'].find(
  (command) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0,
);

/** Converts `inputs` with LibreOffice headless and `filter` into `out`, with its own profile in `dir`. */
export function convertWithLibreOffice(
  dir: string,
  filter: string,
  out: string,
  inputs: readonly string[],
  timeout = 60_000,
): void {
  execFileSync(
    soffice ?? 'soffice',
    [
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--headless',
      '--norestore',
      '--convert-to',
      filter,
      '--outdir',
      out,
      ...inputs,
    ],
    { stdio: 'ignore', timeout },
  );
}
