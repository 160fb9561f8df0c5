import { and, asc, count, eq, inArray, like, notLike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { holdsData } from '../src/db/deployment';
import {
  checkups,
  correspondants,
  documentAttachments,
  documents,
  mutations,
  participants,
  users,
  visits,
} from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { type DemoSummary, generateDemo, resetDatabase } from '../src/demo/generate';
import {
  loadCorrespondantLogin,
  loadParticipantLogin,
  loadParticipantMobile,
} from '../src/demo/load-accounts';

const TODAY = new Date('2026-03-16T10:00:00Z');
const fastHash = async (password: string) => `x:${password}`;
const options = { participants: 300, seed: 7, today: TODAY, hashPassword: fastHash };

let database: Database;
let summary: DemoSummary;

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  summary = await generateDemo(database.db, options);
});

afterAll(async () => {
  await database.close();
});

async function userOf(login: string) {
  const [user] = await database.db.select().from(users).where(eq(users.login, login));
  if (!user) throw new Error(`no user ${login}`);
  return user;
}

async function correspondantOf(login: string) {
  const user = await userOf(login);
  const [row] = await database.db
    .select()
    .from(correspondants)
    .where(eq(correspondants.id, user.correspondantId ?? -1));
  if (!row) throw new Error(`no correspondant for ${login}`);
  return row;
}

describe('demo data', () => {
  it('creates every named account with its role, one shared password hash and the secret answer', async () => {
    expect(await holdsData(database.db)).toBe(true);
    const roles = {
      PARTICIPANT: 'ROLE_PARTICIPANT',
      CORRESPONDANT: 'ROLE_CORRESPONDANT',
      STAFF: 'ROLE_ADMIN',
    };
    for (const account of DEMO_ACCOUNTS) {
      const user = await userOf(account.login);
      expect(user.kind).toBe(account.kind);
      expect(user.roles).toEqual(['staffRole' in account ? account.staffRole : roles[account.kind]]);
      expect(user.passwordHash).toBe(`x:${DEMO_PASSWORD}`);
      expect(user.secretAnswerHash).toBe('x:paris');
      expect(user.secretQuestionId).not.toBeNull();
      if (account.kind === 'PARTICIPANT') {
        expect(user.participantId).not.toBeNull();
        expect(user.mobile).toMatch(/^0[67]( \d\d){4}$/);
        expect(user.email).toContain('@');
      }
      if (account.kind === 'CORRESPONDANT') expect(user.correspondantId).not.toBeNull();
      // The centre's staff confirm a code by text message at sign-in (issue 20).
      if (account.kind === 'STAFF') expect(user.mobile).toMatch(/^0[67]( \d\d){4}$/);
    }
    expect(summary.participants).toBe(300);
  });

  it('gives the correspondants nested scopes and corr.autre an unrelated company and group', async () => {
    const etab = await correspondantOf('corr.etablissement');
    const company = await correspondantOf('corr.entreprise');
    const group = await correspondantOf('corr.groupe');
    const other = await correspondantOf('corr.autre');
    expect([etab.scopeLevel, company.scopeLevel, group.scopeLevel, other.scopeLevel]).toEqual([
      'ETABLISSEMENT',
      'ENTREPRISE',
      'GROUPEMENT',
      'ETABLISSEMENT',
    ]);
    expect(etab.canSave && company.canSave).toBe(true);
    expect(company.companyId).toBe(etab.companyId);
    expect(group.groupId).toBe(etab.groupId);
    expect(etab.groupId).not.toBeNull();
    expect(other.companyId).not.toBe(etab.companyId);
    expect(other.groupId).not.toBe(etab.groupId);
    const [shared] = await database.db
      .select({ n: count() })
      .from(mutations)
      .where(
        sql`(${mutations.sourceGroupId} = ${etab.groupId} and ${mutations.destinationCompanyId} = ${other.companyId})
          or (${mutations.destinationGroupId} = ${etab.groupId} and ${mutations.sourceCompanyId} = ${other.companyId})`,
      );
    expect(shared?.n).toBe(0);
  });

  it('sets participant.dmc up with a check-up in progress, its visits and documents of every kind', async () => {
    const user = await userOf('participant.dmc');
    const participantId = user.participantId ?? -1;
    const [p] = await database.db.select().from(participants).where(eq(participants.id, participantId));
    expect(p).toMatchObject({
      dmcStatus: 'ACCEPTED',
      active: true,
      checkupInProgress: true,
      transferInProgress: false,
    });
    const open = await database.db
      .select()
      .from(checkups)
      .where(and(eq(checkups.participantId, participantId), eq(checkups.state, 'IN_PROGRESS')));
    expect(open).toHaveLength(1);
    const rows = await database.db
      .select({ kind: visits.kind, order: visits.visitOrder })
      .from(visits)
      .where(eq(visits.checkupId, open[0]?.id ?? -1))
      .orderBy(asc(visits.id));
    expect(rows.filter((v) => v.kind === 'VISIT').map((v) => v.order)).toEqual([1, 2, 3]);
    expect(rows.map((v) => v.kind)).toEqual(expect.arrayContaining(['MAMMOGRAPHY', 'OSTEOPATHY']));
    const categories = await database.db
      .selectDistinct({ category: documents.category })
      .from(documents)
      .where(eq(documents.participantId, participantId));
    expect(categories.map((c) => c.category).sort()).toEqual([
      'CONSULT_GYN',
      'CONS_MEDICAL',
      'COURRIER',
      'MEDICO_TECHNIQUE',
    ]);
    const kinds = await database.db
      .selectDistinct({ kind: documentAttachments.kind })
      .from(documentAttachments)
      .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
      .where(eq(documents.participantId, participantId));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['EXTRACIEM', 'LS']);
  });

  it('matches each named participant to its description', async () => {
    const dmcOf = async (login: string) => {
      const user = await userOf(login);
      const [p] = await database.db
        .select()
        .from(participants)
        .where(eq(participants.id, user.participantId ?? -1));
      return p;
    };
    expect((await dmcOf('participant.sansdmc'))?.dmcStatus).toBe('NONE');
    expect((await dmcOf('participant.refus'))?.dmcStatus).toBe('REFUSED');
    expect(await dmcOf('participant.en')).toMatchObject({ englishOnly: true, dmcStatus: 'ACCEPTED' });
    expect((await userOf('participant.en')).englishOnly).toBe(true);
    for (const n of [1, 2, 3, 4, 5]) {
      const user = await userOf(`participant.test${n}`);
      expect((await dmcOf(`participant.test${n}`))?.dmcStatus).toBe('ACCEPTED');
      const [none] = await database.db
        .select({ n: count() })
        .from(checkups)
        .where(eq(checkups.participantId, user.participantId ?? -1));
      expect(none?.n).toBe(0);
    }
    // participant.visites: a check-up in progress whose visits are all behind, consent not answered.
    const visites = await userOf('participant.visites');
    expect((await dmcOf('participant.visites'))?.dmcStatus).toBe('NONE');
    const planned = await database.db
      .select({ startsAt: visits.startsAt })
      .from(visits)
      .innerJoin(checkups, eq(checkups.id, visits.checkupId))
      .where(and(eq(visits.participantId, visites.participantId ?? -1), eq(checkups.state, 'IN_PROGRESS')));
    expect(planned.length).toBeGreaterThanOrEqual(3);
    expect(planned.every((v) => v.startsAt !== null && v.startsAt < TODAY)).toBe(true);
  });

  it('has check-ups in every state and transfers in progress both ways for the main establishment', async () => {
    const states = await database.db.selectDistinct({ state: checkups.state }).from(checkups);
    expect(states.map((s) => s.state).sort()).toEqual(['CLOSED', 'INVOICED', 'IN_PROGRESS']);
    const etab = await correspondantOf('corr.etablissement');
    const inProgress = eq(mutations.state, 'IN_PROGRESS');
    const [incoming] = await database.db
      .select({ n: count() })
      .from(mutations)
      .where(and(inProgress, eq(mutations.destinationEstablishmentId, etab.establishmentId ?? -1)));
    const [outgoing] = await database.db
      .select({ n: count() })
      .from(mutations)
      .where(and(inProgress, eq(mutations.sourceEstablishmentId, etab.establishmentId ?? -1)));
    expect(incoming?.n).toBeGreaterThan(0);
    expect(outgoing?.n).toBeGreaterThan(0);
    // The participant flag agrees with the transfers.
    const moving = await database.db
      .select({ id: mutations.participantId })
      .from(mutations)
      .where(inProgress);
    const flagged = await database.db
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.transferInProgress, true));
    expect(flagged.map((r) => r.id).sort()).toEqual(moving.map((r) => r.id).sort());
  });

  it('gives the same people for the same seed', async () => {
    const names = () =>
      database.db
        .select({ id: participants.id, lastName: participants.lastName, firstName: participants.firstName })
        .from(participants)
        .where(inArray(participants.id, [1, 10, 100, 299]))
        .orderBy(asc(participants.id));
    const before = await names();
    await resetDatabase(database.db);
    expect(await holdsData(database.db)).toBe(false);
    const again = await generateDemo(database.db, options);
    expect(await names()).toEqual(before);
    expect({ ...again, tookMs: 0 }).toEqual({ ...summary, tookMs: 0 });
  });

  it('refuses to generate over existing data', async () => {
    await expect(generateDemo(database.db, options)).rejects.toThrow(/reset/);
  });
});

describe('demo data with load-test accounts (DEMO_LOAD_ACCOUNTS)', () => {
  const LOAD = 12;
  const correspondantUsers = () =>
    database.db
      .select({ id: users.id, login: users.login, correspondantId: users.correspondantId })
      .from(users)
      .where(and(eq(users.kind, 'CORRESPONDANT'), notLike(users.login, 'charge.%')))
      .orderBy(asc(users.id));
  let defaultCorrespondants: Awaited<ReturnType<typeof correspondantUsers>> = [];

  it('has none by default', async () => {
    const rows = await database.db
      .select({ login: users.login })
      .from(users)
      .where(like(users.login, 'charge.%'));
    expect(rows).toEqual([]);
    defaultCorrespondants = await correspondantUsers();
    expect(defaultCorrespondants.length).toBeGreaterThan(3);
  });

  it('gives N participants an active account with a derived login and mobile, and documents to read', async () => {
    await resetDatabase(database.db);
    await generateDemo(database.db, { ...options, loadAccounts: LOAD });
    const mobiles = new Set<string>();
    for (let n = 1; n <= LOAD; n++) {
      const user = await userOf(loadParticipantLogin(n));
      expect(user).toMatchObject({
        kind: 'PARTICIPANT',
        active: true,
        roles: ['ROLE_PARTICIPANT'],
        passwordHash: `x:${DEMO_PASSWORD}`,
        mobile: loadParticipantMobile(n),
      });
      mobiles.add(user.mobile ?? '');
      const [p] = await database.db
        .select()
        .from(participants)
        .where(eq(participants.id, user.participantId ?? -1));
      expect(p).toMatchObject({ active: true, dmcStatus: 'ACCEPTED', mobile: loadParticipantMobile(n) });
      const [docs] = await database.db
        .select({ n: count() })
        .from(documents)
        .where(and(eq(documents.participantId, p?.id ?? -1), eq(documents.active, true)));
      expect(docs?.n).toBeGreaterThan(0);
    }
    expect(mobiles.size).toBe(LOAD);
    // Nobody else has one of those mobiles: the outbox lookup by recipient finds this account's codes.
    const [shared] = await database.db
      .select({ n: count() })
      .from(users)
      .where(and(like(users.mobile, '06 09 %'), notLike(users.login, 'charge.p%')));
    expect(shared?.n).toBe(0);
    await expect(userOf(loadParticipantLogin(LOAD + 1))).rejects.toThrow(/no user/);
  });

  it("gives N correspondants of corr.etablissement's establishment an active account", async () => {
    const main = await correspondantOf('corr.etablissement');
    for (let n = 1; n <= LOAD; n++) {
      const user = await userOf(loadCorrespondantLogin(n));
      expect(user).toMatchObject({
        kind: 'CORRESPONDANT',
        active: true,
        roles: ['ROLE_CORRESPONDANT'],
        passwordHash: `x:${DEMO_PASSWORD}`,
      });
      expect(await correspondantOf(loadCorrespondantLogin(n))).toMatchObject({
        active: true,
        scopeLevel: 'ETABLISSEMENT',
        establishmentId: main.establishmentId,
      });
    }
    await expect(userOf(loadCorrespondantLogin(LOAD + 1))).rejects.toThrow(/no user/);
  });

  it('leaves every other correspondant and every named account at its id', async () => {
    expect(await correspondantUsers()).toEqual(defaultCorrespondants);
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      expect((await userOf(account.login)).id).toBe(index + 1);
    }
  });
});
