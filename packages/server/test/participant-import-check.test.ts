import { IMPORT_ERRORS } from '@portail/contract/rules/participant-import';
import { importRefusalReply } from '@portail/contract/schemas/participant-import';
import { and, eq, gt } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments, participantImports, participants } from '../src/db/schema';
import { CHECKUP_TYPE, PERIODICITY } from '../src/demo/reference';
import { createTestContext, type TestContext } from './helper';
import { checked, csvOf, freshRow, IMPORT_URL, postCheck } from './participant-import-api-fixtures';
import { repeatedStream, workbookBytes, workbookParts, zipOf } from './participant-import-fixtures';
import { correspondantOf, headersOf, rowCounts, scopeOf, takeParticipant } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 200 });
});
afterAll(async () => ctx.close());

const errorsOf = (reply: Awaited<ReturnType<typeof checked>>, line: number) =>
  reply.rows.find((row) => row.line === line)?.errors.map((error) => [error.column, error.message.key]);

describe('POST import: the check of each row', () => {
  it('puts the 3 mistakes of a 20-row file on their cells, with the form keys, and accepts the 17 others', async () => {
    const rows = Array.from({ length: 20 }, () => freshRow());
    rows[3] = { ...(rows[3] ?? {}), 'Date de naissance': '31/02/1985' };
    rows[8] = { ...(rows[8] ?? {}), 'Téléphone portable': '01 23 45 67 89' };
    rows[15] = { ...(rows[15] ?? {}), Mail: 'pas-un-mail' };
    const before = await rowCounts(ctx);
    const reply = await checked(ctx, csvOf(rows));

    expect(reply.counts).toEqual({ rows: 20, new: 17, update: 0, unchanged: 0, error: 3 });
    expect(reply.format).toBe('csv');
    // The header is line 1: the Nth row of data is line N + 2 (counted from 0).
    expect(errorsOf(reply, 5)).toEqual([['dateNaissance', 'errors.date']]);
    expect(errorsOf(reply, 10)).toEqual([['telephonePortable', 'errors.portable']]);
    expect(errorsOf(reply, 17)).toEqual([['mail', 'errors.email']]);
    expect(reply.rows.find((row) => row.line === 2)?.cells.nom).toBe(rows[0]?.Nom);
    // A check writes no participant.
    const after = await rowCounts(ctx);
    expect(after.participants).toBe(before.participants);
    expect(after.mails).toBe(before.mails);
  });

  it('refuses a row naming the same person as an earlier one, on its last name, with that line', async () => {
    const row = freshRow();
    const reply = await checked(
      ctx,
      csvOf([row, freshRow(), { ...row, Prénom: 'ELODIE', Mail: 'autre@example.com' }]),
    );
    expect(reply.rows.map((r) => r.status)).toEqual(['new', 'new', 'error']);
    expect(reply.rows[2]?.errors).toEqual([
      { column: 'nom', message: { key: IMPORT_ERRORS.duplicateInFile, params: { line: 2 } } },
    ]);
  });

  it('offers a row matching an active participant of the scope as an update, its differences as labels, absent columns kept', async () => {
    const existing = await takeParticipant(
      ctx,
      and(
        await scopeOf(ctx, 'corr.etablissement'),
        eq(participants.active, true),
        eq(participants.checkupInProgress, false),
        eq(participants.lockedByExternalSystem, false),
      ),
      'active, without a check-up under way, in the establishment',
    );
    const iso = existing.birthDate;
    const row = freshRow({
      Nom: existing.lastName.toLowerCase(),
      Prénom: existing.firstName,
      'Date de naissance': `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
      Périodicité: existing.periodicityId === PERIODICITY.yearly ? 'Tous les deux ans' : 'Annuelle',
    });
    const labels: Record<number, string> = {
      [PERIODICITY.yearly]: 'Annuelle',
      [PERIODICITY.twoYears]: 'Tous les deux ans',
      [PERIODICITY.threeYears]: 'Tous les trois ans',
    };
    const reply = await checked(ctx, csvOf([row]));
    const [first] = reply.rows;
    expect(first?.errors).toEqual([]);
    expect(first?.status).toBe('update');
    expect(first?.participantId).toBe(existing.id);
    expect(first?.differences).toContainEqual({
      column: 'periodicite',
      before: labels[existing.periodicityId ?? 0],
      after: existing.periodicityId === PERIODICITY.yearly ? 'Tous les deux ans' : 'Annuelle',
    });
    // Columns the file does not have keep what the record holds.
    const changed = first?.differences.map((difference) => difference.column);
    expect(changed).not.toContain('profession');
    expect(changed).not.toContain('adresse.nomVoie');
  });

  it('refuses a row naming a terminated participant of the scope with the form message and their id', async () => {
    const gone = await takeParticipant(
      ctx,
      and(await scopeOf(ctx, 'corr.etablissement'), eq(participants.active, true)),
      'active in the establishment',
    );
    await ctx.database.db
      .update(participants)
      .set({ active: false, terminationDate: '2025-01-31' })
      .where(eq(participants.id, gone.id));
    const iso = gone.birthDate;
    const twin = await ctx.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(
        and(
          eq(participants.lastName, gone.lastName),
          eq(participants.birthDate, gone.birthDate),
          eq(participants.active, true),
        ),
      );
    expect(twin).toEqual([]);
    const reply = await checked(
      ctx,
      csvOf([
        freshRow({
          Nom: gone.lastName,
          Prénom: gone.firstName,
          'Date de naissance': `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
        }),
      ]),
    );
    expect(reply.rows[0]?.errors).toContainEqual({
      column: 'nom',
      message: { key: 'messages.participant.error.doublonResilie', params: { '0': String(gone.id) } },
    });
  });

  it('applies the origin rule: a province origin with an address abroad is refused on the origin cell', async () => {
    const reply = await checked(
      ctx,
      csvOf([
        freshRow({
          Provenance: 'Province',
          Pays: 'Belgique',
          'Code postal': '1000',
          Localité: 'Bruxelles',
          'Nom de la voie': 'Rue Neuve',
        }),
        freshRow({ Provenance: 'Étranger', "Pays d'exercice": 'Belgique' }),
      ]),
    );
    expect(errorsOf(reply, 2)).toEqual([['provenance', 'errors.provenance']]);
    expect(reply.rows[1]?.status).toBe('new');
  });

  it('refuses a check-up type a correspondant may not choose, on its cell', async () => {
    const reply = await checked(ctx, csvOf([freshRow({ 'Type de bilan': 'Bilan approfondi' })]));
    expect(errorsOf(reply, 2)).toEqual([['typeBilan', 'messages.participant.error.typeBilanInterdit']]);
    expect(CHECKUP_TYPE.extended).toBeGreaterThan(0);
  });

  it('refuses a town that is not a commune of the postal code, and a value no list holds', async () => {
    const reply = await checked(
      ctx,
      csvOf([
        freshRow({ 'Code postal': '75002', Localité: 'Lyon', 'Nom de la voie': 'Rue de la Paix' }),
        freshRow({ 'Code postal': '75002', Localité: 'Paris', 'Nom de la voie': 'Rue de la Paix' }),
        freshRow({ Sexe: 'Inconnu' }),
      ]),
    );
    expect(errorsOf(reply, 2)).toEqual([['adresse.localite', 'errors.localite']]);
    expect(reply.rows[1]?.status).toBe('new');
    expect(errorsOf(reply, 4)).toEqual([['sexe', 'errors.invalid']]);
  });

  it('refuses an establishment outside the scope (or unknown) with the form message, and fills in the own establishment when empty', async () => {
    const corr = await correspondantOf(ctx, 'corr.etablissement');
    const [other] = await ctx.database.db
      .select({ id: establishments.id })
      .from(establishments)
      .where(gt(establishments.id, 0))
      .orderBy(establishments.id);
    const outside = other?.id === corr.establishmentId ? 999_999 : (other?.id ?? 999_999);
    const reply = await checked(
      ctx,
      csvOf([
        freshRow({ "N° d'établissement": String(outside) }),
        freshRow({ "N° d'établissement": '99999999999' }),
        freshRow({ "N° d'établissement": '' }),
      ]),
    );
    expect(errorsOf(reply, 2)).toEqual([['idEtablissement', 'messages.participant.error.etablissement']]);
    expect(errorsOf(reply, 3)).toEqual([['idEtablissement', 'errors.invalid']]);
    expect(reply.rows[2]?.status).toBe('new');
    // A company correspondant names the establishment: empty is the form's `required`.
    const company = await checked(ctx, csvOf([freshRow()]), 'corr.entreprise');
    expect(errorsOf(company, 2)).toEqual([['idEtablissement', 'errors.required']]);
  });

  it('reports a formula as an error on its cell', async () => {
    const headers = ['Civilité', 'Nom', 'Prénom', 'Date de naissance', 'Sexe', "Pays d'exercice"];
    const more = [
      'Type de bilan',
      'Date du prochain bilan',
      'Périodicité',
      'Pays',
      'Téléphone portable',
      'Mail',
    ];
    const row = freshRow();
    const bytes = await workbookBytes([
      [...headers, ...more],
      [...headers, ...more].map((header) =>
        header === 'Prénom' ? ({ formula: 'A1&"x"', result: 'x' } as ExcelJS.CellValue) : (row[header] ?? ''),
      ),
    ]);
    const reply = await postCheck(ctx, bytes, { fileName: 'salaries.xlsx' });
    expect(reply.statusCode, reply.body).toBe(200);
    const errors = reply.json<{ rows: { errors: { column: string; message: { key: string } }[] }[] }>()
      .rows[0]?.errors;
    expect(errors?.map((error) => [error.column, error.message.key])).toContainEqual([
      'prenom',
      IMPORT_ERRORS.formula,
    ]);
  });
});

describe('POST import: files refused as a whole', () => {
  const cases: [string, () => Promise<Uint8Array> | Uint8Array, string, string][] = [
    [
      'a PDF',
      () => new TextEncoder().encode('%PDF-1.4 binary\u0000\u0001'),
      'liste.pdf',
      IMPORT_ERRORS.notSpreadsheet,
    ],
    ['an empty file', () => new Uint8Array(), 'vide.csv', IMPORT_ERRORS.empty],
    ['a macro-enabled workbook', () => zipOf({ 'a.txt': 'x' }), 'macros.xlsm', IMPORT_ERRORS.macros],
    [
      'a zip bomb (200 MB of spaces in 200 kB)',
      () => zipOf(workbookParts(repeatedStream(new Uint8Array(1024 * 1024).fill(0x20), 200 * 1024 * 1024))),
      'bombe.xlsx',
      IMPORT_ERRORS.unsafeArchive,
    ],
    [
      'an Excel 97-2003 or encrypted workbook',
      () => Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
      'ancien.xls',
      IMPORT_ERRORS.legacyOrEncrypted,
    ],
    [
      'a workbook holding macros under an .xlsx name',
      () => zipOf({ ...workbookParts('<worksheet/>'), 'xl/vbaProject.bin': new Uint8Array([1, 2, 3]) }),
      'paie.xlsx',
      IMPORT_ERRORS.macros,
    ],
    [
      'a header without its required columns',
      () => csvOf([{ Nom: 'A', Prénom: 'B' }]),
      'court.csv',
      IMPORT_ERRORS.missingColumns,
    ],
  ];
  it.each(cases)(
    'refuses %s with 422 and its message, writing nothing',
    async (_label, bytes, fileName, key) => {
      const before = await rowCounts(ctx);
      const imports = await ctx.database.db.select({ id: participantImports.id }).from(participantImports);
      const reply = await postCheck(ctx, await bytes(), { fileName });
      expect(reply.statusCode, reply.body).toBe(422);
      expect(importRefusalReply.parse(reply.json()).importError.key).toBe(key);
      expect(await rowCounts(ctx)).toEqual(before);
      expect(
        await ctx.database.db.select({ id: participantImports.id }).from(participantImports),
      ).toHaveLength(imports.length);
    },
  );

  it('refuses 5,001 rows of the template as too many', async () => {
    const rows = Array.from({ length: 5001 }, () => freshRow());
    const reply = await postCheck(ctx, csvOf(rows));
    expect(reply.statusCode, reply.body).toBe(422);
    expect(importRefusalReply.parse(reply.json()).importError).toEqual({
      key: IMPORT_ERRORS.tooManyRows,
      params: { max: 5000 },
    });
  });

  it('refuses a body over the limit before reading it, and a file that is not base64, without a 500', async () => {
    const headers = await headersOf(ctx, 'corr.etablissement');
    const big = await ctx.app.inject({
      method: 'POST',
      url: IMPORT_URL,
      headers,
      payload: { nomFichier: 'x.csv', fichier: 'A'.repeat(15 * 1024 * 1024), langue: 'fr_FR' },
    });
    expect([400, 413]).toContain(big.statusCode);
    const garbled = await ctx.app.inject({
      method: 'POST',
      url: IMPORT_URL,
      headers,
      payload: { nomFichier: 'x.csv', fichier: '%%%not base64%%%', langue: 'fr_FR' },
    });
    expect(garbled.statusCode).toBe(400);
  });
});
