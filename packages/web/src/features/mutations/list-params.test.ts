import { DEFAULT_MUTATION_SORT } from '@portail/contract/schemas/mutations';
import { describe, expect, it } from 'vitest';
import { readListState, toListQuery, writeListState } from './list-params';

const read = (search: string, directions = true) => readListState(new URLSearchParams(search), directions);

describe('transfer list address', () => {
  it('defaults to the transfers in progress, both directions, 20 a page, newest first', () => {
    expect(read('')).toEqual({
      filters: { inProgressOnly: true, incoming: false, outgoing: false },
      table: { page: 0, size: 20, sort: DEFAULT_MUTATION_SORT },
    });
    expect(toListQuery(read(''))).toEqual({ page: 0, size: 20, sort: 'date,DESC', encours: true });
  });

  it('reads back what it writes', () => {
    const state = {
      filters: { inProgressOnly: false, incoming: false, outgoing: true },
      table: { page: 2, size: 10, sort: 'date,ASC' },
    };
    expect(writeListState(state).toString()).toBe(
      'encours=false&sortantes=true&page=2&size=10&sort=date%2CASC',
    );
    expect(read(writeListState(state).toString())).toEqual(state);
    expect(toListQuery(state)).toEqual({
      page: 2,
      size: 10,
      sort: 'date,ASC',
      encours: false,
      sortantes: true,
    });
  });

  it('keeps one direction of two, none without the right to them, and drops what the server refuses', () => {
    expect(read('entrantes=true&sortantes=true').filters).toEqual({
      inProgressOnly: true,
      incoming: true,
      outgoing: false,
    });
    expect(read('entrantes=true', false).filters.incoming).toBe(false);
    expect(read('sortantes=true', false).filters.outgoing).toBe(false);
    expect(read('size=50&page=-3&sort=nom,ASC').table).toEqual({
      page: 0,
      size: 20,
      sort: DEFAULT_MUTATION_SORT,
    });
  });
});
