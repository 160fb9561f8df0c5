import { formatPersonName } from '@portail/contract/rules/person-name';
import type { DbOrTx } from '../db/client';
import { companies, establishmentCheckupTypes, establishments, groups, managers } from '../db/schema';
import { prefixAddress, randomAddress } from './addresses';
import { insertAll } from './insert';
import { type Commune, MAIL_DOMAINS, type Random, slug } from './random';
import { CHECKUP_TYPE } from './reference';

export interface EstablishmentInfo {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
  groupId: number | null;
  terminated: boolean;
  checkupTypes: readonly number[];
  /** Relative share of the generated participants it receives. */
  weight: number;
}

export interface Organisation {
  groups: { id: number; name: string }[];
  companies: { id: number; name: string; groupId: number | null }[];
  establishments: EstablishmentInfo[];
  /** corr.etablissement's establishment, where the named participants belong. */
  main: EstablishmentInfo;
  /** corr.autre's establishment, in a company and group unrelated to main's. */
  unrelated: EstablishmentInfo;
  managers: number;
}

/** Companies: their group (index, or null for none) and how many establishments they have. */
const COMPANY_PLAN: readonly { group: number | null; establishments: number }[] = [
  { group: 0, establishments: 4 },
  { group: 0, establishments: 3 },
  { group: 0, establishments: 2 },
  { group: 1, establishments: 3 },
  { group: 1, establishments: 2 },
  { group: 2, establishments: 2 },
  { group: 2, establishments: 2 },
  { group: null, establishments: 2 },
  { group: null, establishments: 2 },
  { group: null, establishments: 2 },
];
const GROUP_COUNT = 3;
const MANAGER_COUNT = 4;
const MAIN_COMPANY = 0;
const UNRELATED_COMPANY = 3;
/** The last establishment of this company has left the centre (dateResiliation set). */
const TERMINATED_COMPANY = 2;
/** Share of the generated participants in the main establishment, so its lists have several pages. */
const MAIN_SHARE = 0.08;

const ALL_TYPES = Object.values(CHECKUP_TYPE);
const EXPATRIATE_TYPES = [
  CHECKUP_TYPE.traditional,
  CHECKUP_TYPE.expatriate,
  CHECKUP_TYPE.traditionalGyn,
  CHECKUP_TYPE.expatriateGyn,
];
const BASIC_TYPES = [CHECKUP_TYPE.traditional, CHECKUP_TYPE.traditionalGyn];

/** A number of the given length whose last digit is the Luhn check digit, as SIREN and SIRET are. */
export function luhnNumber(random: Random, prefix: string, length: number): string {
  const body = prefix + random.digits(length - 1 - prefix.length);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return body + String((10 - (sum % 10)) % 10);
}

export async function generateOrganisations(
  tx: DbOrTx,
  random: Random,
  communes: readonly Commune[],
  plan: { total: number; mainParticipants?: number | undefined },
): Promise<Organisation> {
  const { faker } = random;
  const groupRows = Array.from({ length: GROUP_COUNT }, (_, i) => ({
    id: i + 1,
    name: `Groupe ${faker.person.lastName()}`,
  }));
  await insertAll(tx, groups, groupRows);

  const managerRows = Array.from({ length: MANAGER_COUNT }, (_, i) => {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    return {
      id: i + 1,
      // One text in the centre's data, written as the portal writes every name.
      name: formatPersonName(last, first),
      telephone: random.phone('01'),
      email: `${slug(first)}.${slug(last)}@${MAIL_DOMAINS[2]}`,
      standard: i === MANAGER_COUNT - 1,
    };
  });
  await insertAll(tx, managers, managerRows);

  const names = new Set<string>();
  const companyRows = COMPANY_PLAN.map((plan, i) => {
    let name = faker.company.name();
    while (names.has(name)) name = faker.company.name();
    names.add(name);
    const siren = luhnNumber(random, '', 9);
    return {
      id: i + 1,
      name,
      groupId: plan.group === null ? null : plan.group + 1,
      siren,
      insee: siren.slice(0, 5),
    };
  });
  await insertAll(tx, companies, companyRows);

  const infos: EstablishmentInfo[] = [];
  const rows: (typeof establishments.$inferInsert)[] = [];
  COMPANY_PLAN.forEach((plan, companyIndex) => {
    const company = companyRows[companyIndex];
    if (!company) return;
    for (let k = 0; k < plan.establishments; k++) {
      const id = infos.length + 1;
      const commune = random.pick(communes);
      const isMain = companyIndex === MAIN_COMPANY && k === 0;
      const terminated = companyIndex === TERMINATED_COMPANY && k === plan.establishments - 1;
      const geo = randomAddress(random, commune);
      // The main establishment bills elsewhere, so its billing address form has something to show.
      const sameBilling = !isMain && random.chance(0.7);
      const billing = sameBilling ? geo : randomAddress(random, random.pick(communes));
      const name = k === 0 ? `${company.name} – Siège` : `${company.name} – ${commune.name}`;
      rows.push({
        id,
        companyId: company.id,
        name,
        siret: company.siren + luhnNumber(random, String(k + 1).padStart(4, '0'), 5),
        terminationDate: terminated ? '2024-12-31' : null,
        ...prefixAddress('geo', geo),
        ...prefixAddress('billing', billing),
        billingSameAsGeo: sameBilling,
        managerId: (id % MANAGER_COUNT) + 1,
      });
      infos.push({
        id,
        name,
        companyId: company.id,
        companyName: company.name,
        groupId: company.groupId,
        terminated,
        checkupTypes:
          companyIndex === MAIN_COMPANY ? ALL_TYPES : k % 2 === 0 ? EXPATRIATE_TYPES : BASIC_TYPES,
        weight: terminated || isMain ? 0 : random.int(2, 10),
      });
    }
  });
  const others = infos.reduce((sum, e) => sum + e.weight, 0);
  const main = infos[0];
  const unrelated = infos.find((e) => e.companyId === UNRELATED_COMPANY + 1);
  if (!main || !unrelated) throw new Error('company plan has no main or unrelated establishment');
  // Either the default share, or the weight that gives main about `mainParticipants` of `total`.
  const share =
    plan.mainParticipants !== undefined && plan.total > 0
      ? Math.min(plan.mainParticipants / plan.total, 0.99)
      : MAIN_SHARE;
  main.weight = (others * share) / (1 - share);

  await insertAll(tx, establishments, rows);
  await insertAll(
    tx,
    establishmentCheckupTypes,
    infos.flatMap((e) => e.checkupTypes.map((checkupTypeId) => ({ establishmentId: e.id, checkupTypeId }))),
  );
  return {
    groups: groupRows,
    companies: companyRows,
    establishments: infos,
    main,
    unrelated,
    managers: MANAGER_COUNT,
  };
}

/** Picks an establishment by weight: main gets MAIN_SHARE, terminated ones none. */
export function establishmentPicker(org: Organisation, random: Random): () => EstablishmentInfo {
  const open = org.establishments.filter((e) => e.weight > 0);
  const total = open.reduce((sum, e) => sum + e.weight, 0);
  return () => {
    let draw = random.next() * total;
    for (const e of open) {
      draw -= e.weight;
      if (draw < 0) return e;
    }
    return org.main;
  };
}
