import { describe, expect, it } from 'vitest';
import { cellDisplay } from './import-texts';

describe('a cell as the import grid shows it', () => {
  it('writes a date the reader understood as the portal writes dates', () => {
    expect(cellDisplay('dateNaissance', '1985-06-15')).toBe('15/06/1985');
    expect(cellDisplay('dateProchainBilan', '2027-03-01')).toBe('01/03/2027');
  });

  it('leaves a date it could not read, and every other column, as the file has it', () => {
    expect(cellDisplay('dateNaissance', '31/02/1985')).toBe('31/02/1985');
    expect(cellDisplay('dateNaissance', '')).toBe('');
    expect(cellDisplay('nom', '1985-06-15')).toBe('1985-06-15');
    expect(cellDisplay('adresse.codePostal', '01000')).toBe('01000');
  });
});
