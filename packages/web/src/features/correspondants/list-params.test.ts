import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  parseEstablishmentId,
  readListState,
  toListQuery,
  writeListState,
} from './list-params';

describe('directory list parameters', () => {
  it('reads the defaults from an empty address: 15 a page, by name', () => {
    const state = readListState(new URLSearchParams());
    expect(state).toEqual({ filters: DEFAULT_FILTERS, table: { page: 0, size: 15, sort: 'nom,ASC' } });
    expect(writeListState(state).toString()).toBe('');
  });

  it('keeps the search and the page in the address, trimmed, and reads them back', () => {
    const params = writeListState({
      filters: {
        lastName: '  Durand ',
        firstName: '',
        establishmentId: ' 12 ',
        businessName: 'Siège',
        companySearch: true,
      },
      table: { page: 2, size: 20, sort: 'entreprise,DESC' },
    });
    expect(params.toString()).toBe(
      'nom=Durand&idEtablissement=12&raisonSociale=Si%C3%A8ge&rechercheEntreprise=true&page=2&size=20&sort=entreprise%2CDESC',
    );
    const state = readListState(params);
    expect(toListQuery(state)).toEqual({
      page: 2,
      size: 20,
      sort: 'entreprise,DESC',
      nom: 'Durand',
      idEtablissement: 12,
      raisonSociale: 'Siège',
      rechercheEntreprise: true,
    });
  });

  it('ignores a sort the server does not know, an odd page size and an unreadable establishment id', () => {
    const state = readListState(new URLSearchParams('sort=mail,ASC&size=13&idEtablissement=abc'));
    expect(state.table).toEqual({ page: 0, size: 15, sort: 'nom,ASC' });
    expect(toListQuery(state)).toEqual({ page: 0, size: 15, sort: 'nom,ASC' });
    expect(parseEstablishmentId('abc')).toBe('invalid');
    expect(parseEstablishmentId('0')).toBe('invalid');
    expect(parseEstablishmentId(' 7 ')).toBe(7);
    expect(parseEstablishmentId('  ')).toBeUndefined();
  });

  it('sends the company flag only with a business name to search', () => {
    const state = { filters: { ...DEFAULT_FILTERS, companySearch: true }, table: { page: 0, size: 15 } };
    expect(toListQuery(state)).not.toHaveProperty('rechercheEntreprise');
  });
});
