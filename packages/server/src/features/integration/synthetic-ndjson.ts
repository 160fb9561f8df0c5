import { portalCodeSystem, SIRET_SYSTEM } from '@portail/contract/integration/fhir';
import type { Config } from '../../config';
import { PATIENT_EXTENSIONS as ext } from './patient-extensions';

/**
 * A synthetic initial-load file for tests and the bench (`npm run integration -- sample`): one company,
 * N establishments under it, then M participants spread over them, one resource a line, each named by
 * the centre's identifier and referring to its organisation by it. Addresses are real French postal
 * codes with one of their communes (the portal checks the pair); names and dates are drawn from a
 * seeded sequence, so a file is the same every time for the same sizes.
 */

const TOWNS: readonly (readonly [string, string, string])[] = [
  ['33000', 'Bordeaux', 'rue Sainte-Catherine'],
  ['69003', 'Lyon', 'rue Paul Bert'],
  ['31000', 'Toulouse', 'rue d’Alsace-Lorraine'],
  ['44000', 'Nantes', 'rue Crébillon'],
  ['67000', 'Strasbourg', 'rue des Hallebardes'],
  ['59000', 'Lille', 'rue Esquermoise'],
  ['35000', 'Rennes', 'rue Saint-Georges'],
  ['34000', 'Montpellier', 'rue de la Loge'],
  ['06000', 'Nice', 'rue Masséna'],
  ['21000', 'Dijon', 'rue de la Liberté'],
];
const LAST = [
  'MARTIN',
  'BERNARD',
  'DUBOIS',
  'THOMAS',
  'ROBERT',
  'RICHARD',
  'PETIT',
  'DURAND',
  'LEROY',
  'MOREAU',
];
const FIRST = ['Léa', 'Hugo', 'Chloé', 'Louis', 'Emma', 'Jules', 'Manon', 'Gabriel', 'Inès', 'Arthur'];

export interface SampleSizes {
  establishments: number;
  participants: number;
  /** Distinguishes the identifiers of two files loaded into one database. */
  prefix?: string;
}

/** A small linear congruential sequence: the same file for the same sizes, without a dependency. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

const level = (code: string) => [{ coding: [{ system: portalCodeSystem('organisation-level'), code }] }];

/** The file's lines, without their newline. */
export function* sampleLines(config: Pick<Config, 'centreIdSystems'>, sizes: SampleSizes): Generator<string> {
  const orgSystem = config.centreIdSystems.organization;
  const patientSystem = config.centreIdSystems.patient;
  const prefix = sizes.prefix ?? 'S';
  const next = sequence(19);
  const company = `${prefix}-C1`;
  yield JSON.stringify({
    resourceType: 'Organization',
    type: level('ENTREPRISE'),
    name: `Entreprise ${prefix}`,
    identifier: [{ system: orgSystem, value: company }],
  });
  for (let e = 1; e <= sizes.establishments; e++) {
    const [postalCode, city, street] = TOWNS[e % TOWNS.length] ?? TOWNS[0] ?? ['33000', 'Bordeaux', 'rue'];
    yield JSON.stringify({
      resourceType: 'Organization',
      type: level('ETABLISSEMENT'),
      name: `Établissement ${prefix} ${e}`,
      identifier: [
        { system: orgSystem, value: `${prefix}-E${e}` },
        { system: SIRET_SYSTEM, value: String(10_000_000_000_000 + e).padStart(14, '0') },
      ],
      address: [{ line: [`${1 + (e % 90)} ${street}`], postalCode, city, country: 'FR' }],
      partOf: { reference: `Organization?identifier=${orgSystem}|${company}` },
    });
  }
  for (let p = 1; p <= sizes.participants; p++) {
    const establishment = 1 + (p % Math.max(1, sizes.establishments));
    const [postalCode, city, street] = TOWNS[next() % TOWNS.length] ??
      TOWNS[0] ?? ['33000', 'Bordeaux', 'rue'];
    const female = next() % 2 === 0;
    const year = 1960 + (next() % 45);
    const month = String(1 + (next() % 12)).padStart(2, '0');
    const day = String(1 + (next() % 28)).padStart(2, '0');
    // 06 12 34 xx xx: a range of French mobile numbers the number plan assigns.
    const mobile = `06 12 34 ${String(next() % 100).padStart(2, '0')} ${String(next() % 100).padStart(2, '0')}`;
    yield JSON.stringify({
      resourceType: 'Patient',
      identifier: [{ system: patientSystem, value: `${prefix}-P${p}` }],
      active: true,
      // The number makes each identity unique: the portal refuses two active namesakes born the same day.
      name: [
        {
          use: 'official',
          family: `${LAST[next() % LAST.length]}-${p}`,
          given: [FIRST[next() % FIRST.length]],
        },
      ],
      gender: female ? 'female' : 'male',
      birthDate: `${year}-${month}-${day}`,
      telecom: [
        { system: 'phone', use: 'mobile', value: mobile },
        { system: 'email', value: `participant.${prefix.toLowerCase()}${p}@example.fr` },
      ],
      address: [{ use: 'home', line: [`${1 + (p % 120)} ${street}`], postalCode, city, country: 'FR' }],
      managingOrganization: { reference: `Organization?identifier=${orgSystem}|${prefix}-E${establishment}` },
      extension: [
        { url: ext.checkupType, valueCoding: { system: portalCodeSystem('typeBilan'), code: 'TRAD' } },
        { url: ext.periodicity, valueCoding: { system: portalCodeSystem('periodicite'), code: '24M' } },
        { url: ext.nextCheckup, valueDate: `2027-${month}-${day}` },
      ],
    });
  }
}
