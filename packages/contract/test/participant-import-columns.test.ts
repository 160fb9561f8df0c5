import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  columnOfHeader,
  headerKey,
  IMPORT_COLUMNS,
  parseYesNo,
  templateHeader,
} from '../src/rules/participant-import';
import { participantCreate } from '../src/schemas/participants';

/** Every field path of an object schema: `adresse.codePostal` for a nested one. */
function fieldPaths(shape: Record<string, z.ZodType>, prefix = ''): string[] {
  return Object.entries(shape).flatMap(([name, schema]) =>
    schema instanceof z.ZodObject ? fieldPaths(schema.shape, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

describe('the columns of a participant import', () => {
  it('are exactly the fields of the creation form, keyed by their field path', () => {
    expect(IMPORT_COLUMNS.map((column) => column.key).sort()).toEqual(
      fieldPaths(participantCreate.shape).sort(),
    );
  });

  it('require what the form requires (docs/participants.md#form-rules)', () => {
    expect(IMPORT_COLUMNS.filter((column) => column.required).map((column) => column.key)).toEqual([
      'civilite',
      'nom',
      'prenom',
      'dateNaissance',
      'sexe',
      'paysExercice',
      'typeBilan',
      'dateProchainBilan',
      'periodicite',
      'adresse.pays',
      'telephonePortable',
      'mail',
    ]);
  });

  it('name a reference list exactly for the drop-down columns', () => {
    for (const column of IMPORT_COLUMNS) expect(column.kind === 'enum').toBe(column.list !== undefined);
  });

  it('have headers no other column shares, in either language or as a key', () => {
    const spellings = IMPORT_COLUMNS.flatMap((column) =>
      [...new Set([column.header.fr_FR, column.header.en_EN, column.key].map(headerKey))].map((key) => ({
        key,
        column: column.key,
      })),
    );
    const clashes = spellings.filter(
      (one, index) => spellings.findIndex((other) => other.key === one.key) !== index,
    );
    expect(clashes).toEqual([]);
  });

  it.each([
    ['DATE DE NAISSANCE', 'dateNaissance'],
    ['date de naissance *', 'dateNaissance'],
    ['  Date  of birth ', 'dateNaissance'],
    ['Pays d’exercice', 'paysExercice'],
    ['PERIODICITE', 'periodicite'],
    ['e-mail', 'mail'],
    ['Email', 'mail'],
    ['adresse.codePostal', 'adresse.codePostal'],
    ["Contact's e-mail", 'contact.mail'],
  ])('recognise the header %j as %s', (header, key) => {
    expect(columnOfHeader(header)?.key).toBe(key);
  });

  it('read the template’s own headers back in both languages', () => {
    for (const column of IMPORT_COLUMNS)
      for (const language of ['fr_FR', 'en_EN'] as const)
        expect(columnOfHeader(templateHeader(column, language))?.key).toBe(column.key);
  });

  it('do not recognise a header the template does not have', () => {
    expect(columnOfHeader('Matricule')).toBeUndefined();
    expect(columnOfHeader('')).toBeUndefined();
  });

  it.each([
    ['Oui', true],
    ['YES', true],
    ['vrai', true],
    ['Non', false],
    ['no', false],
    ['', false],
    ['peut-être', null],
  ])('read the yes/no cell %j as %s', (text, value) => {
    expect(parseYesNo(text)).toBe(value);
  });
});
