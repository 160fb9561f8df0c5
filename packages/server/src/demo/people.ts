import { originFor } from '@portail/contract/rules/participant';
import type { DmcStatus, participants } from '../db/schema';
import { phoneticName } from '../features/participants/phonetic';
import { prefixAddress, randomAddress } from './addresses';
import { PROFESSIONS } from './catalogue';
import { addDays, isoDate } from './dates';
import type { EstablishmentInfo } from './organisations';
import { type Commune, MAIL_DOMAINS, normaliseLastName, type Random, slug } from './random';
import {
  APPOINTMENT_MANAGEMENT,
  CATEGORY,
  CHECKUP_TYPE,
  CIVILITY,
  FOREIGN_COUNTRY_IDS,
  FRANCE,
  GENDER,
  MOVEMENT_REASON_IDS,
  PERIODICITY,
} from './reference';

/** The phonetic name the screens compute (FONEM), once per last name: the demo draws few names many times. */
const phonetics = new Map<string, string | null>();
function phoneticOf(lastName: string): string | null {
  const known = phonetics.get(lastName);
  if (known !== undefined) return known;
  const key = phoneticName(lastName);
  phonetics.set(lastName, key);
  return key;
}

export type ParticipantRow = typeof participants.$inferInsert & { id: number; birthDate: string };

export interface PersonFacts {
  female: boolean;
  active: boolean;
  dmc: DmcStatus;
  membership: Date;
}

/** What a named account fixes about its participant; everything else is drawn as for anyone. */
export interface PersonOverrides {
  firstName?: string;
  lastName?: string;
  female?: boolean;
  dmc?: DmcStatus;
  englishOnly?: boolean;
  email?: string;
  checkupTypeId?: number;
  /** ISO date; drawn like the others' otherwise (the draw still happens: the rest stays the same). */
  birthDate?: string;
}

const pickWeighted = <T>(random: Random, choices: readonly (readonly [T, number])[]): T => {
  let draw = random.next();
  for (const [value, weight] of choices) {
    draw -= weight;
    if (draw < 0) return value;
  }
  const last = choices[choices.length - 1];
  if (!last) throw new Error('no choices');
  return last[0];
};

function checkupTypeFor(random: Random, e: EstablishmentInfo, female: boolean, abroad: boolean): number {
  if (random.chance(0.03) && e.checkupTypes.includes(CHECKUP_TYPE.extended)) return CHECKUP_TYPE.extended;
  const gyn = female && random.chance(0.6);
  const expatriate = abroad && e.checkupTypes.includes(CHECKUP_TYPE.expatriate);
  if (expatriate) return gyn ? CHECKUP_TYPE.expatriateGyn : CHECKUP_TYPE.expatriate;
  return gyn ? CHECKUP_TYPE.traditionalGyn : CHECKUP_TYPE.traditional;
}

export function buildPerson(
  random: Random,
  today: Date,
  communes: readonly Commune[],
  id: number,
  e: EstablishmentInfo,
  named: PersonOverrides | null,
): { row: ParticipantRow; facts: PersonFacts } {
  const { faker } = random;
  const female = named?.female ?? random.chance(0.5);
  const firstName = named?.firstName ?? faker.person.firstName(female ? 'female' : 'male');
  const lastName = normaliseLastName(named?.lastName ?? faker.person.lastName());
  const active = named ? true : random.chance(0.92);
  const dmc: DmcStatus =
    named?.dmc ??
    pickWeighted<DmcStatus>(random, [
      ['ACCEPTED', 0.65],
      ['NONE', 0.25],
      ['REFUSED', 0.1],
    ]);
  const abroad = !named && random.chance(0.03);
  const countryId = abroad ? random.pick(FOREIGN_COUNTRY_IDS) : FRANCE;
  const commune = random.pick(communes);
  const address = randomAddress(random, commune);
  if (abroad) {
    address.countryId = countryId;
    address.postalCode = random.digits(random.chance(0.5) ? 4 : 5);
    address.locality = faker.location.city();
  }
  const birth = addDays(today, -random.int(25 * 365, 66 * 365));
  // Named participants joined long ago, so that none of their check-up history predates membership.
  const memberForDays = named ? 3650 : random.int(200, 15 * 365);
  const membership = addDays(today, -memberForDays);
  const firstMembership = random.chance(0.8) ? membership : addDays(membership, -random.int(365, 3000));
  const termination = active ? null : addDays(today, -random.int(1, Math.min(1000, memberForDays - 1)));
  const contact = random.chance(0.2);
  const contactFemale = !female;
  const email =
    named?.email ??
    (random.chance(0.9) ? `${slug(firstName)}.${slug(lastName)}${id}@${random.pick(MAIL_DOMAINS)}` : null);
  const row: ParticipantRow = {
    id,
    active,
    civilityId: female ? CIVILITY.mrs : CIVILITY.mr,
    lastName,
    firstName,
    phoneticName: phoneticOf(lastName),
    maidenName: female && random.chance(0.3) ? normaliseLastName(faker.person.lastName()) : null,
    birthDate: named?.birthDate ?? isoDate(birth),
    genderId: female ? GENDER.female : GENDER.male,
    profession: random.pick(PROFESSIONS),
    practiceCountryId: countryId,
    // The form's rule (contract/rules/participant.ts): the address is in the country of practice.
    originId: originFor({
      practiceCountryId: countryId,
      addressCountryId: countryId,
      postalCode: address.postalCode,
    }),
    categoryId: named
      ? CATEGORY.employee
      : pickWeighted(random, [
          [CATEGORY.employee, 0.85],
          [CATEGORY.spouse, 0.08],
          [CATEGORY.retired, 0.05],
          [CATEGORY.selfEmployed, 0.02],
        ]),
    checkupTypeId: named?.checkupTypeId ?? checkupTypeFor(random, e, female, abroad),
    nextCheckupDate: active ? isoDate(addDays(today, random.int(10, 700))) : null,
    appointmentManagementId: pickWeighted(random, [
      [APPOINTMENT_MANAGEMENT.centre, 0.75],
      [APPOINTMENT_MANAGEMENT.participant, 0.15],
      [APPOINTMENT_MANAGEMENT.company, 0.1],
    ]),
    periodicityId: pickWeighted(random, [
      [PERIODICITY.yearly, 0.5],
      [PERIODICITY.twoYears, 0.35],
      [PERIODICITY.threeYears, 0.15],
    ]),
    info4: random.chance(0.3) ? `MAT-${random.digits(6)}` : null,
    membershipDate: isoDate(membership),
    firstMembershipDate: isoDate(firstMembership),
    terminationDate: termination ? isoDate(termination) : null,
    terminationReasonId: termination ? random.pick(MOVEMENT_REASON_IDS) : null,
    ...prefixAddress('address', address),
    useEstablishmentAddress: !named && random.chance(0.05),
    landline: random.chance(0.4) ? random.phone(random.pick(['01', '02', '03', '04', '05'])) : null,
    mobile: named || random.chance(0.95) ? random.mobile() : null,
    email,
    secretaryPhone: random.chance(0.1) ? random.phone('01') : null,
    ...(contact
      ? {
          contactCivilityId: contactFemale ? CIVILITY.mrs : CIVILITY.mr,
          contactLastName: faker.person.lastName(),
          contactFirstName: faker.person.firstName(contactFemale ? 'female' : 'male'),
          contactEmail: `contact${id}@${random.pick(MAIL_DOMAINS)}`,
          contactLandline: random.chance(0.5) ? random.phone('01') : null,
          contactMobile: random.mobile(),
          contactJobTitle: random.pick(['Conjoint', 'Assistante', 'Enfant', 'Parent']),
        }
      : {}),
    lockedByExternalSystem: !named && random.chance(0.01),
    dmcStatus: dmc,
    // Named accounts start unticked, so the home card's checkbox behaves the same on every start.
    withdrawalAgreement: !named && random.chance(0.1),
    lastMammogramDate: female && random.chance(0.4) ? isoDate(addDays(today, -random.int(60, 800))) : null,
    englishOnly: named?.englishOnly ?? (abroad && random.chance(0.5)),
    establishmentId: e.id,
    companyId: e.companyId,
    groupId: e.groupId,
    companyName: e.companyName,
  };
  return { row, facts: { female, active, dmc, membership } };
}
