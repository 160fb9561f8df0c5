import type { Coding } from '@medplum/fhirtypes';
import { portalCodeSystem } from '@portail/contract/integration/fhir';
import {
  DOCUMENT_CATEGORY_DISPLAY,
  DOCUMENT_CATEGORY_SYSTEM,
  type DocumentCategoryCode,
} from '@portail/contract/integration/fhir-documents';
import type { DbOrTx } from '../../db/client';
import { enumItems } from '../../db/schema';

export interface CodedItem {
  id: number;
  namespace: string;
  code: string | null;
  label: string;
  labelEn: string | null;
  /** Retired items still name what rows hold, but a write may not choose them (checkForm). */
  active: boolean;
}

/**
 * The portal's reference items as FHIR codes: one CodeSystem per namespace
 * (`…/CodeSystem/typeBilan`), the code being the item's short code (`TRAD`, `SAL`, `FR`) or, for the
 * lists that have none, its id; the display is the French label. The table holds a few hundred rows
 * and changes seldom: CodeBookCache keeps one book per process while it hears of every change.
 */
export class CodeBook {
  private readonly byId: Map<number, CodedItem>;
  private readonly byCode: Map<string, CodedItem>;

  constructor(items: readonly CodedItem[]) {
    this.byId = new Map(items.map((item) => [item.id, item]));
    this.byCode = new Map(items.map((item) => [`${item.namespace}|${item.code ?? item.id}`, item]));
  }

  /** Every item by id: what the participant form's check of the dropdown values reads (checkForm). */
  get items(): ReadonlyMap<number, CodedItem> {
    return this.byId;
  }

  item(id: number | null): CodedItem | null {
    return id === null ? null : (this.byId.get(id) ?? null);
  }

  /** The item's short code (or id) alone, where FHIR has its own value set (country, gender). */
  code(id: number | null): string | null {
    const item = this.item(id);
    return item ? (item.code ?? String(item.id)) : null;
  }

  coding(id: number | null): Coding | null {
    const item = this.item(id);
    if (!item) return null;
    return {
      system: portalCodeSystem(item.namespace),
      code: item.code ?? String(item.id),
      display: item.label,
    };
  }

  /** The item a code names in a namespace, or null. */
  find(namespace: string, code: string): CodedItem | null {
    return this.byCode.get(`${namespace}|${code}`) ?? null;
  }
}

export async function loadCodeBook(db: DbOrTx): Promise<CodeBook> {
  const items = await db
    .select({
      id: enumItems.id,
      namespace: enumItems.namespace,
      code: enumItems.code,
      label: enumItems.label,
      labelEn: enumItems.labelEn,
      active: enumItems.active,
    })
    .from(enumItems);
  return new CodeBook(items);
}

/**
 * A document's category (docs/documents-and-sheets.md#categories: the medical record's four lists, and the API's own codes for advice
 * sheets and data-protection documents). Not an enum_items list: the categories are fixed in the schema.
 */
export const documentCategoryCoding = (code: DocumentCategoryCode): Coding => ({
  system: DOCUMENT_CATEGORY_SYSTEM,
  code,
  display: DOCUMENT_CATEGORY_DISPLAY[code],
});
