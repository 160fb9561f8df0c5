/** Spreadsheets for the participant import specs (issue 22), as a correspondant's program saves them. */

const HEADERS = [
  'Civilité',
  'Nom',
  'Prénom',
  'Date de naissance',
  'Sexe',
  'Profession',
  "Pays d'exercice",
  'Type de bilan',
  'Date du prochain bilan',
  'Périodicité',
  'Numéro de voie',
  'Nom de la voie',
  'Code postal',
  'Localité',
  'Pays',
  'Téléphone portable',
  'Mail',
];

export interface Person {
  nom: string;
  prenom: string;
  /** DD/MM/YYYY, as a French user types it. */
  naissance?: string;
  profession?: string;
  mail?: string;
  /** The establishment number: a column of the file only when someone has one. */
  etablissement?: string;
}

/** One CSV line per person, as a correspondant's spreadsheet program saves it (semicolons, UTF-8). */
export function csvOf(people: readonly Person[]): Buffer {
  const establishment = people.some((person) => person.etablissement !== undefined);
  const headers = establishment ? [...HEADERS, "N° d'établissement"] : HEADERS;
  const line = (person: Person) =>
    [
      'Madame',
      person.nom,
      person.prenom,
      person.naissance ?? '15/06/1985',
      'Féminin',
      person.profession ?? 'Comptable',
      'France',
      'Bilan traditionnel',
      '01/06/2027',
      'Annuelle',
      '10',
      'rue de Rivoli',
      '75001',
      'Paris',
      'France',
      '06 12 34 56 78',
      person.mail ??
        `${person.prenom}.${person.nom}@example.com`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
      ...(establishment ? [person.etablissement ?? ''] : []),
    ].join(';');
  return Buffer.from(`${[headers.join(';'), ...people.map(line)].join('\r\n')}\r\n`, 'utf8');
}
