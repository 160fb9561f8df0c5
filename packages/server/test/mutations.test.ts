import { formatPersonName } from '@portail/contract/rules/person-name';
import { errorReply } from '@portail/contract/schemas/common';
import { correspondantHome } from '@portail/contract/schemas/home';
import { type MutationRow, mutationListReply, mutationRow } from '@portail/contract/schemas/mutations';
import { and, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enumItems, establishments, mutations } from '../src/db/schema';
import { MOVEMENT_TYPE } from '../src/demo/reference';
import { createTestContext, type TestContext } from './helper';
import { act, establishmentOf, MAIN, newParticipant, OTHER, requestTransfer } from './mutations-fixtures';
import { correspondantOf, headersOf } from './participants-fixtures';

/** GET mutation and GET mutation/{id} (docs/transfers.md#list, docs/transfers.md#api): filters, order, pages, scope, rows. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 300 });
});
afterAll(async () => ctx.close());

async function get(login: string, query: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: '/api/mutation', headers: await headersOf(ctx, login), query });
}

async function list(login: string, query: Record<string, string> = {}) {
  const reply = await get(login, query);
  expect(reply.statusCode, reply.body).toBe(200);
  return mutationListReply.parse(reply.json());
}

async function fieldErrors(login: string, query: Record<string, string>) {
  const reply = await get(login, query);
  expect(reply.statusCode, reply.body).toBe(400);
  return errorReply.parse(reply.json()).fieldErrors;
}

async function detail(login: string, id: number | string) {
  return ctx.app.inject({ method: 'GET', url: `/api/mutation/${id}`, headers: await headersOf(ctx, login) });
}

/** The scope columns of a correspondant at each end of a transfer, and their id. */
async function endsOf(login: string): Promise<{ source: PgColumn; destination: PgColumn; id: number }> {
  const me = await correspondantOf(ctx, login);
  if (me.scopeLevel === 'ETABLISSEMENT')
    return {
      source: mutations.sourceEstablishmentId,
      destination: mutations.destinationEstablishmentId,
      id: me.establishmentId ?? -1,
    };
  if (me.scopeLevel === 'ENTREPRISE')
    return {
      source: mutations.sourceCompanyId,
      destination: mutations.destinationCompanyId,
      id: me.companyId ?? -1,
    };
  return { source: mutations.sourceGroupId, destination: mutations.destinationGroupId, id: me.groupId ?? -1 };
}

async function countIn(where: SQL | undefined): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(mutations).where(where);
  return row?.n ?? 0;
}

/** Date descending, then id descending. */
function expectNewestFirst(items: MutationRow[]) {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1], items[i]];
    if (!a || !b) continue;
    expect(a.date > b.date || (a.date === b.date && a.id > b.id), `${a.id} before ${b.id}`).toBe(true);
  }
}

async function home(login: string) {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/get-detail-accueil',
    headers: await headersOf(ctx, login),
  });
  return correspondantHome.parse(reply.json());
}

describe('GET /api/mutation', () => {
  it('lists the transfers in progress with an end in the establishment, newest first, 20 a page', async () => {
    const main = await establishmentOf(ctx, MAIN);
    // Enough transfers for more than one page: six of the demo's plus new ones out of the establishment.
    const other = await establishmentOf(ctx, OTHER);
    for (let i = 0; i < 16; i++) await requestTransfer(ctx, await newParticipant(ctx), other);
    const reply = await list(MAIN);
    const { source, destination, id } = await endsOf(MAIN);
    const expected = await countIn(
      and(or(eq(source, id), eq(destination, id)), eq(mutations.inProgress, true)),
    );
    expect(reply.totalRows).toBe(expected);
    expect(expected).toBeGreaterThan(20);
    expect(reply.items).toHaveLength(20);
    expect(reply.subTotal).toBe(20);
    for (const row of reply.items) {
      expect(row.encours).toBe(true);
      expect([row.etablissementSource.id, row.etablissementDestination.id]).toContain(main);
    }
    expectNewestFirst(reply.items);
    const second = await list(MAIN, { page: '1' });
    expect(second.items).toHaveLength(Math.min(expected - 20, 20));
    expect(second.items.map((row) => row.id)).not.toContain(reply.items[0]?.id);
  });

  it('shows closed transfers too with encours=false, and one direction with entrantes or sortantes', async () => {
    const main = await establishmentOf(ctx, MAIN);
    const closed = await requestTransfer(ctx, await newParticipant(ctx), await establishmentOf(ctx, OTHER));
    expect((await act(ctx, closed, 'annuler', MAIN)).statusCode).toBe(200);
    const { source, destination, id } = await endsOf(MAIN);
    const all = await list(MAIN, { encours: 'false', size: '100' });
    expect(all.totalRows).toBe(await countIn(or(eq(source, id), eq(destination, id))));
    expect(all.items.find((row) => row.id === closed)?.encours).toBe(false);
    expectNewestFirst(all.items);

    const counts = await home(MAIN);
    const incoming = await list(MAIN, { entrantes: 'true', size: '100' });
    expect(incoming.totalRows).toBe(counts.nbMutationsEntrantes);
    expect(incoming.items.every((row) => row.etablissementDestination.id === main && row.encours)).toBe(true);
    const outgoing = await list(MAIN, { sortantes: 'true', size: '100' });
    expect(outgoing.totalRows).toBe(counts.nbMutationsSortantes);
    expect(outgoing.items.every((row) => row.etablissementSource.id === main && row.encours)).toBe(true);
    const everyOutgoing = await list(MAIN, { sortantes: 'true', encours: 'false', size: '100' });
    expect(everyOutgoing.totalRows).toBe(await countIn(eq(source, id)));
    expect(everyOutgoing.items.map((row) => row.id)).toContain(closed);
    // Explicitly false is no filter.
    expect((await list(MAIN, { entrantes: 'false', sortantes: 'false' })).totalRows).toBe(
      (await list(MAIN)).totalRows,
    );
  });

  it('pages in one stable order: dates descending, ties by id; and ascending when asked', async () => {
    const whole = (await list('corr.groupe', { encours: 'false', size: '12' })).items;
    const pages = [];
    for (const page of ['0', '1', '2', '3'])
      pages.push(...(await list('corr.groupe', { encours: 'false', size: '3', page })).items);
    expect(pages.map((row) => row.id)).toEqual(whole.map((row) => row.id));
    const ascending = await list('corr.groupe', { encours: 'false', size: '100', sort: 'date,ASC' });
    expect(ascending.items.map((row) => row.id)).toEqual(
      [...ascending.items]
        .sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1))
        .map((row) => row.id),
    );
  });

  it('reaches a company or a group by the columns of either end', async () => {
    for (const login of ['corr.entreprise', 'corr.groupe', OTHER]) {
      const { source, destination, id } = await endsOf(login);
      const reply = await list(login, { encours: 'false', size: '100' });
      expect(reply.totalRows, login).toBe(await countIn(or(eq(source, id), eq(destination, id))));
      const ids = reply.items.map((row) => row.id);
      expect(ids.length, login).toBeGreaterThan(0);
      const rows = await ctx.database.db
        .select({ source, destination })
        .from(mutations)
        .where(or(...ids.map((value) => eq(mutations.id, value))));
      expect(
        rows.every((row) => row.source === id || row.destination === id),
        login,
      ).toBe(true);
    }
  });

  it('refuses both directions at once, directions for a company or a group, and bad parameters', async () => {
    expect(await fieldErrors(MAIN, { entrantes: 'true', sortantes: 'true' })).toEqual([
      { field: 'sortantes', defaultMessage: 'mutations.errors.directionsExclusives' },
    ]);
    expect(await fieldErrors('corr.entreprise', { entrantes: 'true' })).toEqual([
      { field: 'entrantes', defaultMessage: 'mutations.errors.directionsEtablissementSeulement' },
    ]);
    expect(await fieldErrors('corr.groupe', { sortantes: 'true' })).toEqual([
      { field: 'sortantes', defaultMessage: 'mutations.errors.directionsEtablissementSeulement' },
    ]);
    expect(await fieldErrors(MAIN, { encours: 'peut-être' })).toEqual([
      { field: 'encours', defaultMessage: 'errors.invalid' },
    ]);
    expect(await fieldErrors(MAIN, { sort: 'nom,ASC' })).toEqual([
      { field: 'sort', defaultMessage: 'errors.sort' },
    ]);
    expect((await fieldErrors(MAIN, { page: '-1' }))?.[0]?.field).toBe('page');
    expect((await fieldErrors(MAIN, { size: '0' }))?.[0]?.field).toBe('size');
  });
});

describe('rows and GET /api/mutation/:id', () => {
  it('describes the transfer and what each end may do with it', async () => {
    const main = await establishmentOf(ctx, MAIN);
    const other = await establishmentOf(ctx, OTHER);
    const participant = await newParticipant(ctx);
    const id = await requestTransfer(ctx, participant, other, { reason: 53, comment: 'CDD terminé' });
    const names = await ctx.database.db
      .select({ id: establishments.id, name: establishments.name })
      .from(establishments)
      .where(or(eq(establishments.id, main), eq(establishments.id, other)));
    const nameOf = (value: number) => names.find((row) => row.id === value)?.name;
    const author = await correspondantOf(ctx, MAIN);
    const fromSource = await detail(MAIN, id);
    expect(fromSource.statusCode, fromSource.body).toBe(200);
    const row = mutationRow.parse(fromSource.json());
    expect(row).toMatchObject({
      id,
      auteurMouvement: formatPersonName(author.lastName, author.firstName),
      participant: { id: participant, bilanEnCours: false },
      allowedToCancel: 1,
      allowedToAccept: false,
      encours: true,
      sens: 'SORTANTE',
      etablissementSource: { id: main, raisonsociale: nameOf(main) },
      etablissementDestination: { id: other, raisonsociale: nameOf(other) },
      motifMouvement: { id: 53, label: 'Fin de contrat', labelEn: 'End of contract' },
      commentaireMouvement: 'CDD terminé',
      typeMouvement: { id: MOVEMENT_TYPE.transfer, label: 'Mutation', labelEn: 'Transfer' },
      bilanEnCours: false,
      demandePriseEnChargeBilan: false,
    });
    expect(row.participant.name).toBe(formatPersonName(row.participant.nom, row.participant.prenom));
    expect(Date.now() - Date.parse(row.date)).toBeLessThan(60_000);
    // The list shows the same row.
    expect((await list(MAIN, { size: '100' })).items.find((item) => item.id === id)).toEqual(row);
    // The destination may accept it.
    const fromDestination = mutationRow.parse((await detail(OTHER, id)).json());
    expect(fromDestination).toMatchObject({ allowedToAccept: true, allowedToCancel: 1, sens: 'ENTRANTE' });
  });

  it('tells each scope whether a transfer arrives, leaves or stays inside it', async () => {
    for (const login of [MAIN, 'corr.entreprise', 'corr.groupe']) {
      const scope = await correspondantOf(ctx, login);
      const inScope = (end: { establishmentId: number; companyId: number; groupId: number | null }) =>
        login === MAIN
          ? end.establishmentId === scope.establishmentId
          : login === 'corr.entreprise'
            ? end.companyId === scope.companyId
            : end.groupId === scope.groupId;
      const items = (await list(login, { encours: 'false', size: '100' })).items;
      const ends = await ctx.database.db
        .select()
        .from(mutations)
        .where(
          inArray(
            mutations.id,
            items.map((item) => item.id),
          ),
        );
      const seen = new Set<string>();
      for (const item of items) {
        const row = ends.find((end) => end.id === item.id);
        if (!row) throw new Error(`transfer ${item.id} not found`);
        const arrives = inScope({
          establishmentId: row.destinationEstablishmentId,
          companyId: row.destinationCompanyId,
          groupId: row.destinationGroupId,
        });
        const leaves = inScope({
          establishmentId: row.sourceEstablishmentId,
          companyId: row.sourceCompanyId,
          groupId: row.sourceGroupId,
        });
        expect(item.sens, `${login} ${item.id}`).toBe(
          arrives ? (leaves ? 'INTERNE' : 'ENTRANTE') : 'SORTANTE',
        );
        seen.add(item.sens);
      }
      // The demo data has transfers each way for the establishment, and inside the group.
      if (login === MAIN) expect([...seen].sort()).toEqual(['ENTRANTE', 'SORTANTE']);
      if (login === 'corr.groupe') expect(seen).toContain('INTERNE');
    }
  });

  it('names the reason in both languages when the request gave one', async () => {
    const [withReason] = await ctx.database.db
      .select({
        id: mutations.id,
        label: enumItems.label,
        labelEn: enumItems.labelEn,
        reasonId: mutations.reasonId,
      })
      .from(mutations)
      .innerJoin(enumItems, eq(enumItems.id, mutations.reasonId))
      .where(eq(mutations.sourceGroupId, (await correspondantOf(ctx, 'corr.groupe')).groupId ?? -1))
      .limit(1);
    if (!withReason) throw new Error('the demo data has no transfer with a reason in the group');
    const reply = await detail('corr.groupe', withReason.id);
    expect(mutationRow.parse(reply.json()).motifMouvement).toEqual({
      id: withReason.reasonId,
      label: withReason.label,
      labelEn: withReason.labelEn,
    });
  });

  it("answers 404 for another scope's transfer or an unknown one, 400 for an id that is none", async () => {
    const { source, destination, id } = await endsOf(OTHER);
    const [foreign] = await ctx.database.db
      .select({ id: mutations.id })
      .from(mutations)
      .where(and(eq(mutations.sourceGroupId, (await correspondantOf(ctx, 'corr.groupe')).groupId ?? -1)))
      .limit(1);
    if (!foreign) throw new Error('the demo data has no transfer in the group');
    expect(await countIn(and(eq(mutations.id, foreign.id), or(eq(source, id), eq(destination, id))))).toBe(0);
    expect((await detail(OTHER, foreign.id)).statusCode).toBe(404);
    expect((await detail(MAIN, 999_999)).statusCode).toBe(404);
    expect((await detail(MAIN, 'abc')).statusCode).toBe(400);
    expect((await detail(MAIN, 0)).statusCode).toBe(400);
  });
});
