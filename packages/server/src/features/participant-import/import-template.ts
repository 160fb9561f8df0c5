import { COUNTRY_FRANCE_ID, type Language } from '@portail/contract/constants';
import { EMPLOYEE_CATEGORY_CODE } from '@portail/contract/rules/participant';
import {
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  type ImportColumn,
  templateHeader,
  YES_NO_LABELS,
} from '@portail/contract/rules/participant-import';
import type { EnumName } from '@portail/contract/schemas/enums';
import ExcelJS from 'exceljs';
import { type ImportListItem, type ImportLists, offeredItems } from './list-items';
import { EXAMPLE_TEXT } from './template-example';

// exceljs has range data validations (`Worksheet.dataValidations`, written as one `sqref`) but its
// type declarations leave them out; this declares the one method used.
declare module 'exceljs' {
  interface Worksheet {
    readonly dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
  }
}

const SHEET_NAMES: Record<Language, { data: string; lists: string }> = {
  fr_FR: { data: 'Participants', lists: 'Listes' },
  en_EN: { data: 'Participants', lists: 'Lists' },
};

const CHOOSE: Record<Language, { title: string; text: string }> = {
  fr_FR: { title: 'Valeur de la liste', text: 'Choisissez une valeur de la liste.' },
  en_EN: { title: 'Value from the list', text: 'Choose a value from the list.' },
};

/** Excel's Text format: a postal code or a phone number typed into the cell keeps its leading zero. */
const TEXT_FORMAT = '@';
const DATE_FORMAT = 'dd/mm/yyyy';

const labelOf = (item: ImportListItem, language: Language) =>
  language === 'en_EN' ? item.labelEn : item.label;

/** Column letters of a 1-based position: 1 → A, 28 → AB. */
function letters(position: number): string {
  let rest = position;
  let text = '';
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    text = String.fromCharCode(65 + digit) + text;
    rest = Math.floor((rest - 1) / 26);
  }
  return text;
}

/** The example row's value of an enumeration column: a plausible item of its list, by code or id. */
function exampleItem(column: ImportColumn, items: readonly ImportListItem[]): ImportListItem | undefined {
  const byCode = (code: string) => items.find((item) => item.raccourci === code);
  switch (column.key) {
    case 'civilite':
      return byCode('Mme') ?? items[0];
    case 'sexe':
      return byCode('F') ?? items[0];
    case 'paysExercice':
    case 'adresse.pays':
      return items.find((item) => item.id === COUNTRY_FRANCE_ID) ?? items[0];
    case 'categorie':
      return byCode(EMPLOYEE_CATEGORY_CODE);
    case 'typeBilan':
    case 'periodicite':
      return items[0];
    default:
      // Optional lists stay empty in the example: the server or the form's default decides.
      return undefined;
  }
}

function exampleValue(column: ImportColumn, items: readonly ImportListItem[], language: Language) {
  if (column.kind === 'enum') {
    const item = exampleItem(column, items);
    return item ? labelOf(item, language) : null;
  }
  if (column.kind === 'yesNo') return YES_NO_LABELS.no[language];
  const text = EXAMPLE_TEXT[column.key];
  if (text === undefined) return null;
  // Dates are real dates in the sheet, shown in the portal's DD/MM/YYYY.
  return column.kind === 'date' ? new Date(`${text}T00:00:00Z`) : text;
}

/**
 * The template of a participant import (issue 22), in one language: the `Participants` sheet with a
 * header per column (required ones starred), an example row, widths, text and date formats, a frozen
 * header and a drop-down list on every enumeration column; the lists' labels on a hidden second sheet
 * the drop-downs refer to. `lists` are the reference lists as the caller read them; the template
 * offers their active items. Pure: same input, same workbook.
 */
export async function buildImportTemplate(language: Language, lists: ImportLists): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const names = SHEET_NAMES[language];
  const sheet = workbook.addWorksheet(names.data, { views: [{ state: 'frozen', ySplit: 1 }] });
  const listSheet = workbook.addWorksheet(names.lists, { state: 'hidden' });
  const lastRow = IMPORT_LIMITS.maxRows + 1;

  sheet.columns = IMPORT_COLUMNS.map((column) => ({
    header: templateHeader(column, language),
    key: column.key,
    width: Math.max(column.width, templateHeader(column, language).length + 2),
    style: { numFmt: column.kind === 'date' ? DATE_FORMAT : TEXT_FORMAT },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };

  const listColumns = new Map<EnumName, string>();
  const rangeOf = (list: EnumName, items: readonly ImportListItem[]) => {
    const known = listColumns.get(list);
    if (known) return known;
    const position = listColumns.size + 1;
    listSheet.getCell(1, position).value = list;
    items.forEach((item, index) => {
      listSheet.getCell(index + 2, position).value = labelOf(item, language);
    });
    const letter = letters(position);
    const range = `'${names.lists}'!$${letter}$2:$${letter}$${Math.max(items.length + 1, 2)}`;
    listColumns.set(list, range);
    return range;
  };

  const example = sheet.getRow(2);
  IMPORT_COLUMNS.forEach((column, index) => {
    const items = column.list ? offeredItems(column.list, lists) : [];
    example.getCell(index + 1).value = exampleValue(column, items, language);
    const formula = column.list
      ? rangeOf(column.list, items)
      : column.kind === 'yesNo'
        ? `"${YES_NO_LABELS.yes[language]},${YES_NO_LABELS.no[language]}"`
        : null;
    if (formula === null) return;
    const letter = letters(index + 1);
    sheet.dataValidations.add(`${letter}2:${letter}${lastRow}`, {
      type: 'list',
      allowBlank: true,
      formulae: [formula],
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: CHOOSE[language].title,
      error: CHOOSE[language].text,
    });
  });
  example.font = { italic: true, color: { argb: 'FF595959' } };

  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer);
}
