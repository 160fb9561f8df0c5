import { describe, expect, it } from 'vitest';
import { normaliseFirstName, normaliseLastName, stripAccents } from '../src/rules/participant';

describe('accents (stripAccents)', () => {
  it('removes the accents of French letters and keeps their case', () => {
    expect(stripAccents('Élodie Hélène Françoise Noël Maïté Gaëlle')).toBe(
      'Elodie Helene Francoise Noel Maite Gaelle',
    );
  });

  it('removes accents typed as separate combining marks', () => {
    expect(stripAccents('E\u0301lodie')).toBe('Elodie');
  });

  it('keeps letters that are not an accented letter, such as Ø and the ligature Œ', () => {
    expect(stripAccents('Ørsted Œuvray')).toBe('Ørsted Œuvray');
  });

  it('keeps spaces, hyphens and apostrophes', () => {
    expect(stripAccents(" Jean-Éric d’Aubigné l'Hôte ")).toBe(" Jean-Eric d’Aubigne l'Hote ");
  });
});

describe('the stored last name (docs/participants.md#form-rules, normaliseLastName)', () => {
  it('is upper case without accents', () => {
    expect(normaliseLastName('Lefèvre')).toBe('LEFEVRE');
    expect(normaliseLastName('de Sévigné')).toBe('DE SEVIGNE');
  });

  it('has no spaces around it and single spaces inside', () => {
    expect(normaliseLastName('  de   la \t Tour  ')).toBe('DE LA TOUR');
  });

  it('keeps hyphens and apostrophes as typed', () => {
    expect(normaliseLastName("Dupont-Martin d'Artagnan")).toBe("DUPONT-MARTIN D'ARTAGNAN");
  });

  it('is the same whether typed with or without accents, in any case', () => {
    expect(normaliseLastName('ÉMERY')).toBe(normaliseLastName('emery'));
    expect(normaliseLastName('Émery')).toBe(normaliseLastName('EMERY'));
  });

  it('is already normalised once stored (normalising twice changes nothing)', () => {
    const stored = normaliseLastName(' Saint-Exupéry  de   Lœuvre ');
    expect(normaliseLastName(stored)).toBe(stored);
  });

  it('an empty or blank name stays empty', () => {
    expect(normaliseLastName('')).toBe('');
    expect(normaliseLastName('   ')).toBe('');
  });
});

describe('first names as compared for duplicates (normaliseFirstName)', () => {
  it('ignores case and accents', () => {
    expect(normaliseFirstName('Hélène')).toBe(normaliseFirstName('HELENE'));
    expect(normaliseFirstName('hélène')).toBe('HELENE');
  });

  it('reads a hyphen, an apostrophe or spaces between two names alike', () => {
    const key = normaliseFirstName('Jean Pierre');
    for (const typed of ['Jean-Pierre', 'jean   pierre', 'Jean - Pierre', "Jean'Pierre", 'Jean’Pierre'])
      expect(normaliseFirstName(typed), typed).toBe(key);
  });

  it('ignores spaces and hyphens around the name', () => {
    expect(normaliseFirstName('  -Zoé-  ')).toBe('ZOE');
  });

  it('still tells two names written together from two names apart (Jeanpierre is not Jean-Pierre)', () => {
    expect(normaliseFirstName('Jeanpierre')).not.toBe(normaliseFirstName('Jean-Pierre'));
  });

  it('an empty or blank first name stays empty', () => {
    expect(normaliseFirstName('')).toBe('');
    expect(normaliseFirstName(' - ')).toBe('');
  });
});
