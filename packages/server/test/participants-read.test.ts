import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { errorReply } from '@portail/contract/schemas/common';
import { correspondantHome } from '@portail/contract/schemas/home';
import {
  correspondantEstablishmentsReply,
  destinationsReply,
  PARTICIPANT_MESSAGES,
  participant,
  participantEstablishment,
} from '@portail/contract/schemas/participants';
import { and, asc, count, eq, isNull, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  establishmentCheckupTypes,
  establishments,
  groups,
  managers,
  mutations,
  participants,
  users,
} from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import {
  type CorrespondantLogin,
  correspondantOf,
  findParticipant,
  headersOf,
  scopeOf,
} from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 300 });
});
afterAll(async () => ctx.close());

const LEVELS: CorrespondantLogin[] = ['corr.etablissement', 'corr.entreprise', 'corr.groupe', 'corr.autre'];

async function get(url: string, login: string, kind: 'participant' | 'correspondant' = 'correspondant') {
  return ctx.app.inject({ method: 'GET', url, headers: await headersOf(ctx, login, kind) });
}

async function participantIdOf(login: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: users.participantId })
    .from(users)
    .where(eq(users.login, login));
  if (!row?.id) throw new Error(`no participant account ${login}`);
  return row.id;
}

describe('participant detail', () => {
  it.each(LEVELS)(
    '%s reads a participant of their scope on both paths, and gets 404 for another scope',
    async (login) => {
      const scope = await scopeOf(ctx, login);
      const mine = await findParticipant(ctx, scope, `in the scope of ${login}`);
      const other = await findParticipant(ctx, not(scope), `outside the scope of ${login}`);
      for (const url of [`/api/adherents/${mine.id}`, `/api/adherentsCorrespondant/detail/${mine.id}`]) {
        const reply = await get(url, login);
        expect(reply.statusCode, reply.body).toBe(200);
        const body = participant.parse(reply.json());
        expect(body.id).toBe(mine.id);
        expect(body.nom).toBe(mine.lastName);
      }
      for (const url of [`/api/adherents/${other.id}`, `/api/adherentsCorrespondant/detail/${other.id}`]) {
        const reply = await get(url, login);
        expect(reply.statusCode).toBe(404);
        expect(errorReply.parse(reply.json()).message).toBe('http.404');
      }
      // An id that exists nowhere answers exactly as another scope's.
      const unknown = await get('/api/adherents/2000000000', login);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual((await get(`/api/adherents/${other.id}`, login)).json());
    },
  );

  it('gives a participant their own record only', async () => {
    const me = await participantIdOf('participant.dmc');
    const other = await participantIdOf('participant.sansdmc');
    const own = await get(`/api/adherents/${me}`, 'participant.dmc', 'participant');
    expect(own.statusCode).toBe(200);
    expect(participant.parse(own.json()).id).toBe(me);
    expect((await get(`/api/adherents/${other}`, 'participant.dmc', 'participant')).statusCode).toBe(404);
    expect(
      (await get(`/api/adherentsCorrespondant/detail/${other}`, 'participant.dmc', 'participant')).statusCode,
    ).toBe(404);
  });

  it('answers a record whose stored names begin with = + - @ (typed before the form refused them)', async () => {
    const scope = await scopeOf(ctx, 'corr.etablissement');
    const row = await findParticipant(ctx, scope, 'in scope');
    const names = { lastName: '=1+1', firstName: '@SUM(A1)', maidenName: '-2' };
    await ctx.database.db.update(participants).set(names).where(eq(participants.id, row.id));
    try {
      const reply = await get(`/api/adherents/${row.id}`, 'corr.etablissement');
      expect(reply.statusCode, reply.body).toBe(200);
      expect(participant.parse(reply.json())).toMatchObject({
        nom: '=1+1',
        prenom: '@SUM(A1)',
        nomJeuneFille: '-2',
      });
    } finally {
      const { lastName, firstName, maidenName } = row;
      await ctx.database.db
        .update(participants)
        .set({ lastName, firstName, maidenName })
        .where(eq(participants.id, row.id));
    }
  });

  it('joins the establishment, company, group and manager, and answers every stored field', async () => {
    const scope = await scopeOf(ctx, 'corr.groupe');
    const row = await findParticipant(ctx, and(scope, eq(participants.active, false)), 'inactive in scope');
    const body = participant.parse((await get(`/api/adherents/${row.id}`, 'corr.groupe')).json());
    const [org] = await ctx.database.db
      .select({
        establishment: establishments.name,
        company: companies.name,
        group: groups.name,
        manager: managers.name,
      })
      .from(establishments)
      .innerJoin(companies, eq(companies.id, establishments.companyId))
      .leftJoin(groups, eq(groups.id, companies.groupId))
      .leftJoin(managers, eq(managers.id, establishments.managerId))
      .where(eq(establishments.id, row.establishmentId));
    expect(body.etablissement).toEqual({ id: row.establishmentId, raisonsociale: org?.establishment });
    expect(body.entreprise).toEqual({ id: row.companyId, raisonsociale: org?.company });
    expect(body.groupement).toEqual({ id: row.groupId, raisonsociale: org?.group });
    expect(body.gestionnaire?.name).toBe(org?.manager);
    expect(body).toMatchObject({
      actif: false,
      dateResiliation: row.terminationDate,
      motifResiliation: row.terminationReasonId,
      dateNaissance: row.birthDate,
      typeBilan: row.checkupTypeId,
      provenance: row.originId,
      nomPhonetique: row.phoneticName,
      verrouille: row.lockedByExternalSystem,
      adresse: {
        codePostal: row.addressPostalCode,
        localite: row.addressLocality,
        pays: row.addressCountryId,
      },
    });
    expect(body.dateResiliation).not.toBeNull();
  });
});

describe('GET /api/etablissement-participant/:id', () => {
  it('answers the participant establishment with its address and check-up types, in scope only', async () => {
    const scope = await scopeOf(ctx, 'corr.entreprise');
    const mine = await findParticipant(ctx, scope, 'in the company');
    const other = await findParticipant(ctx, not(scope), 'outside the company');
    const reply = await get(`/api/etablissement-participant/${mine.id}`, 'corr.entreprise');
    expect(reply.statusCode).toBe(200);
    const body = participantEstablishment.parse(reply.json());
    const [e] = await ctx.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, mine.establishmentId));
    const types = await ctx.database.db
      .select({ id: establishmentCheckupTypes.checkupTypeId })
      .from(establishmentCheckupTypes)
      .where(eq(establishmentCheckupTypes.establishmentId, mine.establishmentId));
    expect(body).toMatchObject({
      id: mine.establishmentId,
      raisonsociale: e?.name,
      siret: e?.siret,
      entreprise: { id: mine.companyId },
      adresse: { codePostal: e?.geoPostalCode, localite: e?.geoLocality, pays: e?.geoCountryId },
    });
    expect([...body.typesBilan].sort()).toEqual(types.map((t) => t.id).sort());
    expect((await get(`/api/etablissement-participant/${other.id}`, 'corr.entreprise')).statusCode).toBe(404);
    const me = await participantIdOf('participant.dmc');
    expect(
      (await get(`/api/etablissement-participant/${me}`, 'participant.dmc', 'participant')).statusCode,
    ).toBe(200);
    const stranger = await participantIdOf('participant.en');
    expect(
      (await get(`/api/etablissement-participant/${stranger}`, 'participant.dmc', 'participant')).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/etablissements-correspondant', () => {
  it.each(LEVELS)('lists the establishments of the scope of %s, by name', async (login) => {
    const c = await correspondantOf(ctx, login);
    const reply = await get('/api/etablissements-correspondant', login);
    expect(reply.statusCode).toBe(200);
    const body = correspondantEstablishmentsReply.parse(reply.json());
    const where =
      c.scopeLevel === 'ETABLISSEMENT'
        ? eq(establishments.id, c.establishmentId ?? -1)
        : c.scopeLevel === 'ENTREPRISE'
          ? eq(establishments.companyId, c.companyId ?? -1)
          : eq(companies.groupId, c.groupId ?? -1);
    const expected = await ctx.database.db
      .select({ id: establishments.id })
      .from(establishments)
      .innerJoin(companies, eq(companies.id, establishments.companyId))
      .where(where)
      .orderBy(asc(establishments.name), asc(establishments.id));
    expect(body.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(body.length).toBeGreaterThan(0);
    if (c.scopeLevel === 'ETABLISSEMENT') expect(body).toHaveLength(1);
  });

  it('is for correspondants only', async () => {
    expect(
      (await get('/api/etablissements-correspondant', 'participant.dmc', 'participant')).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/etablissements-mutation', () => {
  it('finds open establishments of the whole centre by company or establishment name, accents and case ignored', async () => {
    const [company] = await ctx.database.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .orderBy(asc(companies.id))
      .limit(1);
    const word = company?.name.split(/\s+/)[0] ?? '';
    const typed = word.slice(0, 4).toLowerCase().replace('e', 'é');
    const reply = await get(
      `/api/etablissements-mutation?recherche=${encodeURIComponent(typed)}`,
      'corr.autre',
    );
    expect(reply.statusCode).toBe(200);
    const body = destinationsReply.parse(reply.json());
    const ownCompany = await ctx.database.db
      .select({ id: establishments.id })
      .from(establishments)
      .where(and(eq(establishments.companyId, company?.id ?? -1), isNull(establishments.terminationDate)));
    expect(body.map((e) => e.id)).toEqual(expect.arrayContaining(ownCompany.map((e) => e.id)));
    expect(body.length).toBeLessThanOrEqual(20);
    const sorted = [...body].sort(
      (a, b) =>
        (a.entreprise < b.entreprise ? -1 : a.entreprise > b.entreprise ? 1 : 0) ||
        (a.raisonsociale < b.raisonsociale ? -1 : a.raisonsociale > b.raisonsociale ? 1 : 0),
    );
    expect(body.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
  });

  it('never offers a terminated establishment', async () => {
    const [closed] = await ctx.database.db
      .select({ id: establishments.id, name: establishments.name })
      .from(establishments)
      .where(not(isNull(establishments.terminationDate)))
      .limit(1);
    if (!closed) throw new Error('the demo data has no terminated establishment');
    const reply = await get(
      `/api/etablissements-mutation?recherche=${encodeURIComponent(closed.name)}`,
      'corr.groupe',
    );
    expect(destinationsReply.parse(reply.json()).map((e) => e.id)).not.toContain(closed.id);
  });

  it('asks for two characters at least and treats LIKE wildcards literally', async () => {
    const short = await get('/api/etablissements-mutation?recherche=a', 'corr.groupe');
    expect(short.statusCode).toBe(400);
    expect(errorReply.parse(short.json()).fieldErrors?.[0]).toMatchObject({ field: 'recherche' });
    const wildcard = await get('/api/etablissements-mutation?recherche=%25%25', 'corr.groupe');
    expect(destinationsReply.parse(wildcard.json())).toEqual([]);
  });
});

describe('GET /api/get-detail-accueil', () => {
  it.each(LEVELS)(
    'gives %s their attachments and the transfers in progress into and out of their scope',
    async (login) => {
      const c = await correspondantOf(ctx, login);
      const reply = await get('/api/get-detail-accueil', login);
      expect(reply.statusCode).toBe(200);
      const body = correspondantHome.parse(reply.json());
      const [incomingColumn, outgoingColumn, scopeId] =
        c.scopeLevel === 'ETABLISSEMENT'
          ? [mutations.destinationEstablishmentId, mutations.sourceEstablishmentId, c.establishmentId]
          : c.scopeLevel === 'ENTREPRISE'
            ? [mutations.destinationCompanyId, mutations.sourceCompanyId, c.companyId]
            : [mutations.destinationGroupId, mutations.sourceGroupId, c.groupId];
      const countWhere = async (column: typeof incomingColumn | typeof outgoingColumn) => {
        const [row] = await ctx.database.db
          .select({ n: count() })
          .from(mutations)
          .where(and(eq(column, scopeId ?? -1), eq(mutations.state, 'IN_PROGRESS')));
        return row?.n ?? 0;
      };
      expect(body.nbMutationsEntrantes).toBe(await countWhere(incomingColumn));
      expect(body.nbMutationsSortantes).toBe(await countWhere(outgoingColumn));
      expect(body.etablissementRattachement?.id ?? null).toBe(c.establishmentId);
      expect(body.entrepriseRattachement?.id ?? null).toBe(c.companyId);
      expect(body.groupementRattachement?.id ?? null).toBe(c.groupId);
      if (login === 'corr.etablissement') {
        // The demo promises it incoming and outgoing transfers in progress.
        expect(body.nbMutationsEntrantes).toBeGreaterThan(0);
        expect(body.nbMutationsSortantes).toBeGreaterThan(0);
      }
    },
  );

  it('tells the previous sign-in apart from a first one', async () => {
    const first = correspondantHome.parse((await get('/api/get-detail-accueil', 'corr.groupe')).json());
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, 'corr.groupe'));
    expect(first.premiereConnexion).toBe(user?.previousLoginAt === null);
    expect(first.derniereConnexion).toBe(user?.previousLoginAt?.toISOString() ?? null);
  });

  it('is refused to admins, who have no home detail (participants: home-participant.test.ts)', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: '/api/get-detail-accueil',
      headers: await headersOf(ctx, 'admin', 'staff'),
    });
    expect(reply.statusCode).toBe(403);
  });
});

describe('business messages of the participants feature', () => {
  it('are translated in both catalogues', () => {
    for (const file of ['fr_FR.json', 'en_EN.json']) {
      const catalogue = JSON.parse(
        readFileSync(resolve(import.meta.dirname, '../../web/src/i18n', file), 'utf8'),
      ) as Record<string, unknown>;
      const missing = Object.values(PARTICIPANT_MESSAGES).filter((code) => {
        const text = `messages.${code}`
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
        return typeof text !== 'string' || text === '';
      });
      expect(missing, file).toEqual([]);
    }
  });
});
