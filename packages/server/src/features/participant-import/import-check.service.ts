import type { Language } from '@portail/contract/constants';
import { duplicateKey } from '@portail/contract/rules/participant';
import {
  IMPORT_COLUMNS,
  IMPORT_ERRORS,
  IMPORT_NOTICES,
  type ImportMessage,
  YES_NO_LABELS,
} from '@portail/contract/rules/participant-import';
import type { EnumName } from '@portail/contract/schemas/enums';
import type {
  ImportCellError,
  ImportCheckBody,
  ImportCheckedRow,
  ImportCheckReply,
  ImportCounts,
  ImportDifference,
} from '@portail/contract/schemas/participant-import';
import { PARTICIPANT_MESSAGES } from '@portail/contract/schemas/participants';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { listEnumItems } from '../enums';
import {
  changes,
  creationVerdict,
  type EnumItemFacts,
  type FormFacts,
  type ParticipantRecord,
  scopedEstablishment,
  scopeNamesakes,
  updateVerdict,
} from '../participants';
import { cellError, formErrors, messageError } from './import-messages';
import type { ImportRow, ReadResult } from './import-rows';
import { type StoredRow, storeCheck } from './import-store';
import { type ImportListItem, type ImportLists, listMatcher } from './list-items';
import { keepAbsentColumns, RECORD_COLUMNS, rowForm } from './row-form';
import { readSpreadsheet } from './spreadsheet-reader';

/** A file refused as a whole (docs/participant-import.md#files): answered 422 with its message. */
export class ImportRefused extends Error {
  constructor(readonly importError: ImportMessage) {
    super(importError.key);
  }
}

const LISTS: readonly EnumName[] = [
  ...new Set(IMPORT_COLUMNS.flatMap((column) => (column.list ? [column.list] : []))),
];

/** The reference lists of the template's columns as the caller sees them (active and retired items). */
export async function importLists(db: Db, caller: Caller): Promise<ImportLists> {
  const lists: ImportLists = {};
  for (const list of LISTS) lists[list] = await listEnumItems(db, caller, list, {});
  return lists;
}

/** The items as checkForm reads them, from the lists already loaded: no query per row. */
function knownItems(lists: ImportLists): Map<number, EnumItemFacts> {
  const items = new Map<number, EnumItemFacts>();
  for (const [namespace, entries] of Object.entries(lists))
    for (const item of entries ?? [])
      items.set(item.id, { id: item.id, namespace, code: item.raccourci, active: item.actif });
  return items;
}

const ENUM_COLUMNS = new Set(IMPORT_COLUMNS.filter((column) => column.kind === 'enum').map((c) => c.key));
const DATE_COLUMNS = new Set(IMPORT_COLUMNS.filter((column) => column.kind === 'date').map((c) => c.key));

/** A stored value as the screen shows it: a list item's label, a date as DD/MM/YYYY, yes or no. */
function displayText(
  column: string,
  value: unknown,
  labels: ReadonlyMap<number, ImportListItem>,
  language: Language,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return YES_NO_LABELS[value ? 'yes' : 'no'][language];
  if (ENUM_COLUMNS.has(column) && typeof value === 'number') {
    const item = labels.get(value);
    return item ? (language === 'en_EN' ? item.labelEn : item.label) : String(value);
  }
  if (DATE_COLUMNS.has(column) && typeof value === 'string') {
    const [year, month, day] = value.split('-');
    return `${day}/${month}/${year}`;
  }
  return String(value);
}

/** The values an update would change, by column, as display texts. */
function differencesOf(
  current: ParticipantRecord,
  next: Partial<ParticipantRecord>,
  labels: ReadonlyMap<number, ImportListItem>,
  language: Language,
): ImportDifference[] {
  const { before, after } = changes(current, next);
  return Object.keys(after).flatMap((key) => {
    const column = RECORD_COLUMNS[key as keyof ParticipantRecord];
    if (!column) return [];
    return [
      {
        column,
        before: displayText(column, before[key], labels, language),
        after: displayText(column, after[key], labels, language),
      },
    ];
  });
}

interface CheckContext {
  db: Db;
  caller: Caller;
  today: string;
  facts: FormFacts;
  labels: ReadonlyMap<number, ImportListItem>;
  language: Language;
}

/**
 * The establishment an update's row names (docs/participant-import.md#updates): an update never moves
 * a participant (that is a transfer), so naming another establishment of the scope is a notice that
 * says where they stay; naming one the scope does not reach (or none) is the error a new row gets.
 */
async function establishmentOfUpdate(
  ctx: CheckContext,
  named: number | null,
  current: ParticipantRecord,
): Promise<{ errors: ImportCellError[]; warnings: ImportCellError[] }> {
  if (named === null || named === current.establishmentId) return { errors: [], warnings: [] };
  if (!(await scopedEstablishment(ctx.db, ctx.caller, named, ctx.facts)))
    return {
      errors: [messageError(errorMessage(PARTICIPANT_MESSAGES.establishmentOutOfScope))],
      warnings: [],
    };
  const stays = await scopedEstablishment(ctx.db, ctx.caller, current.establishmentId, ctx.facts);
  const notice = cellError('idEtablissement', IMPORT_NOTICES.establishmentNotMoved, {
    id: current.establishmentId,
    name: stays?.name ?? String(current.establishmentId),
  });
  return { errors: [], warnings: [notice] };
}

type StoredBody = StoredRow['body'];

/** One row through the form's rules, against the participants of the caller's scope it names. */
async function checkRow(
  ctx: CheckContext,
  row: ImportRow,
  find: ReturnType<typeof listMatcher>,
  namesakes: ReadonlyMap<string, ParticipantRecord[]>,
): Promise<{ checked: Omit<ImportCheckedRow, 'cells'>; body: StoredBody }> {
  const problems = row.problems.map((problem) =>
    cellError(problem.column, problem.message.key, problem.message.params),
  );
  const form = rowForm(row.cells, find);
  const result = (
    status: ImportCheckedRow['status'],
    errors: ImportCheckedRow['errors'],
    extra: {
      participantId?: number;
      differences?: ImportDifference[];
      body?: StoredBody;
      warnings?: ImportCellError[];
    } = {},
  ) => ({
    checked: {
      line: row.line,
      status,
      participantId: extra.participantId ?? null,
      errors,
      warnings: extra.warnings ?? [],
      differences: extra.differences ?? [],
    },
    body: extra.body ?? null,
  });
  if (!form.ok || problems.length > 0) return result('error', [...problems, ...(form.ok ? [] : form.errors)]);
  const body = form.body;
  const matches = namesakes.get(
    duplicateKey({ lastName: body.nom, firstName: body.prenom, birthDate: body.dateNaissance }),
  );
  const active = matches?.find((match) => match.active);
  if (active) {
    // The person is already a participant of the scope: the row updates them (an update never moves a
    // participant to another establishment: that is a transfer, and the row says so on its cell).
    const update = keepAbsentColumns(body, active, row.cells);
    const verdict = await updateVerdict(ctx.db, update, active, ctx.today, ctx.facts);
    const place = await establishmentOfUpdate(ctx, body.idEtablissement, active);
    const { warnings } = place;
    if (!verdict.values || place.errors.length > 0)
      return result(
        'error',
        [
          ...formErrors(verdict.fieldErrors, [...verdict.fieldMessages, ...verdict.refusals]),
          ...place.errors,
        ],
        { participantId: active.id, warnings },
      );
    const differences = differencesOf(active, verdict.values, ctx.labels, ctx.language);
    return result(differences.length > 0 ? 'update' : 'unchanged', [], {
      participantId: active.id,
      differences,
      body: update,
      warnings,
    });
  }
  const terminated = matches?.find((match) => !match.active);
  const verdict = await creationVerdict(ctx.db, ctx.caller, body, ctx.today, ctx.facts);
  const errors = formErrors(verdict.fieldErrors, [...verdict.fieldMessages, ...verdict.refusals]);
  // A terminated participant of the scope is re-admitted, not created again (the form's refusal).
  if (terminated)
    errors.push(
      messageError(errorMessage(PARTICIPANT_MESSAGES.terminatedDuplicate, [String(terminated.id)])),
    );
  if (errors.length > 0 || !verdict.values) return result('error', errors);
  return result('new', [], { body });
}

/** Marks the rows naming a person an earlier row of the file already names. */
function markFileDuplicates(
  rows: readonly ImportRow[],
  checked: { checked: Omit<ImportCheckedRow, 'cells'> }[],
) {
  const first = new Map<string, number>();
  rows.forEach((row, index) => {
    const { nom = '', prenom = '', dateNaissance = '' } = row.cells;
    if (nom === '' || prenom === '' || dateNaissance === '') return;
    const key = duplicateKey({ lastName: nom, firstName: prenom, birthDate: dateNaissance });
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, row.line);
      return;
    }
    const target = checked[index]?.checked;
    if (!target) return;
    target.status = 'error';
    target.differences = [];
    target.errors.push(cellError('nom', IMPORT_ERRORS.duplicateInFile, { line: earlier }));
  });
}

/** A text as jsonb takes it: PostgreSQL refuses the NUL character a workbook can encode (`_x0000_`). */
const storable = (text: string | undefined) => (text ?? '').replaceAll('\u0000', '');

/** Lets other requests run between slices of a long check. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * POST import (docs/participant-import.md#check): reads the file, checks every row with the rules of
 * the participant creation form and against the participants of the caller's scope, keeps the check
 * for an hour and answers it. Writes no participant. A file refused as a whole throws ImportRefused.
 */
export async function checkImport(
  deps: { db: Db },
  ctx: { caller: Caller; ip: string },
  request: { nomFichier: string; fichier: string; langue: Language } & Pick<ImportCheckBody, 'nomFichier'>,
): Promise<ImportCheckReply> {
  const bytes = new Uint8Array(Buffer.from(request.fichier, 'base64'));
  const read = await readSpreadsheet(bytes, request.nomFichier, { language: request.langue }).catch(
    // Whatever a hostile file makes a parser do, it is a file that cannot be read, never a 500.
    (): ReadResult => ({ ok: false, error: { key: IMPORT_ERRORS.unreadable, params: {} } }),
  );
  if (!read.ok) throw new ImportRefused(read.error);

  const lists = await importLists(deps.db, ctx.caller);
  const find = listMatcher(lists);
  const labels = new Map(
    Object.values(lists).flatMap((items) => (items ?? []).map((item) => [item.id, item])),
  );
  const check: CheckContext = {
    db: deps.db,
    caller: ctx.caller,
    today: centreToday(),
    facts: { items: knownItems(lists), establishments: new Map() },
    labels,
    language: request.langue,
  };
  const people = read.rows.flatMap((row) => {
    const { nom = '', prenom = '', dateNaissance = '' } = row.cells;
    return /^\d{4}-\d{2}-\d{2}$/.test(dateNaissance) && nom !== ''
      ? [{ lastName: nom, firstName: prenom, birthDate: dateNaissance }]
      : [];
  });
  const namesakes = await scopeNamesakes(deps.db, ctx.caller, people);

  const checked: Awaited<ReturnType<typeof checkRow>>[] = [];
  for (const [index, row] of read.rows.entries()) {
    checked.push(await checkRow(check, row, find, namesakes));
    if (index % 500 === 499) await breathe();
  }
  markFileDuplicates(read.rows, checked);

  const counts: ImportCounts = { rows: checked.length, new: 0, update: 0, unchanged: 0, error: 0 };
  for (const { checked: row } of checked) counts[row.status]++;
  const stored: StoredRow[] = checked.map(({ checked: row, body }, index) => {
    const cells = read.rows[index]?.cells ?? {};
    return {
      line: row.line,
      status: row.status,
      participantId: row.participantId,
      nom: storable(cells.nom),
      prenom: storable(cells.prenom),
      dateNaissance: storable(cells.dateNaissance),
      body: row.status === 'new' || row.status === 'update' ? body : null,
      errors: row.errors,
      warnings: row.warnings,
    };
  });
  const { id, expiresAt } = await storeCheck(deps.db, ctx.caller, request.nomFichier, stored);
  await audit(deps.db, {
    actorUserId: ctx.caller.userId,
    action: 'PARTICIPANT_IMPORT_CHECKED',
    targetType: 'participant_import',
    targetId: id,
    details: { fileName: request.nomFichier, format: read.format, ...counts },
    ip: ctx.ip,
  });
  return {
    id,
    fileName: request.nomFichier,
    format: read.format,
    columns: read.columns,
    unknownColumns: read.unknownColumns,
    skippedExampleLines: read.skippedExampleLines,
    counts,
    rows: checked.map(({ checked: row }, index) => ({ ...row, cells: read.rows[index]?.cells ?? {} })),
    expiresAt: expiresAt.toISOString(),
  };
}
