import type { Language } from '@portail/contract/constants';
import type { Labels } from '@portail/contract/rules/participant-import';
import type { ImportOutcome } from '@portail/contract/schemas/participant-import';
import ExcelJS from 'exceljs';
import { reportNotice, reportText } from './import-messages';
import { type ImportRecord, outcomesOf, type RowOutcome, rowsOf, type StoredRow } from './import-store';

/** The report's headers and outcomes: file content in the language asked, as the template's headers. */
const HEADERS: readonly { header: Labels; width: number }[] = [
  { header: { fr_FR: 'Ligne', en_EN: 'Line' }, width: 8 },
  { header: { fr_FR: 'Nom', en_EN: 'Last name' }, width: 22 },
  { header: { fr_FR: 'Prénom', en_EN: 'First name' }, width: 20 },
  { header: { fr_FR: 'Date de naissance', en_EN: 'Date of birth' }, width: 16 },
  { header: { fr_FR: 'Résultat', en_EN: 'Outcome' }, width: 14 },
  { header: { fr_FR: 'N° participant', en_EN: 'Participant no.' }, width: 14 },
  { header: { fr_FR: 'Messages', en_EN: 'Messages' }, width: 80 },
];

const OUTCOMES: Record<ImportOutcome, Labels> = {
  created: { fr_FR: 'Créé', en_EN: 'Created' },
  updated: { fr_FR: 'Mis à jour', en_EN: 'Updated' },
  unchanged: { fr_FR: 'Inchangé', en_EN: 'Unchanged' },
  refused: { fr_FR: 'Refusé', en_EN: 'Refused' },
  skipped: { fr_FR: 'Non importé', en_EN: 'Not imported' },
};

export const REPORT_NAMES: Labels = {
  fr_FR: 'Rapport import participants',
  en_EN: 'Participant import report',
};

/** What happened to a row: its outcome in the run, or what its check leaves it when the run did not take it. */
function outcomeOf(row: StoredRow, done: ReadonlyMap<number, RowOutcome>): RowOutcome {
  const outcome = done.get(row.line);
  if (outcome) return outcome;
  return {
    line: row.line,
    outcome: row.status === 'unchanged' ? 'unchanged' : 'skipped',
    participantId: row.participantId,
    errors: row.errors,
  };
}

/** A date the file gave as YYYY-MM-DD, as the portal shows it; anything else as it was typed. */
const shownDate = (text: string) => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : text;
};

/**
 * GET import/:id/rapport (docs/participant-import.md#report): one line per row of the file with what
 * the import did to it and why (its refusals, then its notices), in the language asked. Every value
 * is written as text or a number, never as a formula, whatever the file held.
 */
export async function buildImportReport(record: ImportRecord, language: Language): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(language === 'fr_FR' ? 'Rapport' : 'Report', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = HEADERS.map(({ header, width }) => ({ header: header[language], width }));
  sheet.getRow(1).font = { bold: true };
  const done = new Map(outcomesOf(record).map((outcome) => [outcome.line, outcome]));
  for (const row of rowsOf(record)) {
    const outcome = outcomeOf(row, done);
    sheet.addRow([
      row.line,
      row.nom,
      row.prenom,
      shownDate(row.dateNaissance),
      OUTCOMES[outcome.outcome][language],
      outcome.participantId,
      [
        ...outcome.errors.map((error) => reportText(error, language)),
        // The check's notices (an establishment the import does not change), whatever the outcome.
        ...(row.warnings ?? []).map((warning) => reportNotice(warning, language)),
      ].join('\n'),
    ]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
