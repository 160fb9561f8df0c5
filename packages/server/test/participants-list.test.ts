import { errorReply } from '@portail/contract/schemas/common';
import {
  PARTICIPANT_SORT_FIELDS,
  type ParticipantListReply,
  participantListReply,
} from '@portail/contract/schemas/participants';
import { and, asc, count, desc, eq, like, not, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants, users } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { type CorrespondantLogin, findParticipant, headersOf, scopeOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 400 });
});
afterAll(async () => ctx.close());

async function list(
  login: string,
  query: Record<string, string> = {},
  kind: 'participant' | 'correspondant' = 'correspondant',
) {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/adherentsCorrespondant',
    headers: await headersOf(ctx, login, kind),
    query,
  });
  return reply;
}

async function page(login: string, query: Record<string, string> = {}): Promise<ParticipantListReply> {
  const reply = await list(login, query);
  expect(reply.statusCode, reply.body).toBe(200);
  return participantListReply.parse(reply.json());
}

async function dbCount(where: SQL | undefined): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(participants).where(where);
  return row?.n ?? 0;
}

const SORT_COLUMNS: Record<string, PgColumn> = {
  raisonSocialeEntreprise: participants.companyName,
  id: participants.id,
  nom: participants.lastName,
  prenom: participants.firstName,
  dateNaissance: participants.birthDate,
  mail: participants.email,
};

/** The ids the database itself orders, as the list must show them. */
async function expectedIds(where: SQL | undefined, field: string, descending: boolean, limit: number) {
  const direction = descending ? desc : asc;
  const column = SORT_COLUMNS[field] ?? participants.id;
  const rows = await ctx.database.db
    .select({ id: participants.id })
    .from(participants)
    .where(where)
    .orderBy(direction(column), direction(participants.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

describe('GET /api/adherentsCorrespondant', () => {
  it('by default lists 15 active participants of the scope by company name, with the scope total', async () => {
    const scope = await scopeOf(ctx, 'corr.groupe');
    const reply = await page('corr.groupe');
    const active = and(scope, eq(participants.active, true));
    expect(reply.totalRows).toBe(await dbCount(active));
    expect(reply.totalRows).toBeGreaterThan(15);
    expect(reply.items).toHaveLength(15);
    expect(reply.subTotal).toBe(15);
    expect(reply.items.every((row) => row.actif)).toBe(true);
    expect(reply.items.map((row) => row.id)).toEqual(
      await expectedIds(active, 'raisonSocialeEntreprise', false, 15),
    );
  });

  it('pages without overlap, the last page holding the rest', async () => {
    const scope = await scopeOf(ctx, 'corr.etablissement');
    const active = and(scope, eq(participants.active, true));
    const expected = await expectedIds(active, 'raisonSocialeEntreprise', false, 1000);
    const first = await page('corr.etablissement', { page: '0', size: '10' });
    const second = await page('corr.etablissement', { page: '1', size: '10' });
    expect([...first.items, ...second.items].map((row) => row.id)).toEqual(expected.slice(0, 20));
    const lastIndex = Math.floor((expected.length - 1) / 10);
    const last = await page('corr.etablissement', { page: String(lastIndex), size: '10' });
    expect(last.subTotal).toBe(expected.length - lastIndex * 10);
    expect(last.totalRows).toBe(expected.length);
    const beyond = await page('corr.etablissement', { page: String(lastIndex + 1), size: '10' });
    expect(beyond.items).toEqual([]);
    expect(beyond.subTotal).toBe(0);
  });

  it.each(PARTICIPANT_SORT_FIELDS.flatMap((field) => [`${field},ASC`, `${field},DESC`]))(
    'sorts by %s, id breaking ties in the same direction',
    async (sort) => {
      const [field = '', direction] = sort.split(',');
      const scope = await scopeOf(ctx, 'corr.groupe');
      const reply = await page('corr.groupe', { sort, size: '40', actif: 'false' });
      expect(reply.items.map((row) => row.id)).toEqual(
        await expectedIds(scope, field, direction === 'DESC', 40),
      );
    },
  );

  it('refuses an unknown sort field or a malformed sort', async () => {
    for (const sort of ['birthDate,ASC', 'nom', 'nom,UP']) {
      const reply = await list('corr.groupe', { sort });
      expect(reply.statusCode).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors).toEqual([
        { field: 'sort', defaultMessage: 'errors.sort' },
      ]);
    }
  });

  it('with actif=false lists inactive participants too, still in company-name order', async () => {
    const scope = await scopeOf(ctx, 'corr.groupe');
    const all = await page('corr.groupe', { actif: 'false', size: '100' });
    expect(all.totalRows).toBe(await dbCount(scope));
    expect(all.totalRows).toBeGreaterThan(await dbCount(and(scope, eq(participants.active, true))));
    expect(all.items.map((row) => row.id)).toEqual(
      await expectedIds(scope, 'raisonSocialeEntreprise', false, 100),
    );
    const second = await page('corr.groupe', { actif: 'false', size: '100', page: '1' });
    const expected = await expectedIds(scope, 'raisonSocialeEntreprise', false, 200);
    expect(second.items.map((row) => row.id)).toEqual(expected.slice(100));
    const inactive = await findParticipant(
      ctx,
      and(scope, eq(participants.active, false)),
      'inactive in scope',
    );
    const byId = await page('corr.groupe', { actif: 'false', idParticipant: String(inactive.id) });
    expect(byId.items.map((row) => [row.id, row.actif])).toEqual([[inactive.id, false]]);
    const activeOnly = await page('corr.groupe', { idParticipant: String(inactive.id) });
    expect(activeOnly.totalRows).toBe(0);
  });

  it('searches the last name by prefix, whatever its case and accents', async () => {
    const scope = await scopeOf(ctx, 'corr.groupe');
    const someone = await findParticipant(ctx, and(scope, eq(participants.active, true)), 'active in scope');
    const prefix = someone.lastName.slice(0, 2);
    // `é` and lower case both normalise to the stored upper case without accents.
    const typed = prefix.toLowerCase().replace('e', 'é');
    const reply = await page('corr.groupe', { nom: ` ${typed} `, size: '100' });
    const expected = await dbCount(
      and(scope, eq(participants.active, true), like(participants.lastName, `${prefix}%`)),
    );
    expect(reply.totalRows).toBe(expected);
    expect(reply.items.every((row) => row.nom.startsWith(prefix))).toBe(true);
    expect(reply.items.map((row) => row.id)).toContain(someone.id);
    // LIKE's wildcards are searched literally.
    expect((await page('corr.groupe', { nom: '%' })).totalRows).toBe(0);
    expect((await page('corr.groupe', { nom: '_' })).totalRows).toBe(0);
  });

  it('searches the first name by prefix, case- and accent-insensitively', async () => {
    // Léa Dubois (participant.test4) belongs to corr.etablissement's establishment.
    const [lea] = await ctx.database.db
      .select({ id: users.participantId })
      .from(users)
      .where(eq(users.login, 'participant.test4'));
    for (const prenom of ['lea', 'LÉA', 'Lé', 'l']) {
      const reply = await page('corr.etablissement', { prenom, size: '100' });
      expect(reply.items.map((row) => row.id)).toContain(lea?.id);
      expect(
        reply.items.every((row) =>
          row.prenom
            .normalize('NFD')
            .replace(/\p{M}/gu, '')
            .toUpperCase()
            .startsWith(prenom.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()),
        ),
      ).toBe(true);
    }
    expect((await page('corr.etablissement', { prenom: 'lex' })).items.map((row) => row.id)).not.toContain(
      lea?.id,
    );
  });

  it('finds one participant by id, within the scope only', async () => {
    const scope = await scopeOf(ctx, 'corr.etablissement');
    const mine = await findParticipant(ctx, and(scope, eq(participants.active, true)), 'active in scope');
    const other = await findParticipant(ctx, and(not(scope), eq(participants.active, true)), 'outside scope');
    const found = await page('corr.etablissement', { idParticipant: String(mine.id) });
    expect(found.items.map((row) => row.id)).toEqual([mine.id]);
    expect(found.totalRows).toBe(1);
    expect((await page('corr.etablissement', { idParticipant: String(other.id) })).totalRows).toBe(0);
    const invalid = await list('corr.etablissement', { idParticipant: 'abc' });
    expect(invalid.statusCode).toBe(400);
  });

  it('lets a group correspondant tell employees apart by company and establishment, within the scope only', async () => {
    const scope = await scopeOf(ctx, 'corr.groupe');
    const companyIds = await ctx.database.db
      .selectDistinct({ id: participants.companyId })
      .from(participants)
      .where(scope);
    const establishmentIds = await ctx.database.db
      .selectDistinct({ id: participants.establishmentId })
      .from(participants)
      .where(scope);
    // The demo group holds several of each, or the filters would not be offered.
    expect(companyIds.length).toBeGreaterThan(1);
    expect(establishmentIds.length).toBeGreaterThan(1);
    for (const { id } of companyIds) {
      const found = await page('corr.groupe', { actif: 'false', idEntreprise: String(id), size: '100' });
      expect(found.totalRows).toBe(await dbCount(and(scope, eq(participants.companyId, id))));
      expect(found.items.every((row) => row.idEntreprise === id)).toBe(true);
    }
    const establishment = establishmentIds[0]?.id ?? -1;
    const inEstablishment = await page('corr.groupe', {
      actif: 'false',
      idEtablissement: String(establishment),
    });
    expect(inEstablishment.totalRows).toBe(
      await dbCount(and(scope, eq(participants.establishmentId, establishment))),
    );
    expect(inEstablishment.items.every((row) => row.idEtablissement === establishment)).toBe(true);

    // Another scope's company or establishment matches nobody, exactly as an unknown id does.
    const other = await findParticipant(ctx, not(scope), 'outside the group');
    for (const [name, id] of [
      ['idEntreprise', other.companyId],
      ['idEtablissement', other.establishmentId],
    ] as const) {
      const foreign = await list('corr.groupe', { [name]: String(id) });
      const unknown = await list('corr.groupe', { [name]: '2147483000' });
      expect(foreign.statusCode).toBe(200);
      expect(foreign.body).toBe(unknown.body);
      expect(participantListReply.parse(foreign.json()).totalRows).toBe(0);
      expect((await list('corr.groupe', { [name]: 'abc' })).statusCode).toBe(400);
    }
    // An establishment correspondant naming their own company still sees only their establishment.
    const own = await scopeOf(ctx, 'corr.etablissement');
    const mine = await findParticipant(ctx, own, 'in the establishment');
    const narrowed = await page('corr.etablissement', {
      actif: 'false',
      idEntreprise: String(mine.companyId),
    });
    expect(narrowed.totalRows).toBe(await dbCount(own));
  });

  it('lists the scope establishments with their company', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: '/api/etablissements-correspondant',
      headers: await headersOf(ctx, 'corr.groupe'),
    });
    expect(reply.statusCode).toBe(200);
    const rows = reply.json<{ id: number; idEntreprise: number; entreprise: string }[]>();
    expect(new Set(rows.map((row) => row.idEntreprise)).size).toBeGreaterThan(1);
    for (const row of rows) expect(row.entreprise.length).toBeGreaterThan(0);
  });

  it('gives each correspondant their scope: establishment ⊂ company ⊂ group, nothing of an unrelated one', async () => {
    const totals: Record<string, number> = {};
    const ids: Record<string, Set<number>> = {};
    const logins: CorrespondantLogin[] = [
      'corr.etablissement',
      'corr.entreprise',
      'corr.groupe',
      'corr.autre',
    ];
    for (const login of logins) {
      const first = await page(login, { actif: 'false', size: '100' });
      totals[login] = first.totalRows;
      expect(first.totalRows).toBe(await dbCount(await scopeOf(ctx, login)));
      const all: number[] = [];
      for (let n = 0; n * 100 < first.totalRows; n++) {
        const next = n === 0 ? first : await page(login, { actif: 'false', size: '100', page: String(n) });
        all.push(...next.items.map((row) => row.id));
      }
      ids[login] = new Set(all);
      expect(ids[login].size).toBe(first.totalRows);
    }
    expect(totals['corr.etablissement']).toBeGreaterThan(0);
    expect(totals['corr.entreprise']).toBeGreaterThan(totals['corr.etablissement'] ?? 0);
    expect(totals['corr.groupe']).toBeGreaterThan(totals['corr.entreprise'] ?? 0);
    const inside = (small: string, big: string) => [...(ids[small] ?? [])].every((id) => ids[big]?.has(id));
    expect(inside('corr.etablissement', 'corr.entreprise')).toBe(true);
    expect(inside('corr.entreprise', 'corr.groupe')).toBe(true);
    expect([...(ids['corr.autre'] ?? [])].some((id) => ids['corr.groupe']?.has(id))).toBe(false);
    expect(totals['corr.autre']).toBeGreaterThan(0);
  });

  it('shows a participant only themselves', async () => {
    const [me] = await ctx.database.db
      .select({ id: users.participantId })
      .from(users)
      .where(eq(users.login, 'participant.dmc'));
    const reply = await list('participant.dmc', { actif: 'false' }, 'participant');
    expect(reply.statusCode).toBe(200);
    const body = participantListReply.parse(reply.json());
    expect(body.items.map((row) => row.id)).toEqual([me?.id]);
    expect(body.totalRows).toBe(1);
  });

  it('answers the row fields from the stored record', async () => {
    const scope = await scopeOf(ctx, 'corr.etablissement');
    const withTransfer = await findParticipant(
      ctx,
      and(scope, eq(participants.transferInProgress, true)),
      'with a transfer in progress in corr.etablissement',
    );
    const reply = await page('corr.etablissement', {
      idParticipant: String(withTransfer.id),
      actif: 'false',
    });
    expect(reply.items[0]).toEqual({
      id: withTransfer.id,
      actif: withTransfer.active,
      civilite: withTransfer.civilityId,
      nom: withTransfer.lastName,
      prenom: withTransfer.firstName,
      dateNaissance: withTransfer.birthDate,
      mail: withTransfer.email,
      mutationEnCours: true,
      bilanEnCours: withTransfer.checkupInProgress,
      raisonSocialeEntreprise: withTransfer.companyName,
      idEntreprise: withTransfer.companyId,
      idEtablissement: withTransfer.establishmentId,
    });
  });

  it('is refused to an admin and to anonymous callers', async () => {
    const admin = await headersOf(ctx, 'admin', 'staff');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/adherentsCorrespondant', headers: admin }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/adherentsCorrespondant' })).statusCode).toBe(
      401,
    );
  });
});
