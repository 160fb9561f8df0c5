import { CHECKUP_SORT_FIELDS, DEFAULT_CHECKUP_SORT } from '@portail/contract/schemas/checkups';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dates';
import { defaultFilters, readCheckupState, writeCheckupState } from './list-params';

const read = (search: string) =>
  readCheckupState(new URLSearchParams(search), CHECKUP_SORT_FIELDS, DEFAULT_CHECKUP_SORT);

describe('check-up list address', () => {
  it('defaults to one year back to today, 15 a page, by first appointment', () => {
    expect(defaultFilters(dayjs('2026-03-01'))).toEqual({ dateDebut: '2025-03-01', dateFin: '2026-03-01' });
    expect(read('')).toEqual({
      filters: defaultFilters(),
      table: { page: 0, size: 15, sort: DEFAULT_CHECKUP_SORT },
    });
  });

  it('reads back what it writes', () => {
    const state = {
      filters: { dateDebut: '2024-01-01', dateFin: '2024-12-31', etatBilan: 'FACTURE' as const },
      table: { page: 2, size: 20, sort: 'nom,ASC' },
    };
    expect(read(writeCheckupState(state, DEFAULT_CHECKUP_SORT).toString())).toEqual(state);
  });

  it('ignores a hand-made range the contract refuses, and an unknown sort', () => {
    expect(read('dateDebut=2024-05-01&dateFin=2024-01-01').filters).toEqual(defaultFilters());
    expect(read('etatBilan=PERDU').filters).toEqual(defaultFilters());
    expect(read('sort=mail,ASC').table.sort).toBe(DEFAULT_CHECKUP_SORT);
  });
});
