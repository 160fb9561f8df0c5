import {
  CHECKUP_SORT_FIELDS,
  type CheckupRow,
  HISTORY_SORT_FIELDS,
  type HistoryRow,
  XLSX_MIME,
} from '@portail/contract/schemas/checkups';
import { errorReply } from '@portail/contract/schemas/common';
import { TextWriter, Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enumItems } from '../src/db/schema';
import {
  type HistoryRecord,
  readCheckupRows,
  readHistoryRows,
} from '../src/features/checkups/checkup.queries';
import { centreToday } from '../src/lib/dates';
import { callerOf, createTestContext, signIn, type TestContext } from './helper';
import { headersOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 400 });
});
afterAll(async () => ctx.close());

const TODAY = centreToday();
const YEAR = Number(TODAY.slice(0, 4));
const WIDE = { dateDebut: '2000-01-01', dateFin: '2100-12-31' };

async function exportOf(url: string, login: string, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url, headers: await headersOf(ctx, login), payload: body });
}

async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

/** The XML parts of the file as Excel reads them, unzipped by a second library (not exceljs). */
async function xmlParts(payload: Buffer): Promise<Map<string, string>> {
  const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(payload)));
  const parts = new Map<string, string>();
  for (const entry of await reader.getEntries()) {
    if (!entry.directory) parts.set(entry.filename.replace(/^\//, ''), await entry.getData(new TextWriter()));
  }
  await reader.close();
  return parts;
}

/**
 * Filter buttons on the header row and a printable layout (A4 landscape, one page wide, the header
 * row repeated on each printed page): as exceljs reads it back, and in the raw sheet and workbook XML.
 */
async function expectFilterableAndPrintable(payload: Buffer, lastColumn: string) {
  const sheet = await workbookOf(payload);
  expect(sheet.autoFilter).toBe(`A1:${lastColumn}1`);
  expect(sheet.pageSetup).toMatchObject({
    orientation: 'landscape',
    paperSize: 9,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: '1:1',
  });
  const parts = await xmlParts(payload);
  const sheetXml = parts.get('xl/worksheets/sheet1.xml') ?? '';
  expect(sheetXml).toContain(`<autoFilter ref="A1:${lastColumn}1"/>`);
  expect(sheetXml).toMatch(/<pageSetUpPr fitToPage="1"\/>/);
  const pageSetup = sheetXml.match(/<pageSetup [^>]*\/>/)?.[0] ?? '';
  expect(pageSetup).toContain('orientation="landscape"');
  expect(pageSetup).toContain('fitToWidth="1"');
  expect(pageSetup).toContain('fitToHeight="0"');
  expect(parts.get('xl/workbook.xml')).toMatch(
    /<definedName name="_xlnm\.Print_Titles" localSheetId="0">&apos;[^&]+&apos;!\$1:\$1<\/definedName>/,
  );
}

function rowValues(sheet: ExcelJS.Worksheet, n: number): unknown[] {
  // exceljs numbers cells from 1 and leaves empty cells as holes: read every column of the sheet.
  const row = sheet.getRow(n);
  return Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value ?? null);
}

/** Every row of the list endpoint for a filter, page after page. */
async function listed<T>(url: string, login: string, query: Record<string, string>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page++) {
    const reply = await ctx.app.inject({
      method: 'GET',
      url,
      headers: await headersOf(ctx, login),
      query: { ...query, page: String(page), size: '100' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<{ items: T[]; totalRows: number }>();
    rows.push(...body.items);
    if (body.items.length === 0 || rows.length >= body.totalRows) return rows;
  }
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? null));
/** The scope's company and establishment names by id, as the lists' filters get them. */
async function scopeNamesOf(login: string) {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/etablissements-correspondant',
    headers: await headersOf(ctx, login),
  });
  const rows =
    reply.json<{ id: number; raisonsociale: string; idEntreprise: number; entreprise: string }[]>();
  return {
    company: (id: number) => rows.find((row) => row.idEntreprise === id)?.entreprise,
    establishment: (id: number) => rows.find((row) => row.id === id)?.raisonsociale,
  };
}

const STATE_FR = { EN_COURS: 'En cours', CLOTURE: 'Clôturé', FACTURE: 'Facturé' };
const STATE_EN = { EN_COURS: 'In progress', CLOTURE: 'Closed', FACTURE: 'Invoiced' };

describe('POST /api/excel-participant-bilan', () => {
  it('streams an .xlsx of exactly the list rows of the filter, in the list order, headers in French', async () => {
    const filter = { ...WIDE, sort: 'dateCloture,DESC' };
    const reply = await exportOf('/api/excel-participant-bilan', 'corr.groupe', {
      ...filter,
      langue: 'fr_FR',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe(XLSX_MIME);
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="Bilans ${TODAY}.xlsx"; filename*=UTF-8''Bilans%20${TODAY}.xlsx`,
    );
    expect(reply.headers['cache-control']).toBe('no-store');
    const sheet = await workbookOf(reply.rawPayload);
    expect(rowValues(sheet, 1)).toEqual([
      'N° bilan',
      'N° participant',
      'Nom',
      'Prénom',
      // A group's scope holds several companies and establishments: the screen's columns (issue 18).
      'Entreprise',
      'Établissement',
      'Date du premier RDV',
      'Date de clôture',
      'Date de facturation',
      'État',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    for (const column of sheet.columns) expect(column.width ?? 0).toBeGreaterThanOrEqual(10);
    await expectFilterableAndPrintable(reply.rawPayload, 'J');

    const names = await scopeNamesOf('corr.groupe');
    const rows = await listed<CheckupRow>('/api/bilansCorrespondant', 'corr.groupe', filter);
    expect(rows.length).toBeGreaterThan(100);
    expect(sheet.actualRowCount).toBe(rows.length + 1);
    const fromFile = Array.from({ length: rows.length }, (_, i) => rowValues(sheet, i + 2).map(iso));
    expect(fromFile).toEqual(
      rows.map((r) => [
        r.id,
        r.idParticipant,
        r.nom,
        r.prenom,
        names.company(r.idEntreprise),
        names.establishment(r.idEtablissement),
        r.datePremierRdv,
        r.dateCloture,
        r.dateFacturation,
        STATE_FR[r.etatBilan],
      ]),
    );
  });

  it('writes dates as Excel dates formatted dd/mm/yyyy, and English headers and states in English', async () => {
    const reply = await exportOf('/api/excel-participant-bilan', 'corr.etablissement', {
      ...WIDE,
      etatBilan: 'FACTURE',
      langue: 'en_EN',
    });
    expect(reply.statusCode).toBe(200);
    // The file is named in the interface language too.
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="Check-ups ${TODAY}.xlsx"; filename*=UTF-8''Check-ups%20${TODAY}.xlsx`,
    );
    await expectFilterableAndPrintable(reply.rawPayload, 'H');
    const sheet = await workbookOf(reply.rawPayload);
    expect(rowValues(sheet, 1)).toEqual([
      'Check-up no.',
      'Participant no.',
      'Last name',
      'First name',
      'First appointment date',
      'Closing date',
      'Billing date',
      'State',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.actualRowCount).toBeGreaterThan(1);
    for (let n = 2; n <= sheet.actualRowCount; n++) {
      const row = sheet.getRow(n);
      for (const column of [5, 6, 7]) {
        expect(row.getCell(column).type).toBe(ExcelJS.ValueType.Date);
        expect(row.getCell(column).numFmt).toBe('dd/mm/yyyy');
      }
      expect(row.getCell(8).value).toBe(STATE_EN.FACTURE);
    }
  });

  it('exports the company and establishment filters of the list too', async () => {
    const rows = await listed<CheckupRow>('/api/bilansCorrespondant', 'corr.groupe', WIDE);
    const company = rows[0]?.idEntreprise ?? -1;
    const expected = await listed<CheckupRow>('/api/bilansCorrespondant', 'corr.groupe', {
      ...WIDE,
      idEntreprise: String(company),
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);
    const reply = await exportOf('/api/excel-participant-bilan', 'corr.groupe', {
      ...WIDE,
      idEntreprise: company,
    });
    expect(reply.statusCode).toBe(200);
    const sheet = await workbookOf(reply.rawPayload);
    expect(sheet.actualRowCount).toBe(expected.length + 1);
    expect(Array.from({ length: expected.length }, (_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(
      expected.map((row) => row.id),
    );
  });

  it('answers invalid filters with field errors and no file', async () => {
    const url = '/api/excel-participant-bilan';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dateDebut: TODAY, dateFin: '2000-01-01' }, 'dateFin', 'errors.dateFinAvantDebut'],
      [{ dateFin: TODAY }, 'dateDebut', 'errors.required'],
      [{ ...WIDE, sort: 'diagnostic,ASC' }, 'sort', 'errors.sort'],
      [{ ...WIDE, sort: 'nom' }, 'sort', 'errors.sort'],
      [{ ...WIDE, langue: 'de_DE' }, 'langue', 'errors.invalid'],
      [{ ...WIDE, idEtablissement: 'abc' }, 'idEtablissement', 'errors.number'],
    ];
    for (const [body, field, message] of cases) {
      const reply = await exportOf(url, 'corr.etablissement', body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.headers['content-disposition']).toBeUndefined();
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(errorReply.parse(reply.json()).fieldErrors).toContainEqual(
        expect.objectContaining({ field, defaultMessage: message }),
      );
    }
    const participant = await signIn(ctx, 'participant.dmc', 'participant');
    const refused = await ctx.app.inject({
      method: 'POST',
      url,
      headers: participant.headers,
      payload: WIDE,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /api/excel-participant-historique-bilan', () => {
  it('streams the history rows of the filter with enumeration labels, in both languages', async () => {
    const filter = { ...WIDE, sort: 'dateProchainBilan,ASC' };
    const rows = await listed<HistoryRow>('/api/historiqueBilansCorrespondant', 'corr.groupe', filter);
    expect(rows.length).toBeGreaterThan(0);
    const items = await ctx.database.db
      .select()
      .from(enumItems)
      .where(inArray(enumItems.namespace, ['gestionRdv', 'periodicite']));
    const names = await scopeNamesOf('corr.groupe');
    for (const langue of ['fr_FR', 'en_EN'] as const) {
      const reply = await exportOf('/api/excel-participant-historique-bilan', 'corr.groupe', {
        ...filter,
        langue,
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe(XLSX_MIME);
      const name = { fr_FR: 'Historique des bilans', en_EN: 'Check-up history' }[langue];
      expect(reply.headers['content-disposition']).toBe(
        `attachment; filename="${name} ${TODAY}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}%20${TODAY}.xlsx`,
      );
      await expectFilterableAndPrintable(reply.rawPayload, 'O');
      const sheet = await workbookOf(reply.rawPayload);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      const french = langue === 'fr_FR';
      expect(rowValues(sheet, 1)).toEqual(
        french
          ? [
              'N° participant',
              'Nom',
              'Prénom',
              'Entreprise',
              'Établissement',
              'Date de naissance',
              'Âge',
              "Date d'adhésion",
              'Date de résiliation',
              'Gestion des RDV',
              'Périodicité',
              `Clôture ${YEAR - 2}`,
              `Clôture ${YEAR - 1}`,
              `Clôture ${YEAR}`,
              'Date du prochain bilan',
            ]
          : [
              'Participant no.',
              'Last name',
              'First name',
              'Company',
              'Establishment',
              'Birth date',
              'Age',
              'Membership date',
              'Termination date',
              'Appointment management',
              'Periodicity',
              `Closing ${YEAR - 2}`,
              `Closing ${YEAR - 1}`,
              `Closing ${YEAR}`,
              'Next check-up date',
            ],
      );
      const label = (id: number | null) => {
        const item = items.find((candidate) => candidate.id === id);
        return item ? (french ? item.label : (item.labelEn ?? item.label)) : null;
      };
      expect(sheet.actualRowCount).toBe(rows.length + 1);
      const fromFile = rows.map((_, i) => {
        return rowValues(sheet, i + 2).map(iso);
      });
      expect(fromFile).toEqual(
        rows.map((r) => [
          r.id,
          r.nom,
          r.prenom,
          names.company(r.idEntreprise),
          names.establishment(r.idEtablissement),
          r.dateNaissance,
          r.age,
          r.dateAdhesion,
          r.dateResiliation,
          label(r.gestionRdv),
          label(r.periodicite),
          r.dateClotureN2,
          r.dateClotureN1,
          r.dateClotureN,
          r.dateProchainBilan,
        ]),
      );
      expect(sheet.getRow(2).getCell(6).type).toBe(ExcelJS.ValueType.Date);
      expect(sheet.getRow(2).getCell(6).numFmt).toBe('dd/mm/yyyy');
    }
  });
});

/**
 * The exports read their rows in keyset batches of a thousand: the same reading with batches of 7
 * must give the list's rows (offset pages) for every sort, nulls included.
 */
describe('keyset batches', () => {
  it.each(CHECKUP_SORT_FIELDS.flatMap((field) => [false, true].map((descending) => ({ field, descending }))))(
    'check-ups by $field (descending: $descending)',
    async (sort) => {
      const caller = await callerOf(ctx, 'corr.groupe', 'correspondant');
      const byOffset = await readCheckupRows(ctx.database.db, caller, WIDE, sort, { limit: 10_000 });
      const byKeyset: CheckupRow[] = [];
      let last: CheckupRow | undefined;
      for (;;) {
        const batch = await readCheckupRows(ctx.database.db, caller, WIDE, sort, {
          limit: 7,
          ...(last ? { last } : {}),
        });
        byKeyset.push(...batch);
        last = batch.at(-1);
        if (batch.length < 7) break;
      }
      expect(byOffset.length).toBeGreaterThan(100);
      expect(byKeyset).toEqual(byOffset);
    },
  );

  it.each(HISTORY_SORT_FIELDS.flatMap((field) => [false, true].map((descending) => ({ field, descending }))))(
    'history by $field (descending: $descending)',
    async (sort) => {
      const caller = await callerOf(ctx, 'corr.groupe', 'correspondant');
      const byOffset = await readHistoryRows(ctx.database.db, caller, WIDE, sort, YEAR, { limit: 10_000 });
      const byKeyset: HistoryRecord[] = [];
      let last: HistoryRecord | undefined;
      for (;;) {
        const batch = await readHistoryRows(ctx.database.db, caller, WIDE, sort, YEAR, {
          limit: 7,
          ...(last ? { last } : {}),
        });
        byKeyset.push(...batch);
        last = batch.at(-1);
        if (batch.length < 7) break;
      }
      expect(byOffset.length).toBeGreaterThan(20);
      expect(byKeyset).toEqual(byOffset);
    },
  );
});
