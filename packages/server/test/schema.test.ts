import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import {
  checkups,
  companies,
  correspondants,
  enumItems,
  establishments,
  legalDocuments,
  mutations,
  participants,
  users,
  visits,
} from '../src/db/schema';
import { generateDemo } from '../src/demo/generate';
import { insertAll } from '../src/demo/insert';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  await generateDemo(database.db, {
    participants: 40,
    seed: 3,
    today: new Date('2026-03-16T00:00:00Z'),
    hashPassword: async (p) => `x:${p}`,
  });
});

afterAll(async () => {
  await database.close();
});

/** The SQLSTATE of the database error under a rejected drizzle query. */
async function sqlState(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
  return undefined;
}

describe('schema', () => {
  it('holds the enumeration ids the specification names', async () => {
    const rows = await database.db
      .select({
        id: enumItems.id,
        namespace: enumItems.namespace,
        code: enumItems.code,
        extra: enumItems.extra,
      })
      .from(enumItems);
    const find = (id: number) => rows.find((r) => r.id === id);
    expect(find(716)).toMatchObject({ namespace: 'pays', code: 'FR', extra: { unionEuropeenne: true } });
    expect([16, 17, 18].map((id) => find(id)?.namespace)).toEqual(['provenance', 'provenance', 'provenance']);
    expect(find(1221)?.namespace).toBe('gestionRdv');
    expect(rows.some((r) => r.namespace === 'categorie' && r.code === 'SAL')).toBe(true);
  });

  it('keeps logins unique per account kind only', async () => {
    const base = { roles: ['ROLE_PARTICIPANT'], lastName: 'X', firstName: 'Y' };
    expect(
      await sqlState(
        database.db.insert(users).values({ ...base, kind: 'PARTICIPANT', login: 'participant.dmc' }),
      ),
    ).toBe('23505');
    const [last] = await database.db.select({ max: sql<number>`max(${users.id})` }).from(users);
    const [other] = await database.db
      .insert(users)
      .values({ ...base, kind: 'CORRESPONDANT', login: 'participant.dmc' })
      .returning({ id: users.id });
    // The sequence was moved past the generator's explicit ids (the refused insert used one number).
    expect(other?.id).toBeGreaterThan(last?.max ?? Number.POSITIVE_INFINITY);
    await database.db.delete(users).where(eq(users.id, other?.id ?? -1));
  });

  it('rejects a user pointing at a participant that does not exist', async () => {
    const row = {
      kind: 'PARTICIPANT' as const,
      login: 'ghost',
      roles: [],
      lastName: 'X',
      firstName: 'Y',
      participantId: 999_999,
    };
    expect(await sqlState(database.db.insert(users).values(row))).toBe('23503');
  });

  it('refuses a correspondant whose scope level names no establishment, company or group', async () => {
    const row = { lastName: 'X', firstName: 'Y', scopeLevel: 'ETABLISSEMENT' as const, companyId: 1 };
    expect(await sqlState(database.db.insert(correspondants).values(row))).toBe('23514');
  });

  it('allows one check-up and one transfer in progress per participant', async () => {
    const [open] = await database.db
      .select()
      .from(checkups)
      .where(eq(checkups.state, 'IN_PROGRESS'))
      .limit(1);
    if (!open) throw new Error('no check-up in progress');
    const { id: _id, ...copy } = open;
    expect(await sqlState(database.db.insert(checkups).values(copy))).toBe('23505');

    const [moving] = await database.db
      .select()
      .from(mutations)
      .where(eq(mutations.inProgress, true))
      .limit(1);
    if (!moving) throw new Error('no transfer in progress');
    const { id: _mid, inProgress: _flag, ...again } = moving;
    expect(await sqlState(database.db.insert(mutations).values(again))).toBe('23505');
  });

  it('derives encours from the state and requires a closing time once closed', async () => {
    const rows = await database.db
      .select({ state: mutations.state, inProgress: mutations.inProgress })
      .from(mutations);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.inProgress).toBe(row.state === 'IN_PROGRESS');
    const [moving] = await database.db
      .select()
      .from(mutations)
      .where(eq(mutations.inProgress, true))
      .limit(1);
    const update = database.db
      .update(mutations)
      .set({ state: 'ACCEPTED' })
      .where(eq(mutations.id, moving?.id ?? -1));
    expect(await sqlState(update)).toBe('23514');
  });

  it('numbers visits 1 to 3 and gives mammography and osteopathy no order', async () => {
    const [visit] = await database.db.select().from(visits).where(eq(visits.kind, 'MAMMOGRAPHY')).limit(1);
    if (!visit) throw new Error('no mammography');
    const update = database.db.update(visits).set({ visitOrder: 2 }).where(eq(visits.id, visit.id));
    expect(await sqlState(update)).toBe('23514');
  });

  it('copies company and group onto every participant from its establishment', async () => {
    const mismatched = await database.db
      .select({ id: participants.id })
      .from(participants)
      .innerJoin(establishments, eq(establishments.id, participants.establishmentId))
      .innerJoin(companies, eq(companies.id, establishments.companyId))
      .where(
        sql`${participants.companyId} <> ${companies.id} or ${participants.companyName} <> ${companies.name}
          or ${participants.groupId} is distinct from ${companies.groupId}`,
      );
    expect(mismatched).toEqual([]);
  });

  it('restores the indexes the generator defers during its load', async () => {
    const result = (await database.db.execute(
      sql`select indexname from pg_indexes where tablename in ('participants', 'checkups') order by indexname`,
    )) as { rows: { indexname: string }[] };
    expect(result.rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining([
        'participants_establishment_list_idx',
        'participants_company_list_idx',
        'participants_group_list_idx',
        'participants_establishment_name_idx',
        'participants_group_name_idx',
        'checkups_one_in_progress_key',
        'checkups_company_idx',
      ]),
    );
    const keys = (await database.db.execute(
      sql`select conname from pg_constraint where contype = 'f' and conrelid = 'checkups'::regclass`,
    )) as { rows: { conname: string }[] };
    expect(keys.rows.length).toBeGreaterThanOrEqual(4);
    const [sample] = await database.db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.companyId, 1), eq(participants.active, true)))
      .limit(1);
    expect(sample).toBeDefined();
  });

  it('writes the same values by COPY (PGlite) and by JSON (PostgreSQL)', async () => {
    const awkward = 'tab\there, line\nbreak, back\\slash \\N, "quotes", Élodie — œ';
    const bytes = new Uint8Array([0, 92, 9, 10, 13, 37, 255]);
    const written = async (id: number, portable: boolean) => {
      await insertAll(database.db, legalDocuments, [{ id, label: awkward, content: bytes, parentId: null }], {
        portable,
      });
      await insertAll(
        database.db,
        enumItems,
        [{ id, namespace: 'civilite', label: awkward, extra: { note: awkward, n: 1 }, active: false }],
        { portable },
      );
      await insertAll(
        database.db,
        users,
        [
          {
            kind: 'STAFF',
            login: `io${id}`,
            roles: ['ROLE_ADMIN', awkward],
            lastName: awkward,
            firstName: 'x',
          },
        ],
        { portable },
      );
      const [legal] = await database.db.select().from(legalDocuments).where(eq(legalDocuments.id, id));
      const [item] = await database.db.select().from(enumItems).where(eq(enumItems.id, id));
      const [user] = await database.db
        .select()
        .from(users)
        .where(eq(users.login, `io${id}`));
      return {
        label: legal?.label,
        content: [...(legal?.content ?? [])],
        parent: legal?.parentId,
        item: { label: item?.label, extra: item?.extra, active: item?.active, sortOrder: item?.sortOrder },
        user: { roles: user?.roles, lastName: user?.lastName, englishOnly: user?.englishOnly },
      };
    };
    const copied = await written(90_001, false);
    expect(copied).toEqual({
      label: awkward,
      content: [...bytes],
      parent: null,
      item: { label: awkward, extra: { note: awkward, n: 1 }, active: false, sortOrder: 0 },
      user: { roles: ['ROLE_ADMIN', awkward], lastName: awkward, englishOnly: false },
    });
    expect(await written(90_002, true)).toEqual(copied);
  });
});
