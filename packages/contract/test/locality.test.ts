import { describe, expect, it } from 'vitest';
import { POSTAL_CODE_MAX } from '../src/constants';
import { localityKey } from '../src/rules/locality';
import { postalCodeQuery } from '../src/schemas/addresses';

describe('locality names as compared with a postal code’s communes (issue 18, localityKey)', () => {
  it('ignores case', () => {
    expect(localityKey('poses')).toBe(localityKey('POSES'));
  });

  it('ignores accents', () => {
    expect(localityKey('Évreux')).toBe(localityKey('EVREUX'));
    expect(localityKey('Sainte-Foy-lès-Lyon')).toBe('STE FOY LES LYON');
  });

  it('reads hyphens, apostrophes and spaces alike', () => {
    expect(localityKey("L'Abergement-Clémenciat")).toBe(localityKey('l abergement clemenciat'));
    expect(localityKey('L’Isle-Adam')).toBe(localityKey("L'ISLE ADAM"));
    expect(localityKey('Saint-Denis   (La  Réunion)')).toBe('ST DENIS LA REUNION');
  });

  it('reads Saint and Sainte as the post’s ST and STE', () => {
    expect(localityKey('Saint-Étienne-du-Rouvray')).toBe(localityKey('ST ETIENNE DU ROUVRAY'));
    expect(localityKey('Sainte-Marie')).toBe(localityKey('STE MARIE'));
  });

  it('abbreviates Saint only as a whole word (Saintes and Toussaint keep their name)', () => {
    expect(localityKey('Saintes')).toBe('SAINTES');
    expect(localityKey('La Toussaint')).toBe('LA TOUSSAINT');
  });

  it('keeps digits, as in the names of arrondissements', () => {
    expect(localityKey('Paris 1er Arrondissement')).toBe('PARIS 1ER ARRONDISSEMENT');
    expect(localityKey('Lyon 1er Arrondissement')).not.toBe(localityKey('Lyon 2e Arrondissement'));
  });

  it('ignores spaces and punctuation around the name', () => {
    expect(localityKey('  -Poses- ')).toBe('POSES');
  });

  it('tells two different communes apart', () => {
    expect(localityKey('Poses')).not.toBe(localityKey('Altkirch'));
  });

  it('an empty name gives an empty key', () => {
    expect(localityKey('')).toBe('');
    expect(localityKey(' - ')).toBe('');
  });
});

describe('the postal code of a lookup (GET adresse/code-postal)', () => {
  it('is read without the spaces around it', () => {
    expect(postalCodeQuery.parse({ codePostal: ' 75002 ' })).toEqual({ codePostal: '75002' });
  });

  it('may not be empty or blank', () => {
    expect(postalCodeQuery.safeParse({ codePostal: '' }).success).toBe(false);
    expect(postalCodeQuery.safeParse({ codePostal: '   ' }).success).toBe(false);
  });

  it(`may hold up to ${POSTAL_CODE_MAX} characters, not one more`, () => {
    expect(postalCodeQuery.safeParse({ codePostal: '9'.repeat(POSTAL_CODE_MAX) }).success).toBe(true);
    expect(postalCodeQuery.safeParse({ codePostal: '9'.repeat(POSTAL_CODE_MAX + 1) }).success).toBe(false);
  });
});
