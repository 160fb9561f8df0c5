import { IMPORT_ERRORS, IMPORT_LIMITS } from '@portail/contract/rules/participant-import';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../src/features/participant-import';
import { csvText, personRow, REQUIRED_FR, rowsOf, windows1252 } from './participant-import-fixtures';

const utf8 = (text: string) => new TextEncoder().encode(text);
const valuesOf = (headers: readonly string[], row: Record<string, string>) =>
  headers.map((header) => row[header] ?? '');

describe('a CSV file of participants', () => {
  it('is read from Windows-1252 with semicolons, accents intact, each cell under its form field', async () => {
    const headers = [...REQUIRED_FR, 'Nom de jeune fille', 'Localité', 'Code postal'];
    const text = csvText(headers, [
      valuesOf(headers, {
        ...personRow(1),
        'Nom de jeune fille': 'Lefèvre',
        Localité: 'Évry-Courcouronnes',
        'Code postal': '91000',
      }),
    ]);
    const result = await readSpreadsheet(windows1252(text), 'salariés.csv');
    const [row] = rowsOf(result);
    expect(row?.line).toBe(2);
    expect(row?.cells).toMatchObject({
      prenom: 'Élodie',
      nomJeuneFille: 'Lefèvre',
      'adresse.localite': 'Évry-Courcouronnes',
      'adresse.pays': 'France',
      dateNaissance: '1985-04-12',
      dateProchainBilan: '2027-03-01',
      telephonePortable: '06 12 34 56 78',
    });
    expect(result.ok && result.format).toBe('csv');
  });

  it('is read from UTF-8 with a byte-order mark and commas, English headers in another order', async () => {
    const headers = [
      'E-mail',
      'LAST NAME',
      'first name',
      'Title',
      'Date of birth',
      'Sex',
      'Country of work',
      'Check-up type',
      'Next check-up date',
      'Frequency',
      'Country',
      'Mobile phone',
    ];
    const values = [
      'zoe@example.com',
      "O'Brien, Jr",
      'Zoë',
      'Mrs',
      '1990-07-01',
      'Female',
      'Belgium',
      'Traditional check-up',
      '2027-01-15',
      'Yearly',
      'Belgium',
      '+32 470 12 34 56',
    ];
    const bytes = utf8(`\uFEFF${csvText(headers, [values], ',')}`);
    const [row] = rowsOf(await readSpreadsheet(bytes, 'export.CSV'));
    expect(row?.cells).toMatchObject({
      mail: 'zoe@example.com',
      nom: "O'Brien, Jr",
      prenom: 'Zoë',
      civilite: 'Mrs',
      'adresse.pays': 'Belgium',
    });
    // The BOM does not stick to the first header: the mail column is recognised.
    expect(row?.cells.mail).toBe('zoe@example.com');
  });

  it('refuses a cell starting with = on that cell, and keeps +33 mobiles, - and @ as data', async () => {
    const headers = [...REQUIRED_FR, 'Informations complémentaires'];
    const rows = [
      valuesOf(headers, {
        ...personRow(1),
        'Téléphone portable': '+33612345678',
        'Informations complémentaires': '=HYPERLINK("http://x")',
      }),
      valuesOf(headers, { ...personRow(2), 'Informations complémentaires': '-@ note' }),
    ];
    const [first, second] = rowsOf(await readSpreadsheet(utf8(csvText(headers, rows)), 'f.csv'));
    expect(first?.cells.telephonePortable).toBe('+33612345678');
    expect(first?.problems).toEqual([
      { column: 'info4', message: { key: IMPORT_ERRORS.formula, params: {} } },
    ]);
    expect(second?.problems).toEqual([]);
    expect(second?.cells.info4).toBe('-@ note');
  });

  it('gives back the zero Excel dropped from a postal code and a mobile, in France only', async () => {
    const headers = [...REQUIRED_FR, 'Code postal'];
    const rows = [
      valuesOf(headers, { ...personRow(1), 'Code postal': '1000', 'Téléphone portable': '612345678' }),
      valuesOf(headers, { ...personRow(2), 'Code postal': '1000', Pays: 'Belgique' }),
    ];
    const [france, belgium] = rowsOf(await readSpreadsheet(utf8(csvText(headers, rows)), 'f.csv'));
    expect(france?.cells['adresse.codePostal']).toBe('01000');
    expect(france?.cells.telephonePortable).toBe('0612345678');
    expect(belgium?.cells['adresse.codePostal']).toBe('1000');
  });

  it('skips empty lines and keeps each row on its line of the file', async () => {
    const headers = REQUIRED_FR;
    const text = [
      '',
      csvText(headers, []),
      valuesOf(headers, personRow(1)).join(';'),
      ';;;;',
      '',
      valuesOf(headers, { ...personRow(2), Nom: '"Deux\nlignes"' }).join(';'),
    ].join('\n');
    const rows = rowsOf(await readSpreadsheet(utf8(text), 'f.csv'));
    expect(rows.map((row) => row.line)).toEqual([3, 6]);
    expect(rows[1]?.cells.nom).toBe('Deux\nlignes');
  });

  it('refuses a file missing a required column, naming it in the reader’s language', async () => {
    const headers = REQUIRED_FR.filter((header) => header !== 'Téléphone portable' && header !== 'Sexe');
    const bytes = utf8(csvText(headers, [valuesOf(headers, personRow(1))]));
    expect(await readSpreadsheet(bytes, 'f.csv', { language: 'en_EN' })).toEqual({
      ok: false,
      error: { key: IMPORT_ERRORS.missingColumns, params: { columns: 'Sex, Mobile phone' } },
    });
  });

  it('reports an unknown column without reading it, and refuses a column given twice', async () => {
    const headers = [...REQUIRED_FR, 'Matricule RH'];
    const result = await readSpreadsheet(
      utf8(csvText(headers, [valuesOf(headers, { ...personRow(1), 'Matricule RH': 'A12' })])),
      'f.csv',
    );
    expect(result.ok && result.unknownColumns).toEqual([
      {
        header: 'Matricule RH',
        position: headers.length,
        message: { key: IMPORT_ERRORS.unknownColumn, params: { header: 'Matricule RH' } },
      },
    ]);
    expect(rowsOf(result)[0]?.cells).not.toHaveProperty('Matricule RH');

    const twice = [...REQUIRED_FR, 'E-MAIL'];
    expect(await readSpreadsheet(utf8(csvText(twice, [valuesOf(twice, personRow(1))])), 'f.csv')).toEqual({
      ok: false,
      error: { key: IMPORT_ERRORS.duplicateColumn, params: { header: 'E-MAIL' } },
    });
  });

  it('refuses a file with headers and no participant', async () => {
    expect(await readSpreadsheet(utf8(`${csvText(REQUIRED_FR, [])}\n;;;\n`), 'f.csv')).toEqual({
      ok: false,
      error: { key: IMPORT_ERRORS.noDataRow, params: {} },
    });
  });

  it('reads 5,000 rows well within the ten seconds of a check', async () => {
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows }, (_, n) => valuesOf(REQUIRED_FR, personRow(n)));
    const bytes = utf8(csvText(REQUIRED_FR, rows));
    const start = performance.now();
    const read = rowsOf(await readSpreadsheet(bytes, 'f.csv'));
    const elapsed = performance.now() - start;
    console.info(`5,000-row CSV (${bytes.byteLength} bytes) read in ${elapsed.toFixed(0)} ms`);
    expect(read).toHaveLength(5000);
    expect(read[4999]?.line).toBe(5001);
    expect(elapsed).toBeLessThan(3000);
  });

  it('refuses 100,000 rows at once, without reading them all', async () => {
    // Short values keep the file under the 10 MB limit, so the row limit is what refuses it.
    const line = 'Mme;A;B;1/1/1990;F;FR;TRAD;1/1/2027;12M;FR;0612345678;a@b.fr';
    const bytes = utf8(`${csvText(REQUIRED_FR, [])}\n${`${line}\n`.repeat(100_000)}`);
    expect(bytes.byteLength).toBeLessThan(IMPORT_LIMITS.maxBytes);
    const start = performance.now();
    const result = await readSpreadsheet(bytes, 'f.csv');
    const elapsed = performance.now() - start;
    console.info(`100,000-row CSV (${bytes.byteLength} bytes) refused in ${elapsed.toFixed(0)} ms`);
    expect(result).toEqual({ ok: false, error: { key: IMPORT_ERRORS.tooManyRows, params: { max: 5000 } } });
    expect(elapsed).toBeLessThan(2000);
  });

  it('refuses a file over 10 MB before reading it', async () => {
    const bytes = new Uint8Array(IMPORT_LIMITS.maxBytes + 1).fill(0x41);
    expect(await readSpreadsheet(bytes, 'f.csv')).toEqual({
      ok: false,
      error: { key: IMPORT_ERRORS.tooLarge, params: { maxMb: 10 } },
    });
  });

  it('refuses one row more than the limit, and accepts exactly the limit', async () => {
    const limits = { ...IMPORT_LIMITS, maxRows: 3 };
    const file = (count: number) =>
      utf8(
        csvText(
          REQUIRED_FR,
          Array.from({ length: count }, (_, n) => valuesOf(REQUIRED_FR, personRow(n))),
        ),
      );
    expect(rowsOf(await readSpreadsheet(file(3), 'f.csv', { limits }))).toHaveLength(3);
    expect(await readSpreadsheet(file(4), 'f.csv', { limits })).toEqual({
      ok: false,
      error: { key: IMPORT_ERRORS.tooManyRows, params: { max: 3 } },
    });
  });
});
