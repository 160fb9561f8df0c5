import { describe, expect, it } from 'vitest';
import { changedValues, holdsAlready } from '../src/features/integration/fhir-writes';

describe('what a write changes', () => {
  const stored = { profession: null as string | null, birthDate: '1980-01-02', version: 3, active: true };

  it('a value left undefined is not written; null is only the same as null', () => {
    expect(holdsAlready({ profession: null, birthDate: undefined }, stored)).toBe(true);
    expect(holdsAlready({ profession: 'null' }, stored)).toBe(false);
    expect(holdsAlready({ profession: '' }, stored)).toBe(false);
    expect(holdsAlready({ birthDate: '1980-01-02', active: true }, stored)).toBe(true);
  });

  it('names only the columns whose value differs', () => {
    expect(changedValues({ profession: 'null', birthDate: '1980-01-02', active: false }, stored)).toEqual({
      profession: 'null',
      active: false,
    });
    expect(changedValues({ profession: null, birthDate: undefined }, stored)).toEqual({});
  });
});
