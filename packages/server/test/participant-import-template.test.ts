import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_COLUMNS, IMPORT_LIMITS, templateHeader } from '@portail/contract/rules/participant-import';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildImportTemplate,
  type ImportRow,
  listMatcher,
  readSpreadsheet,
} from '../src/features/participant-import';
import { filled, french, LISTS, load, position, rowsOf } from './participant-import-fixtures';

describe('the import template', () => {
  it.each([
    ['fr_FR', 'Listes', 'Belgique'],
    ['en_EN', 'Lists', 'Belgium'],
  ] as const)(
    'in %s has its columns, an example row, a frozen header and hidden lists',
    async (language, lists, belgium) => {
      const workbook = await load(await buildImportTemplate(language, LISTS));
      expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
        ['Participants', 'visible'],
        [lists, 'hidden'],
      ]);
      const [sheet, listSheet] = workbook.worksheets;
      if (!sheet || !listSheet) throw new Error('sheets');
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        ...IMPORT_COLUMNS.map((column) => templateHeader(column, language)),
      ]);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getCell(2, position('nom')).value).toBe('EXEMPLE');
      expect(sheet.getCell(2, position('dateNaissance')).value).toEqual(new Date(Date.UTC(1985, 3, 12)));
      expect(sheet.getColumn(position('adresse.codePostal')).numFmt).toBe('@');
      expect(sheet.getColumn(position('telephonePortable')).numFmt).toBe('@');
      expect(sheet.getColumn(position('dateNaissance')).numFmt).toBe('dd/mm/yyyy');
      // The country list: labels in the template's language, inactive items left out.
      const listOf = (list: string) => {
        const column =
          IMPORT_COLUMNS.findIndex((_, index) => listSheet.getCell(1, index + 1).value === list) + 1;
        return listSheet.getColumn(column).values.slice(2);
      };
      const countries = listOf('pays');
      expect(countries).toEqual(['France', belgium, language === 'fr_FR' ? 'Suisse' : 'Switzerland']);
      const checkupTypes = listOf('typeBilan');
      expect(checkupTypes).toHaveLength(4);
    },
  );

  it('offers a drop-down on every enumeration column and the yes/no column, down to the row limit', async () => {
    const workbook = await load(await buildImportTemplate('fr_FR', LISTS));
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('sheet');
    for (const column of IMPORT_COLUMNS) {
      const last = sheet.getCell(IMPORT_LIMITS.maxRows + 1, position(column.key)).dataValidation;
      if (column.kind === 'enum' || column.kind === 'yesNo') {
        expect(last, column.key).toMatchObject({ type: 'list', allowBlank: true });
        expect(String(last.formulae[0]), column.key).toMatch(
          column.list ? /^'Listes'!\$[A-Z]+\$2:\$[A-Z]+\$\d+$/ : /^"Oui,Non"$/,
        );
      } else expect(last, column.key).toBeUndefined();
    }
  });

  it('comes back filled: the example is left out, each row on its line, every drop-down value mapped to its item', async () => {
    const bytes = await filled(await buildImportTemplate('fr_FR', LISTS), 20, french);
    const result = await readSpreadsheet(bytes, 'modele-rempli.xlsx');
    const rows = rowsOf(result);
    expect(result.ok && result.skippedExampleLines).toEqual([2]);
    expect(result.ok && result.unknownColumns).toEqual([]);
    expect(rows.map((row) => row.line)).toEqual(Array.from({ length: 20 }, (_, n) => n + 3));
    expect(rows[0]?.cells).toMatchObject({
      nom: 'Martin0',
      dateNaissance: '1990-01-01',
      dateProchainBilan: '2027-09-15',
      'adresse.codePostal': '01000',
      telephonePortable: '06 12 34 56 78',
      'contact.nom': '',
    });
    const match = listMatcher(LISTS);
    const ids = (row: ImportRow | undefined) =>
      IMPORT_COLUMNS.flatMap((column) => {
        const text = row?.cells[column.key] ?? '';
        return column.list && text !== '' ? [[column.key, match(column.list, text)?.id]] : [];
      });
    expect(ids(rows[0])).toEqual([
      ['civilite', 1],
      ['sexe', 10],
      ['paysExercice', 716],
      ['typeBilan', 41],
      ['periodicite', 50],
      ['adresse.pays', 716],
    ]);
    expect(ids(rows[1]).slice(0, 2)).toEqual([
      ['civilite', 2],
      ['sexe', 11],
    ]);
  });

  it('comes back filled from the English template, read with the English headers', async () => {
    const bytes = await filled(await buildImportTemplate('en_EN', LISTS), 1, (n) => ({
      ...french(n),
      typeBilan: 'Expatriate check-up',
    }));
    const result = await readSpreadsheet(bytes, 'template.xlsx');
    expect(result.ok && result.columns.find((column) => column.key === 'dateNaissance')?.header).toBe(
      'Date of birth *',
    );
    expect(listMatcher(LISTS)('typeBilan', rowsOf(result)[0]?.cells.typeBilan ?? '')?.id).toBe(41);
  });

  it('reads 5,000 filled rows of the template, drop-downs and all, within the budget', async () => {
    const bytes = await filled(await buildImportTemplate('fr_FR', LISTS), IMPORT_LIMITS.maxRows, french);
    const start = performance.now();
    const rows = rowsOf(await readSpreadsheet(bytes, 'modele.xlsx'));
    const elapsed = performance.now() - start;
    console.info(`5,000-row filled template (${bytes.byteLength} bytes) read in ${elapsed.toFixed(0)} ms`);
    expect(rows).toHaveLength(5000);
    expect(elapsed).toBeLessThan(5000);
  });
});

/** A Python that has openpyxl (Debian's python3-openpyxl lands in /usr/bin/python3, not in a pyenv). */
const python = ['/usr/bin/python3', 'python3'].find(
  (command) => spawnSync(command, ['-c', 'import openpyxl'], { stdio: 'ignore' }).status === 0,
);

describe.skipIf(!python)(
  'the import template opened by openpyxl (another program than the one that wrote it)',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-template-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('has its sheets, frozen header, example row and drop-down lists', async () => {
      const file = join(dir, 'modele.xlsx');
      writeFileSync(file, await buildImportTemplate('fr_FR', LISTS));
      const script = `
import json, sys, openpyxl
book = openpyxl.load_workbook(sys.argv[1])
sheet = book.worksheets[0]
print(json.dumps({
  "sheets": [[s.title, s.sheet_state] for s in book.worksheets],
  "freeze": sheet.freeze_panes,
  "header": [c.value for c in sheet[1]],
  "example": sheet.cell(row=2, column=2).value,
  "validations": [[str(v.sqref), v.type, v.formula1] for v in sheet.data_validations.dataValidation],
}))`;
      const seen = JSON.parse(execFileSync(python ?? 'python3', ['-c', script, file], { encoding: 'utf8' }));
      expect(seen.sheets).toEqual([
        ['Participants', 'visible'],
        ['Listes', 'hidden'],
      ]);
      expect(seen.freeze).toBe('A2');
      expect(seen.header).toEqual(IMPORT_COLUMNS.map((column) => templateHeader(column, 'fr_FR')));
      expect(seen.example).toBe('EXEMPLE');
      const listColumns = IMPORT_COLUMNS.filter(
        (column) => column.kind === 'enum' || column.kind === 'yesNo',
      );
      expect(seen.validations).toHaveLength(listColumns.length);
      for (const [sqref, type, formula] of seen.validations) {
        expect(type).toBe('list');
        expect(sqref).toMatch(/^[A-Z]+2:[A-Z]+5001$/);
        expect(formula).toMatch(/^('Listes'!\$[A-Z]+\$2:\$[A-Z]+\$\d+|"Oui,Non")$/);
      }
    });
  },
);
