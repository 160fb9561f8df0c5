import { errorReply } from '@portail/contract/schemas/common';
import {
  CORRESPONDANT_SORT_FIELDS,
  type CorrespondantListReply,
  correspondant,
  correspondantListReply,
} from '@portail/contract/schemas/correspondants';
import { and, asc, desc, eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, correspondants, establishments, groups, participants, users } from '../src/db/schema';
import { CATEGORY } from '../src/demo/reference';
import type { CorrespondantPageCache } from '../src/features/correspondants/correspondant-page-cache';
import { createTestContext, signIn, type TestContext } from './helper';
import { correspondantOf, headersOf } from './participants-fixtures';

let ctx: TestContext;

/** The app's own correspondants list cache (its feature plugin creates it). */
const correspondantPageCache = () => ctx.app.listCaches.correspondants as CorrespondantPageCache;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Kind = 'participant' | 'correspondant' | 'staff';

async function get(
  login: string,
  url: string,
  query: Record<string, string> = {},
  kind: Kind = 'correspondant',
) {
  return ctx.app.inject({ method: 'GET', url, headers: await headersOf(ctx, login, kind), query });
}

async function list(login: string, query: Record<string, string> = {}, kind: Kind = 'correspondant') {
  const reply = await get(login, '/api/correspondant', query, kind);
  expect(reply.statusCode, reply.body).toBe(200);
  return correspondantListReply.parse(reply.json());
}

/** Changes the data behind the cache's back: the cached pages must go. */
async function changed<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  correspondantPageCache().clear();
  return result;
}

const SORT: Record<string, PgColumn[]> = {
  nom: [correspondants.lastName, correspondants.firstName],
  prenom: [correspondants.firstName, correspondants.lastName],
  id: [],
  etablissement: [establishments.name, correspondants.lastName, correspondants.firstName],
  entreprise: [companies.name, correspondants.lastName, correspondants.firstName],
  groupement: [groups.name, correspondants.lastName, correspondants.firstName],
};

/** The ids the database orders, active correspondants matching `where`, as the directory must list them. */
async function expectedIds(where: SQL | undefined, field = 'nom', descending = false): Promise<number[]> {
  const direction = descending ? desc : asc;
  const rows = await ctx.database.db
    .select({ id: correspondants.id })
    .from(correspondants)
    .leftJoin(establishments, eq(establishments.id, correspondants.establishmentId))
    .leftJoin(companies, eq(companies.id, correspondants.companyId))
    .leftJoin(groups, eq(groups.id, correspondants.groupId))
    .where(and(eq(correspondants.active, true), where))
    .orderBy(...[...(SORT[field] ?? []), correspondants.id].map((column) => direction(column)));
  return rows.map((row) => row.id);
}

const ids = (reply: CorrespondantListReply) => reply.items.map((row) => row.id);

describe('GET /api/correspondant as a correspondant', () => {
  it('lists the establishment correspondant their establishment, 15 a page by name, canSave on their own row only', async () => {
    const me = await correspondantOf(ctx, 'corr.etablissement');
    const reply = await list('corr.etablissement');
    const expected = await expectedIds(eq(correspondants.establishmentId, me.establishmentId ?? -1));
    expect(expected.length).toBeGreaterThanOrEqual(5);
    expect(ids(reply)).toEqual(expected.slice(0, 15));
    expect(reply.totalRows).toBe(expected.length);
    expect(reply.subTotal).toBe(reply.items.length);
    expect(reply.items.every((row) => row.etablissement?.id === me.establishmentId)).toBe(true);
    expect(reply.items.filter((row) => row.canSave).map((row) => row.id)).toEqual([me.id]);
    const own = reply.items.find((row) => row.id === me.id);
    expect(own?.contact).toMatchObject({ nom: me.lastName, prenom: me.firstName, mail: me.email });
    expect(own?.contact.civilite).toMatchObject({ id: me.civilityId });
  });

  it.each([
    ['corr.entreprise', 'companyId'],
    ['corr.groupe', 'groupId'],
  ] as const)('lists %s the correspondants of their %s', async (login, column) => {
    const me = await correspondantOf(ctx, login);
    const reply = await list(login, { size: '100' });
    expect(ids(reply)).toEqual(await expectedIds(eq(correspondants[column], me[column] ?? -1)));
    expect(reply.totalRows).toBe(reply.items.length);
  });

  it('never lists nor reads an inactive correspondant', async () => {
    const me = await correspondantOf(ctx, 'corr.groupe');
    const [inactive] = await ctx.database.db
      .select({ id: correspondants.id })
      .from(correspondants)
      .where(and(eq(correspondants.groupId, me.groupId ?? -1), eq(correspondants.active, false)));
    if (!inactive) throw new Error('the demo data has no inactive correspondant in the group');
    const reply = await list('corr.groupe', { size: '100' });
    expect(ids(reply)).not.toContain(inactive.id);
    expect((await get('corr.groupe', `/api/correspondant/${inactive.id}`)).statusCode).toBe(404);
  });

  it('pages without overlap; past the end the page is empty and the total stays', async () => {
    const expected = await expectedIds(undefined);
    const first = await list('admin', { page: '0', size: '10' }, 'staff');
    const second = await list('admin', { page: '1', size: '10' }, 'staff');
    expect([...ids(first), ...ids(second)]).toEqual(expected.slice(0, 20));
    const beyond = await list('admin', { page: '50', size: '10' }, 'staff');
    expect(beyond.items).toEqual([]);
    expect(beyond.subTotal).toBe(0);
    expect(beyond.totalRows).toBe(expected.length);
  });

  it.each(CORRESPONDANT_SORT_FIELDS.flatMap((field) => [`${field},ASC`, `${field},DESC`]))(
    'sorts by %s, ties broken in the same direction',
    async (sort) => {
      const [field = '', direction] = sort.split(',');
      const reply = await list('admin', { sort, size: '100' }, 'staff');
      expect(ids(reply)).toEqual(await expectedIds(undefined, field, direction === 'DESC'));
    },
  );

  it('refuses an unknown sort, a page size out of range and an establishment id that is no number', async () => {
    const queries: Record<string, string>[] = [
      { sort: 'mail,ASC' },
      { sort: 'nom' },
      { size: '1000' },
      { idEtablissement: 'abc' },
    ];
    for (const query of queries) {
      const reply = await get('corr.groupe', '/api/correspondant', query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors?.length).toBeGreaterThan(0);
    }
  });
});

describe('searching the directory', () => {
  let target: { id: number; establishmentId: number | null };
  beforeAll(async () => {
    const me = await correspondantOf(ctx, 'corr.groupe');
    const [row] = await ctx.database.db
      .select({ id: correspondants.id, establishmentId: correspondants.establishmentId })
      .from(correspondants)
      .where(and(eq(correspondants.groupId, me.groupId ?? -1), eq(correspondants.active, true)))
      .orderBy(desc(correspondants.id))
      .limit(1);
    if (!row) throw new Error('no correspondant in the group');
    target = row;
    await changed(
      ctx.database.db
        .update(correspondants)
        .set({ lastName: 'Dupré-Évêque', firstName: 'Hélène' })
        .where(eq(correspondants.id, row.id)),
    );
  });

  it('finds a last and a first name by their start, ignoring case, accents and surrounding spaces', async () => {
    expect(ids(await list('corr.groupe', { nom: '  dupre-eve ' }))).toEqual([target.id]);
    expect(ids(await list('corr.groupe', { nom: 'DUPRÉ', prenom: 'hele' }))).toEqual([target.id]);
    expect(ids(await list('corr.groupe', { nom: 'pré' }))).toEqual([]);
    expect(ids(await list('corr.groupe', { prenom: 'elene' }))).toEqual([]);
  });

  it('finds the correspondants of an establishment by its id', async () => {
    const reply = await list('corr.groupe', { idEtablissement: String(target.establishmentId), size: '100' });
    expect(ids(reply)).toEqual(
      await expectedIds(
        and(
          eq(correspondants.groupId, (await correspondantOf(ctx, 'corr.groupe')).groupId ?? -1),
          eq(correspondants.establishmentId, target.establishmentId ?? -1),
        ),
      ),
    );
    expect(ids(reply)).toContain(target.id);
  });

  it("finds a business name within the establishment's name, or the company's with rechercheEntreprise", async () => {
    const bySite = await list('admin', { raisonSociale: 'SIEGE', size: '100' }, 'staff');
    expect(bySite.totalRows).toBeGreaterThan(0);
    expect(bySite.items.every((row) => row.etablissement?.raisonsociale.includes('Siège'))).toBe(true);
    expect(bySite.totalRows).toBe((await list('admin', { raisonSociale: 'siège' }, 'staff')).totalRows);

    const [company] = await ctx.database.db.select().from(companies).orderBy(companies.id).limit(1);
    const part = (company?.name ?? '').slice(1, 6);
    const byCompany = await list(
      'admin',
      { raisonSociale: part, rechercheEntreprise: 'true', size: '100' },
      'staff',
    );
    expect(byCompany.totalRows).toBeGreaterThan(0);
    expect(byCompany.items.every((row) => row.entreprise?.raisonsociale.includes(part))).toBe(true);
    // Establishment names start with the company's: the site part is found only without the flag.
    const siteOnly = await list('admin', { raisonSociale: 'Siège', rechercheEntreprise: 'true' }, 'staff');
    expect(siteOnly.totalRows).toBe(0);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect((await list('admin', { nom: '%' }, 'staff')).totalRows).toBe(0);
    expect((await list('admin', { raisonSociale: '_' }, 'staff')).totalRows).toBe(0);
  });
});

describe('GET /api/correspondant/{id} and mescoordonnees', () => {
  it('reads a correspondant of the scope; canSave only on the own record', async () => {
    const me = await correspondantOf(ctx, 'corr.etablissement');
    const colleague = await correspondantOf(ctx, 'corr.annuaire');
    const own = correspondant.parse((await get('corr.etablissement', `/api/correspondant/${me.id}`)).json());
    expect(own).toMatchObject({ id: me.id, canSave: true, roleAdmin: me.roleAdmin });
    const other = correspondant.parse(
      (await get('corr.etablissement', `/api/correspondant/${colleague.id}`)).json(),
    );
    expect(other).toMatchObject({ id: colleague.id, canSave: false });
    expect(other.etablissement?.id).toBe(me.establishmentId);
    const mine = correspondant.parse(
      (await get('corr.etablissement', '/api/correspondant/mescoordonnees')).json(),
    );
    expect(mine).toEqual(own);
  });

  it('answers 404 for another scope, an unknown id, and mescoordonnees of an admin', async () => {
    const unrelated = await correspondantOf(ctx, 'corr.autre');
    expect((await get('corr.etablissement', `/api/correspondant/${unrelated.id}`)).statusCode).toBe(404);
    expect((await get('corr.etablissement', '/api/correspondant/999999')).statusCode).toBe(404);
    const colleague = await correspondantOf(ctx, 'corr.etablissement');
    expect((await get('corr.autre', `/api/correspondant/${colleague.id}`)).statusCode).toBe(404);
    const admin = await get('admin', '/api/correspondant/mescoordonnees', {}, 'staff');
    expect(admin.statusCode).toBe(404);
    expect(errorReply.parse(admin.json()).message).toBe('correspondants.error.aucuneFiche');
  });

  it('lets an admin read every active correspondant, never saving', async () => {
    const reply = await list('admin', { size: '100' }, 'staff');
    expect(ids(reply)).toEqual(await expectedIds(undefined));
    expect(reply.items.some((row) => row.canSave)).toBe(false);
    const unrelated = await correspondantOf(ctx, 'corr.autre');
    const detail = await get('admin', `/api/correspondant/${unrelated.id}`, {}, 'staff');
    expect(correspondant.parse(detail.json())).toMatchObject({ id: unrelated.id, canSave: false });
  });
});

describe('the directory of a participant', () => {
  async function managersOf(login: string): Promise<SQL | undefined> {
    const [me] = await ctx.database.db
      .select({ participant: participants })
      .from(users)
      .innerJoin(participants, eq(participants.id, users.participantId))
      .where(eq(users.login, login));
    if (!me) throw new Error(`no participant ${login}`);
    const p = me.participant;
    return or(
      and(
        eq(correspondants.scopeLevel, 'ETABLISSEMENT'),
        eq(correspondants.establishmentId, p.establishmentId),
      ),
      and(eq(correspondants.scopeLevel, 'ENTREPRISE'), eq(correspondants.companyId, p.companyId)),
      and(eq(correspondants.scopeLevel, 'GROUPEMENT'), eq(correspondants.groupId, p.groupId ?? -1)),
    );
  }

  it('shows an employee the correspondants who manage them, and no one else', async () => {
    const reply = await list('participant.dmc', { size: '100' }, 'participant');
    const expected = await expectedIds(await managersOf('participant.dmc'));
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(reply)).toEqual(expected);
    expect(reply.items.some((row) => row.canSave)).toBe(false);
    const first = expected[0] ?? 0;
    expect((await get('participant.dmc', `/api/correspondant/${first}`, {}, 'participant')).statusCode).toBe(
      200,
    );
    const unrelated = await correspondantOf(ctx, 'corr.autre');
    const refused = await get('participant.dmc', `/api/correspondant/${unrelated.id}`, {}, 'participant');
    expect(refused.statusCode).toBe(404);
    expect(
      (await get('participant.dmc', '/api/user/canShowListeCorrespondant', {}, 'participant')).json(),
    ).toBe(true);
  });

  it('refuses the directory to a participant who is not an employee, with a message', async () => {
    const [account] = await ctx.database.db.select().from(users).where(eq(users.login, 'participant.refus'));
    await ctx.database.db
      .update(participants)
      .set({ categoryId: CATEGORY.retired })
      .where(eq(participants.id, account?.participantId ?? -1));
    const { headers } = await signIn(ctx, 'participant.refus', 'participant');
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/correspondant', headers });
    expect(reply.statusCode).toBe(403);
    expect(errorReply.parse(reply.json()).message).toBe('correspondants.error.listeNonAutorisee');
    const anyone = await correspondantOf(ctx, 'corr.etablissement');
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/correspondant/${anyone.id}`, headers });
    expect(detail.statusCode).toBe(403);
    const flag = await ctx.app.inject({ method: 'GET', url: '/api/user/canShowListeCorrespondant', headers });
    expect(flag.json()).toBe(false);
    const principal = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/principal',
      headers,
      payload: { roleCorrespondant: false },
    });
    expect(principal.json<{ canShowListeCorrespondant: boolean }>().canShowListeCorrespondant).toBe(false);
  });

  it('tells correspondants and admins that the directory shows, as their principal does', async () => {
    for (const [login, kind] of [
      ['corr.autre', 'correspondant'],
      ['admin', 'staff'],
    ] as const) {
      expect((await get(login, '/api/user/canShowListeCorrespondant', {}, kind)).json()).toBe(true);
      const principal = await ctx.app.inject({
        method: 'POST',
        url: '/api/oauth/principal',
        headers: await headersOf(ctx, login, kind),
        payload: { roleCorrespondant: kind === 'correspondant' },
      });
      expect(principal.json<{ canShowListeCorrespondant: boolean }>().canShowListeCorrespondant).toBe(true);
    }
  });
});
