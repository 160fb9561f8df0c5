import { CORRESPONDANT_CHECKUP_TYPE_CODES } from '@portail/contract/rules/participant';
import { headerKey } from '@portail/contract/rules/participant-import';
import type { EnumItem, EnumName } from '@portail/contract/schemas/enums';

/** What the template and the reader use of an enumeration item. */
export type ImportListItem = Pick<EnumItem, 'id' | 'label' | 'labelEn' | 'raccourci' | 'actif'>;

/** The reference lists, read from the database by the caller (active and inactive items alike). */
export type ImportLists = Partial<Record<EnumName, readonly ImportListItem[]>>;

/**
 * The items a drop-down of the template offers: the active ones, and for the check-up type only the
 * four a correspondant may choose (docs/participants.md#form-rules).
 */
export function offeredItems(list: EnumName, lists: ImportLists): ImportListItem[] {
  const codes: readonly string[] = CORRESPONDANT_CHECKUP_TYPE_CODES;
  return (lists[list] ?? []).filter(
    (item) =>
      item.actif && (list !== 'typeBilan' || (item.raccourci !== null && codes.includes(item.raccourci))),
  );
}

/**
 * Finds the item a cell names, in one list: its French label, its English label or its short code,
 * compared as headers are (case, accents and spaces aside), so a file filled from the English
 * template, the French one or an HR system's codes reads alike. When two items share a spelling, the
 * active one, then the first in the list's order, wins. Built once per list for a whole file.
 */
export function listMatcher(lists: ImportLists) {
  const indexes = new Map<EnumName, Map<string, ImportListItem>>();
  const indexOf = (list: EnumName) => {
    let index = indexes.get(list);
    if (index) return index;
    index = new Map();
    const items = [...(lists[list] ?? [])].sort((a, b) => Number(b.actif) - Number(a.actif));
    for (const item of items)
      for (const text of [item.label, item.labelEn, item.raccourci]) {
        const key = text ? headerKey(text) : '';
        if (key !== '' && !index.has(key)) index.set(key, item);
      }
    indexes.set(list, index);
    return index;
  };
  return (list: EnumName, text: string): ImportListItem | undefined => indexOf(list).get(headerKey(text));
}
