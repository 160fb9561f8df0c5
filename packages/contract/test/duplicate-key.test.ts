import { describe, expect, it } from 'vitest';
import { duplicateKey } from '../src/rules/participant';

const claire = { lastName: 'Dupont', firstName: 'Claire', birthDate: '1980-05-17' };
const same = (a: typeof claire, b: typeof claire) => duplicateKey(a) === duplicateKey(b);

describe('the duplicate rule: two participants are the same person (duplicateKey)', () => {
  it('when last name, first name and birth date are equal', () => {
    expect(same(claire, { ...claire })).toBe(true);
  });

  it('whatever the case and accents of the last name', () => {
    expect(same({ ...claire, lastName: 'Lefèvre' }, { ...claire, lastName: 'LEFEVRE' })).toBe(true);
  });

  it('whatever the spaces around and inside the last name', () => {
    expect(same({ ...claire, lastName: 'de la Tour' }, { ...claire, lastName: '  DE  LA TOUR ' })).toBe(true);
  });

  it('whatever the case, accents, hyphens and spaces of the first name', () => {
    expect(same({ ...claire, firstName: 'Marie-Hélène' }, { ...claire, firstName: 'marie  helene' })).toBe(
      true,
    );
  });

  it('but not when the birth dates differ, even by one day', () => {
    expect(same(claire, { ...claire, birthDate: '1980-05-18' })).toBe(false);
  });

  it('but not when the first names differ', () => {
    expect(same(claire, { ...claire, firstName: 'Claire-Marie' })).toBe(false);
  });

  it('but not when the last names differ', () => {
    expect(same(claire, { ...claire, lastName: 'Dupond' })).toBe(false);
  });

  it('but not when a hyphen of the last name becomes a space (last names keep their hyphens)', () => {
    expect(same({ ...claire, lastName: 'Dupont-Martin' }, { ...claire, lastName: 'Dupont Martin' })).toBe(
      false,
    );
  });

  it('and not when first and last names are swapped', () => {
    expect(same(claire, { ...claire, lastName: 'Claire', firstName: 'Dupont' })).toBe(false);
  });
});
