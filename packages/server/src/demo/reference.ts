import { createRequire } from 'node:module';
import {
  COUNTRY_FRANCE_ID,
  DEFAULT_APPOINTMENT_MANAGEMENT_ID,
  ORIGIN_ABROAD_ID,
  ORIGIN_PARIS_ID,
  ORIGIN_PROVINCE_ID,
} from '@portail/contract/constants';
import type * as IsoCountries from 'i18n-iso-countries';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/max';
import type { EnumNamespace } from '../db/schema';

/**
 * Reference data: the enumerations with the ids the specification names (docs/interface-conventions.md#constants) and stable ids for
 * the rest, so that tests and links can name them. Ids are unique across namespaces (see enum_items).
 */
export interface EnumSeed {
  id: number;
  namespace: EnumNamespace;
  label: string;
  labelEn: string;
  code?: string;
  extra?: Record<string, unknown>;
}

export const CIVILITY = { mr: 1, mrs: 2 } as const;
export const GENDER = { male: 5, female: 6 } as const;
export const ORIGIN = {
  province: ORIGIN_PROVINCE_ID,
  paris: ORIGIN_PARIS_ID,
  abroad: ORIGIN_ABROAD_ID,
} as const;
export const CATEGORY = { employee: 20, spouse: 21, retired: 22, selfEmployed: 23 } as const;
/** The four types a correspondant may choose (docs/participants.md#checkup-type), then two the centre alone assigns. */
export const CHECKUP_TYPE = {
  traditional: 30,
  expatriate: 31,
  traditionalGyn: 32,
  expatriateGyn: 33,
  extended: 34,
  senior: 35,
} as const;
export const PERIODICITY = { yearly: 40, twoYears: 41, threeYears: 42 } as const;
export const APPOINTMENT_MANAGEMENT = {
  participant: 1220,
  centre: DEFAULT_APPOINTMENT_MANAGEMENT_ID,
  company: 1222,
} as const;
export const MOVEMENT_TYPE = { transfer: 60, termination: 61, membership: 62 } as const;
export const FRANCE = COUNTRY_FRANCE_ID;

const item = (
  namespace: EnumNamespace,
  id: number,
  label: string,
  labelEn: string,
  code?: string,
  extra?: Record<string, unknown>,
): EnumSeed => ({ id, namespace, label, labelEn, ...(code ? { code } : {}), ...(extra ? { extra } : {}) });

export const MOVEMENT_REASON_IDS = [50, 51, 52, 53, 54, 55, 56] as const;
/** Foreign countries the demo participants live or work in (ids of COUNTRY_IDS below). */
export const FOREIGN_COUNTRY_IDS = [701, 703, 705, 710, 712, 718, 720, 730, 731, 740] as const;
export const STREET_TYPE_IDS = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109] as const;

// The library's main entry loads its eighty languages; the portal speaks two.
const require = createRequire(import.meta.url);
const isoCountries = require('i18n-iso-countries/index.js') as typeof IsoCountries;
isoCountries.registerLocale(require('i18n-iso-countries/langs/fr.json'));
isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json'));

/**
 * Countries with an id older than the full list: France's is the specification's (716), the others
 * are those the demo data uses. Every other country is 2000 + its ISO 3166 numeric code.
 */
const COUNTRY_IDS: Readonly<Record<string, number>> = {
  FR: FRANCE,
  DE: 701,
  BE: 703,
  ES: 705,
  IT: 710,
  LU: 712,
  GB: 718,
  CH: 720,
  US: 730,
  CA: 731,
  MA: 740,
};
const COUNTRY_ID_BASE = 2000;

/** The 27 member states (outermost regions such as Guadeloupe are listed as countries of their own). */
const EUROPEAN_UNION = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** Every ISO 3166 country, France first (the default of every country field), then by French name. */
function countrySeeds(): EnumSeed[] {
  const french = isoCountries.getNames('fr');
  const english = isoCountries.getNames('en');
  const byFrenchName = new Intl.Collator('fr');
  return Object.keys(isoCountries.getAlpha2Codes())
    .map((alpha2) => {
      const id = COUNTRY_IDS[alpha2] ?? COUNTRY_ID_BASE + Number(isoCountries.alpha2ToNumeric(alpha2));
      // Antarctica, Bouvet Island and a few other uninhabited territories have no calling code.
      const dial = isSupportedCountry(alpha2) ? { indicatif: `00${getCountryCallingCode(alpha2)}` } : {};
      return item('pays', id, french[alpha2] ?? alpha2, english[alpha2] ?? alpha2, alpha2, {
        unionEuropeenne: EUROPEAN_UNION.has(alpha2),
        ...dial,
      });
    })
    .sort(
      (a, b) => Number(b.id === FRANCE) - Number(a.id === FRANCE) || byFrenchName.compare(a.label, b.label),
    );
}

export const ENUM_SEEDS: readonly EnumSeed[] = [
  item('civilite', CIVILITY.mr, 'Monsieur', 'Mr', 'M.'),
  item('civilite', CIVILITY.mrs, 'Madame', 'Mrs', 'Mme'),
  item('sexe', GENDER.male, 'Masculin', 'Male', 'M'),
  item('sexe', GENDER.female, 'Féminin', 'Female', 'F'),
  item('provenance', ORIGIN.province, 'Province', 'Province', 'PROV'),
  item('provenance', ORIGIN.paris, 'Paris et région parisienne', 'Paris area', 'PARIS'),
  item('provenance', ORIGIN.abroad, 'Étranger', 'Abroad', 'ETR'),
  item('categorie', CATEGORY.employee, 'Salarié', 'Employee', 'SAL'),
  item('categorie', CATEGORY.spouse, 'Conjoint', 'Spouse', 'CONJ'),
  item('categorie', CATEGORY.retired, 'Retraité', 'Retired', 'RET'),
  item('categorie', CATEGORY.selfEmployed, 'Travailleur indépendant', 'Self-employed', 'IND'),
  item('typeBilan', CHECKUP_TYPE.traditional, 'Bilan traditionnel', 'Traditional check-up', 'TRAD', {
    correspondant: true,
  }),
  item(
    'typeBilan',
    CHECKUP_TYPE.expatriate,
    'Bilan traditionnel expatrié',
    'Traditional expatriate',
    'EXPAT',
    {
      correspondant: true,
    },
  ),
  item(
    'typeBilan',
    CHECKUP_TYPE.traditionalGyn,
    'Bilan traditionnel et gynécologie',
    'Traditional and gynecology',
    'TRADG',
    {
      correspondant: true,
    },
  ),
  item(
    'typeBilan',
    CHECKUP_TYPE.expatriateGyn,
    'Bilan traditionnel expatrié et gynécologie',
    'Traditional expatriate and gynecology',
    'EXPATG',
    { correspondant: true },
  ),
  item('typeBilan', CHECKUP_TYPE.extended, 'Bilan approfondi', 'Extended check-up', 'APPR', {
    correspondant: false,
  }),
  item('typeBilan', CHECKUP_TYPE.senior, 'Bilan senior', 'Senior check-up', 'SEN', { correspondant: false }),
  item('periodicite', PERIODICITY.yearly, 'Annuelle', 'Yearly', '12M', { months: 12 }),
  item('periodicite', PERIODICITY.twoYears, 'Tous les deux ans', 'Every two years', '24M', { months: 24 }),
  item('periodicite', PERIODICITY.threeYears, 'Tous les trois ans', 'Every three years', '36M', {
    months: 36,
  }),
  item(
    'gestionRdv',
    APPOINTMENT_MANAGEMENT.participant,
    "À l'initiative du participant",
    "Participant's initiative",
  ),
  item('gestionRdv', APPOINTMENT_MANAGEMENT.centre, "À l'initiative du centre", "Centre's initiative"),
  item(
    'gestionRdv',
    APPOINTMENT_MANAGEMENT.company,
    "À l'initiative de l'entreprise",
    "Company's initiative",
  ),
  item('motifmouvement', 50, 'Démission', 'Resignation', 'DEM'),
  item('motifmouvement', 51, 'Licenciement', 'Dismissal', 'LIC'),
  item('motifmouvement', 52, 'Départ à la retraite', 'Retirement', 'RET'),
  item('motifmouvement', 53, 'Fin de contrat', 'End of contract', 'FDC'),
  item('motifmouvement', 54, 'Mutation interne', 'Internal transfer', 'MUT'),
  item('motifmouvement', 55, 'Changement de site', 'Change of site', 'SITE'),
  item('motifmouvement', 56, 'Autre motif', 'Other reason', 'AUT'),
  item('typeMouvement', MOVEMENT_TYPE.transfer, 'Mutation', 'Transfer', 'MUT'),
  item('typeMouvement', MOVEMENT_TYPE.termination, 'Résiliation', 'Termination', 'RES'),
  item('typeMouvement', MOVEMENT_TYPE.membership, 'Adhésion', 'Membership', 'ADH'),
  item('typeVoie', 100, 'Rue', 'Street', 'R'),
  item('typeVoie', 101, 'Avenue', 'Avenue', 'AV'),
  item('typeVoie', 102, 'Boulevard', 'Boulevard', 'BD'),
  item('typeVoie', 103, 'Place', 'Square', 'PL'),
  item('typeVoie', 104, 'Allée', 'Alley', 'ALL'),
  item('typeVoie', 105, 'Impasse', 'Cul-de-sac', 'IMP'),
  item('typeVoie', 106, 'Chemin', 'Lane', 'CHE'),
  item('typeVoie', 107, 'Quai', 'Quay', 'QU'),
  item('typeVoie', 108, 'Route', 'Road', 'RTE'),
  item('typeVoie', 109, 'Cours', 'Course', 'CRS'),
  ...countrySeeds(),
];

export const SECRET_QUESTIONS = [
  ['Quel est le nom de votre premier animal de compagnie ?', 'What was the name of your first pet?'],
  ['Dans quelle ville êtes-vous né(e) ?', 'In which city were you born?'],
  ['Quel est le nom de jeune fille de votre mère ?', "What is your mother's maiden name?"],
  ['Quel était le nom de votre école primaire ?', 'What was the name of your primary school?'],
  ['Quel est votre plat préféré ?', 'What is your favourite dish?'],
] as const;
/** The named accounts answer `paris` to "In which city were you born?". */
export const DEMO_SECRET_QUESTION_ID = 2;
