import { headerKey, type ImportColumnKey } from '@portail/contract/rules/participant-import';

/**
 * The example row of the template (issue 22): an invented person showing how each column is filled.
 * Enumeration columns take a label of their list, chosen when the template is written. A user who
 * leaves the row in the file does not import it: the reader recognises it and leaves it out.
 */
export const EXAMPLE_TEXT: Readonly<Record<ImportColumnKey, string>> = {
  nom: 'EXEMPLE',
  prenom: 'Camille',
  dateNaissance: '1985-04-12',
  profession: 'Comptable',
  dateProchainBilan: '2027-03-01',
  'adresse.numeroVoie': '12',
  'adresse.nomVoie': 'de la République',
  'adresse.codePostal': '75011',
  'adresse.localite': 'PARIS',
  telephonePortable: '06 12 34 56 78',
  mail: 'camille.exemple@example.com',
};

/** The example row, by its invented name and mail (which no real employee has). */
export function isTemplateExample(cells: Readonly<Record<ImportColumnKey, string>>): boolean {
  return (
    headerKey(cells.nom ?? '') === headerKey(EXAMPLE_TEXT.nom ?? '') &&
    (cells.mail ?? '').trim().toLowerCase() === EXAMPLE_TEXT.mail
  );
}
