import { centreWallClock } from '@portail/contract/rules/centre-time';
import { startsLikeFormula } from '@portail/contract/rules/spreadsheet';
import type { AuditEntry } from '@portail/contract/schemas/centre';
import { stringify } from 'csv-stringify';

/** The export's columns, titled in the language asked for. */
const HEADERS = {
  fr_FR: [
    'N°',
    'Date (heure de Paris)',
    'Instant (UTC)',
    'Action',
    'Type d’acteur',
    'Acteur',
    'N° de participant',
    'Participant',
    'Objet',
    'N° de l’objet',
    'Adresse IP',
    'Détails',
  ],
  en_EN: [
    'No.',
    'Date (Paris time)',
    'Instant (UTC)',
    'Action',
    'Actor type',
    'Actor',
    'Participant no.',
    'Participant',
    'Target',
    'Target no.',
    'IP address',
    'Details',
  ],
} as const;

/**
 * A cell a spreadsheet would run as a formula (contract rules/spreadsheet.ts: OWASP's "CSV injection")
 * starts with an apostrophe instead, which shows the text as it was.
 */
function neutralised(value: string): string {
  return startsLikeFormula(value) ? `'${value}` : value;
}

function row(entry: AuditEntry & { details: Record<string, unknown> | null }): string[] {
  const wall = centreWallClock(entry.at);
  const actor =
    entry.actor.kind === 'USER'
      ? (entry.actor.login ?? `#${entry.actor.userId}`)
      : entry.actor.kind === 'CLIENT'
        ? (entry.actor.name ?? '')
        : '';
  return [
    String(entry.id),
    wall ? `${wall.date} ${wall.time}` : '',
    entry.at,
    entry.action,
    entry.actor.kind === 'USER' ? (entry.actor.accountKind ?? 'USER') : entry.actor.kind,
    actor,
    entry.participantId === null ? '' : String(entry.participantId),
    entry.participantName ?? '',
    entry.targetType ?? '',
    entry.targetId ?? '',
    entry.ip ?? '',
    entry.details ? JSON.stringify(entry.details) : '',
  ].map(neutralised);
}

/**
 * The CSV of an audit search, as a stream: a byte-order mark and `;` between cells (what a French
 * spreadsheet opens as columns), quotes where a cell needs them, every cell neutralised. `batches`
 * are written as they come; the returned promise settles when the last one is written (or the first
 * failure ends the stream).
 */
export function auditCsv(
  batches: AsyncIterable<(AuditEntry & { details: Record<string, unknown> | null })[]>,
  language: keyof typeof HEADERS,
) {
  const csv = stringify({ delimiter: ';', bom: true, quoted_string: false, record_delimiter: 'windows' });
  const done = (async () => {
    let rows = 0;
    try {
      csv.write([...HEADERS[language]]);
      for await (const batch of batches) {
        for (const entry of batch) {
          if (!csv.write(row(entry))) await new Promise((resolve) => csv.once('drain', resolve));
          rows += 1;
        }
      }
      csv.end();
    } catch (error) {
      csv.destroy(error instanceof Error ? error : new Error(String(error)));
    }
    return rows;
  })();
  return { stream: csv, done };
}
