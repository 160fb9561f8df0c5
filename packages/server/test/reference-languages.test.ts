import { describe, expect, it } from 'vitest';
import {
  ADVICE_SHEETS,
  APPOINTMENT_STATUSES,
  DOCUMENT_TYPE_SEEDS,
  LEGAL_TREE,
  VISIT_STATES,
  VISIT_TEMPLATES,
} from '../src/demo/catalogue';
import { ENUM_SEEDS } from '../src/demo/reference';

/**
 * Issue 18, "English is English": every piece of reference data the portal shows (rows of the
 * database, so stored and served in both languages, the web picking the interface's) has its French
 * and its English label, and the English one is a translation, not the French copied.
 */
const pairs: readonly (readonly [string, string, string])[] = [
  ...VISIT_TEMPLATES.map((v) => ['visit type', v.label, v.labelEn] as const),
  ...Object.values(VISIT_STATES).map((s) => ['visit state', s.label, s.labelEn] as const),
  ...Object.values(APPOINTMENT_STATUSES).map((s) => ['appointment status', s.label, s.labelEn] as const),
  ...ADVICE_SHEETS.map(([fr, en]) => ['advice sheet', fr, en] as const),
  ...DOCUMENT_TYPE_SEEDS.map((t) => ['document type', t.label, t.labelEn] as const),
  ...LEGAL_TREE.flatMap((folder) => [
    ['legal folder', folder.label, folder.labelEn] as const,
    ...folder.documents.map(([fr, en]) => ['legal document', fr, en] as const),
  ]),
  // Country names are often the same in both languages (Canada, Japon/Japan differ, Portugal does not).
  ...ENUM_SEEDS.filter((item) => item.namespace !== 'pays').map(
    (item) => [`enum ${item.namespace}`, item.label, item.labelEn] as const,
  ),
];

/** Words English shares with French: their English label is rightly the same. */
const SAME_IN_BOTH = new Set(['Province', 'Avenue', 'Boulevard']);

describe('reference data in both languages', () => {
  it('covers every kind the participant screens show', () => {
    const kinds = new Set(pairs.map(([kind]) => kind.split(' ')[0]));
    for (const kind of ['visit', 'appointment', 'advice', 'document', 'enum']) expect(kinds).toContain(kind);
  });

  it.each(pairs)('%s “%s” has an English label of its own', (_kind, french, english) => {
    expect(french.trim()).not.toBe('');
    expect(english.trim()).not.toBe('');
    if (!SAME_IN_BOTH.has(french)) expect(english).not.toBe(french);
  });

  it('gives every country an English name', () => {
    for (const item of ENUM_SEEDS.filter((seed) => seed.namespace === 'pays'))
      expect(item.labelEn.trim(), item.label).not.toBe('');
  });
});
