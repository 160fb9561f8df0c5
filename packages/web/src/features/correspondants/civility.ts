import type { EnumRef } from '@portail/contract/schemas/correspondants';

/** A civility in the interface language (the French label when no English one is known). */
export function civilityLabel(civility: EnumRef | null, language: string): string {
  if (!civility) return '';
  return language === 'en_EN' && civility.labelEn ? civility.labelEn : civility.label;
}
