import { describe, expect, it } from 'vitest';
import { parseParticipantId, readListState, toListQuery, writeListState } from './list-params';

describe('participant list address', () => {
  it('leaves the defaults out: active only, first page, 15 a page, by company name', () => {
    const state = readListState(new URLSearchParams(''));
    expect(state).toEqual({
      filters: {
        activeOnly: true,
        lastName: '',
        firstName: '',
        participantId: '',
        companyId: '',
        establishmentId: '',
      },
      table: { page: 0, size: 15, sort: 'raisonSocialeEntreprise,ASC' },
    });
    expect(writeListState(state).toString()).toBe('');
  });

  it('keeps filters, page and sort, trimmed, and reads them back', () => {
    const params = writeListState({
      filters: {
        activeOnly: false,
        lastName: ' Dupont ',
        firstName: 'Léa',
        participantId: '42',
        companyId: '7',
        establishmentId: '12',
      },
      table: { page: 2, size: 20, sort: 'nom,DESC' },
    });
    expect(params.toString()).toBe(
      'actif=false&nom=Dupont&prenom=L%C3%A9a&id=42&entreprise=7&etablissement=12&page=2&size=20&sort=nom%2CDESC',
    );
    expect(toListQuery(readListState(params))).toEqual({
      page: 2,
      size: 20,
      sort: 'nom,DESC',
      actif: false,
      nom: 'Dupont',
      prenom: 'Léa',
      idParticipant: 42,
      idEntreprise: 7,
      idEtablissement: 12,
    });
  });

  it('ignores what the server would refuse: an unknown sort field, a page size not offered', () => {
    const state = readListState(new URLSearchParams('sort=motDePasse,ASC&size=500&page=-3'));
    expect(state.table).toEqual({ page: 0, size: 15, sort: 'raisonSocialeEntreprise,ASC' });
  });

  it('searches an id only when it is a whole positive number', () => {
    expect(parseParticipantId(' 12 ')).toBe(12);
    expect(parseParticipantId('')).toBeUndefined();
    expect(parseParticipantId('12a')).toBe('invalid');
    expect(parseParticipantId('0')).toBe('invalid');
    const query = toListQuery(readListState(new URLSearchParams('id=abc')));
    expect(query).not.toHaveProperty('idParticipant');
  });
});
