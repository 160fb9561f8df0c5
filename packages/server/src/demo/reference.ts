import {
  COUNTRY_FRANCE_ID,
  DEFAULT_APPOINTMENT_MANAGEMENT_ID,
  ORIGIN_ABROAD_ID,
  ORIGIN_PARIS_ID,
  ORIGIN_PROVINCE_ID,
} from '@portail/contract/constants';
import type { EnumNamespace } from '../db/schema';

/**
 * Reference data: the enumerations with the ids the specification names (000 §9) and stable ids for
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
/** The four types a correspondant may choose (000 §5), then two the centre alone assigns. */
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

const country = (id: number, label: string, labelEn: string, code: string, eu: boolean, dial: string) =>
  item('pays', id, label, labelEn, code, { unionEuropeenne: eu, indicatif: dial });

export const MOVEMENT_REASON_IDS = [50, 51, 52, 53, 54, 55, 56] as const;
export const FOREIGN_COUNTRY_IDS = [701, 703, 705, 710, 712, 718, 720, 730, 731, 740] as const;
export const STREET_TYPE_IDS = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109] as const;

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
  country(FRANCE, 'France', 'France', 'FR', true, '0033'),
  country(701, 'Allemagne', 'Germany', 'DE', true, '0049'),
  country(703, 'Belgique', 'Belgium', 'BE', true, '0032'),
  country(705, 'Espagne', 'Spain', 'ES', true, '0034'),
  country(710, 'Italie', 'Italy', 'IT', true, '0039'),
  country(712, 'Luxembourg', 'Luxembourg', 'LU', true, '00352'),
  country(718, 'Royaume-Uni', 'United Kingdom', 'GB', false, '0044'),
  country(720, 'Suisse', 'Switzerland', 'CH', false, '0041'),
  country(730, 'États-Unis', 'United States', 'US', false, '001'),
  country(731, 'Canada', 'Canada', 'CA', false, '001'),
  country(740, 'Maroc', 'Morocco', 'MA', false, '00212'),
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
