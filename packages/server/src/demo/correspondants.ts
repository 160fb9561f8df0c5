import { formatPersonName } from '@portail/contract/rules/person-name';
import type { DbOrTx } from '../db/client';
import { type CorrespondantScopeLevel, correspondants, users } from '../db/schema';
import type { DemoAccountKey } from './accounts';
import { CORRESPONDANT_FUNCTIONS } from './catalogue';
import { insertAll } from './insert';
import { loadCorrespondantLogin } from './load-accounts';
import type { EstablishmentInfo, Organisation } from './organisations';
import { type DemoPendingKey, PENDING_CORRESPONDANTS, pendingEmail } from './pending-accounts';
import { type Random, slug } from './random';
import { CIVILITY } from './reference';
import type { UserFactory, UserRow } from './users';

export interface CorrespondantInfo {
  id: number;
  userId: number;
  fullName: string;
  scopeLevel: CorrespondantScopeLevel;
  establishmentId: number;
  companyId: number;
  groupId: number | null;
}

export interface CorrespondantSet {
  /** Establishment correspondants by establishment id; the first signs the transfers it requests. */
  byEstablishment: Map<number, CorrespondantInfo[]>;
  count: number;
  users: number;
}

type Slot = {
  scopeLevel: CorrespondantScopeLevel;
  establishment: EstablishmentInfo;
  named?: DemoAccountKey;
  pending?: DemoPendingKey;
  /** The number of a load-test account (demo/load-accounts.ts). */
  load?: number;
};

/** The named account of the k-th correspondant of an establishment, if it has one. */
function namedEstablishmentAccount(
  org: Organisation,
  e: EstablishmentInfo,
  k: number,
): DemoAccountKey | undefined {
  if (e === org.main) return (['corrEtablissement', 'corrAnnuaire', 'corrCoordonnees'] as const)[k];
  if (e === org.unrelated && k === 0) return 'corrAutre';
  return undefined;
}

/**
 * The named pending correspondants take the first correspondant of the other open establishments
 * of the main company, in order: corr.entreprise and corr.groupe see them.
 */
function pendingAccounts(org: Organisation): Map<EstablishmentInfo, DemoPendingKey> {
  const siblings = org.establishments.filter(
    (e) => e.companyId === org.main.companyId && e !== org.main && !e.terminated,
  );
  if (siblings.length < PENDING_CORRESPONDANTS.length)
    throw new Error('the main company has too few establishments for the pending correspondants');
  return new Map(PENDING_CORRESPONDANTS.map((account, i) => [siblings[i] ?? org.main, account.key]));
}

function slots(org: Organisation, loadAccounts: number): Slot[] {
  const out: Slot[] = [];
  const first = (companyId: number) => org.establishments.find((e) => e.companyId === companyId);
  const pending = pendingAccounts(org);
  for (const e of org.establishments) {
    const count = e === org.main ? 3 : e.terminated ? 1 : 1 + (e.id % 2);
    for (let k = 0; k < count; k++) {
      const named = namedEstablishmentAccount(org, e, k);
      const pendingKey = k === 0 ? pending.get(e) : undefined;
      out.push({
        scopeLevel: 'ETABLISSEMENT',
        establishment: e,
        ...(named ? { named } : {}),
        ...(pendingKey ? { pending: pendingKey } : {}),
      });
    }
  }
  // Company and group correspondants are attached to the head office (the home card shows it).
  for (const company of org.companies) {
    const establishment = first(company.id);
    if (!establishment) continue;
    const named = company.id === org.main.companyId ? 'corrEntreprise' : undefined;
    out.push({ scopeLevel: 'ENTREPRISE', establishment, ...(named ? { named } : {}) });
  }
  for (const group of org.groups) {
    const company = org.companies.find((c) => c.groupId === group.id);
    const establishment = company && first(company.id);
    if (!establishment) continue;
    const named = group.id === org.main.groupId ? 'corrGroupe' : undefined;
    out.push({ scopeLevel: 'GROUPEMENT', establishment, ...(named ? { named } : {}) });
  }
  // Last, so that every other correspondant keeps its id; the main establishment has the most
  // participants, the lists a load test pages through.
  for (let n = 1; n <= loadAccounts; n++)
    out.push({ scopeLevel: 'ETABLISSEMENT', establishment: org.main, load: n });
  return out;
}

export async function generateCorrespondants(
  tx: DbOrTx,
  random: Random,
  org: Organisation,
  userFactory: UserFactory,
  loadAccounts = 0,
): Promise<CorrespondantSet> {
  const { faker } = random;
  const rows: (typeof correspondants.$inferInsert)[] = [];
  const userRows: UserRow[] = [];
  const byEstablishment = new Map<number, CorrespondantInfo[]>();
  slots(org, loadAccounts).forEach((slot, index) => {
    const id = index + 1;
    const drawnFemale = random.chance(0.6);
    const drawnFirstName = faker.person.firstName(drawnFemale ? 'female' : 'male');
    const drawnLastName = faker.person.lastName();
    // A named pending account replaces the drawn person; the draws still happen, so that every
    // other correspondant keeps the name the seed gives it.
    const pending = PENDING_CORRESPONDANTS.find((a) => a.key === slot.pending);
    const female = pending?.female ?? drawnFemale;
    const firstName = pending?.firstName ?? drawnFirstName;
    const lastName = pending?.lastName ?? drawnLastName;
    const e = slot.establishment;
    const email = pending
      ? pendingEmail(pending)
      : `${slug(firstName)}.${slug(lastName)}@${slug(e.companyName).replaceAll('.', '-')}.example.com`;
    const mobile = random.mobile();
    rows.push({
      id,
      active: !e.terminated,
      civilityId: female ? CIVILITY.mrs : CIVILITY.mr,
      lastName,
      firstName,
      landline: random.phone('01'),
      mobile,
      fax: random.chance(0.3) ? random.phone('01') : null,
      email,
      jobTitle: random.pick(CORRESPONDANT_FUNCTIONS),
      scopeLevel: slot.scopeLevel,
      establishmentId: e.id,
      companyId: e.companyId,
      groupId: e.groupId,
      roleAdmin: slot.named !== undefined || random.chance(0.3),
      roleBilling: random.chance(0.4),
      roleMailing: random.chance(0.5),
      canSave: slot.named !== undefined || random.chance(0.5),
    });
    const person = { lastName, firstName, email, mobile, correspondantId: id };
    const user = slot.named
      ? userFactory.named(slot.named, person)
      : slot.pending
        ? userFactory.pendingNamed(slot.pending, person)
        : slot.load
          ? userFactory.load('CORRESPONDANT', loadCorrespondantLogin(slot.load), person)
          : userFactory.pending('CORRESPONDANT', `${slug(firstName)}.${slug(lastName)}.c${id}`, person);
    userRows.push(user);
    if (slot.scopeLevel === 'ETABLISSEMENT') {
      const list = byEstablishment.get(e.id) ?? [];
      list.push({
        id,
        userId: user.id ?? 0,
        fullName: formatPersonName(lastName, firstName),
        scopeLevel: slot.scopeLevel,
        establishmentId: e.id,
        companyId: e.companyId,
        groupId: e.groupId,
      });
      byEstablishment.set(e.id, list);
    }
  });
  await insertAll(tx, correspondants, rows);
  await insertAll(tx, users, userRows);
  return { byEstablishment, count: rows.length, users: userRows.length };
}
