import { originFor } from '@portail/contract/rules/participant';
import { correspondantHome } from '@portail/contract/schemas/home';
import { mutationRow } from '@portail/contract/schemas/mutations';
import {
  participantListReply,
  participant as participantSchema,
} from '@portail/contract/schemas/participants';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scopeKey } from '../src/auth/scope';
import {
  auditLog,
  checkups,
  establishmentCheckupTypes,
  establishments,
  mutations,
  participants,
} from '../src/db/schema';
import { CHECKUP_TYPE } from '../src/demo/reference';
import type { ParticipantPageCache } from '../src/features/participants/participant-page-cache';
import { createTestContext, type TestContext } from './helper';
import {
  act,
  codesOf,
  establishmentOf,
  MAIN,
  mutationRecord,
  newParticipant,
  OTHER,
  requestTransfer,
} from './mutations-fixtures';
import {
  correspondantOf,
  headersOf,
  lastAudit,
  participantRow,
  takeParticipant,
} from './participants-fixtures';

/**
 * POST mutation/{id}/accepter and /annuler (docs/transfers.md#accept, docs/transfers.md#api): the participant moves (or stays) in one
 * transaction, each end's lists follow at once, refusals change nothing, every outcome is audited.
 */
let ctx: TestContext;

/** The app's own participants list cache (its feature plugin creates it). */
const participantPageCache = () => ctx.app.listCaches.participants as ParticipantPageCache;
let main: number;
let other: number;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 300 });
  main = await establishmentOf(ctx, MAIN);
  other = await establishmentOf(ctx, OTHER);
});
afterAll(async () => ctx.close());

const get = async (login: string, url: string, query: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: await headersOf(ctx, login), query });

/** The page of the login's default participant list (cached by the server) holding the participant. */
async function listPageWith(login: string, participantId: number) {
  for (let page = 0; page < 20; page++) {
    const reply = await get(login, '/api/adherentsCorrespondant', { size: '100', page: String(page) });
    const parsed = participantListReply.parse(reply.json());
    if (parsed.items.some((row) => row.id === participantId) || parsed.items.length < 100)
      return { page: String(page), ...parsed };
  }
  throw new Error('list too long');
}

/** The page cache's key of a default list page of 100 (participant-list.queries.ts). */
const cachedPage = (page: string) => `raisonSocialeEntreprise:a:${Number(page) * 100}:100`;

async function listPage(login: string, page: string) {
  const reply = await get(login, '/api/adherentsCorrespondant', { size: '100', page });
  return participantListReply.parse(reply.json());
}

async function home(login: string) {
  return correspondantHome.parse((await get(login, '/api/get-detail-accueil')).json());
}

async function auditRows() {
  const [row] = await ctx.database.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

/** A refusal leaves the transfer, its participant and the audit log as they were. */
async function expectUnchanged(mutationId: number, participantId: number, attempt: () => Promise<void>) {
  const before = [
    await mutationRecord(ctx, mutationId),
    await participantRow(ctx, participantId),
    await auditRows(),
  ];
  await attempt();
  expect([
    await mutationRecord(ctx, mutationId),
    await participantRow(ctx, participantId),
    await auditRows(),
  ]).toEqual(before);
}

/** The types corr.autre's establishment takes. */
async function typesOfOther(): Promise<number[]> {
  const rows = await ctx.database.db
    .select({ id: establishmentCheckupTypes.checkupTypeId })
    .from(establishmentCheckupTypes)
    .where(eq(establishmentCheckupTypes.establishmentId, other));
  return rows.map((row) => row.id);
}

describe('POST /api/mutation/:id/accepter', () => {
  it('moves the participant to the destination: the source loses them at once, the destination gains them', async () => {
    const participantId = await newParticipant(ctx);
    const id = await requestTransfer(ctx, participantId, other);
    // Both default lists are read (and cached) before the accept. On PostgreSQL the notifications of
    // the creation and the request arrive a moment later and may drop the page just stored: read again
    // until it stays.
    let sourceBefore = await listPageWith(MAIN, participantId);
    await vi.waitFor(
      async () => {
        sourceBefore = await listPageWith(MAIN, participantId);
        expect(
          participantPageCache().get(scopeKey('ETABLISSEMENT', main), cachedPage(sourceBefore.page)),
        ).toBeDefined();
      },
      { timeout: 3000 },
    );
    expect(sourceBefore.items.map((row) => row.id)).toContain(participantId);
    const destinationBefore = await listPage(OTHER, '0');
    expect(destinationBefore.items.map((row) => row.id)).not.toContain(participantId);
    const [mainHome, otherHome] = [await home(MAIN), await home(OTHER)];

    const accepted = await act(ctx, id, 'accepter', OTHER);
    // This instance dropped its cached pages before answering, whatever the notifications' timing.
    expect(participantPageCache().get(scopeKey('ETABLISSEMENT', main), cachedPage(sourceBefore.page))).toBe(
      undefined,
    );
    expect(codesOf(accepted, 200)).toEqual(['INFO mutation.acceptee']);

    const acceptor = await correspondantOf(ctx, OTHER);
    const record = await mutationRecord(ctx, id);
    expect(record).toMatchObject({ state: 'ACCEPTED', inProgress: false, closedByUserId: acceptor.userId });
    expect(Date.now() - (record.closedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    const [destination] = await ctx.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, other));
    const moved = await participantRow(ctx, participantId);
    expect(moved).toMatchObject({
      establishmentId: other,
      companyId: destination?.companyId,
      groupId: acceptor.groupId,
      transferInProgress: false,
    });

    const sourceAfter = await listPage(MAIN, sourceBefore.page);
    expect(sourceAfter.items.map((row) => row.id)).not.toContain(participantId);
    expect(sourceAfter.totalRows).toBe(sourceBefore.totalRows - 1);
    expect((await get(MAIN, `/api/adherents/${participantId}`)).statusCode).toBe(404);
    const destinationAfter = await listPage(OTHER, '0');
    expect(destinationAfter.totalRows).toBe(destinationBefore.totalRows + 1);
    expect((await listPageWith(OTHER, participantId)).items.map((row) => row.id)).toContain(participantId);
    const seen = await get(OTHER, `/api/adherents/${participantId}`);
    expect(seen.statusCode).toBe(200);
    expect(participantSchema.parse(seen.json()).etablissement.id).toBe(other);
    expect(participantSchema.parse(seen.json()).entreprise.raisonsociale).toBe(moved.companyName);

    expect((await home(MAIN)).nbMutationsSortantes).toBe(mainHome.nbMutationsSortantes - 1);
    expect((await home(OTHER)).nbMutationsEntrantes).toBe(otherHome.nbMutationsEntrantes - 1);
    // Both ends still read the closed transfer, which offers nothing more.
    for (const login of [MAIN, OTHER]) {
      const reply = await get(login, `/api/mutation/${id}`);
      expect(mutationRow.parse(reply.json())).toMatchObject({
        encours: false,
        allowedToAccept: false,
        allowedToCancel: 0,
      });
    }
    const source = await correspondantOf(ctx, MAIN);
    expect((await lastAudit(ctx, 'MUTATION_ACCEPTED', participantId))?.details).toEqual({
      mutationId: id,
      before: {
        state: 'IN_PROGRESS',
        establishmentId: main,
        companyId: source.companyId,
        groupId: source.groupId,
        companyName: sourceBefore.items.find((row) => row.id === participantId)?.raisonSocialeEntreprise,
        transferInProgress: true,
      },
      after: {
        state: 'ACCEPTED',
        establishmentId: other,
        companyId: destination?.companyId,
        groupId: acceptor.groupId,
        companyName: moved.companyName,
        transferInProgress: false,
        checkupMovedId: null,
      },
    });
  });

  it('takes the check-up in progress along when its takeover was asked, and leaves it with the source otherwise', async () => {
    const withCheckup = and(
      eq(participants.establishmentId, main),
      eq(participants.active, true),
      eq(participants.checkupInProgress, true),
      eq(participants.transferInProgress, false),
      eq(participants.lockedByExternalSystem, false),
      inArray(participants.checkupTypeId, await typesOfOther()),
    );
    for (const takeover of [true, false]) {
      const person = await takeParticipant(ctx, withCheckup, 'with a check-up in progress to transfer');
      const id = await requestTransfer(ctx, person.id, other, { takeover });
      const detail = mutationRow.parse((await get(OTHER, `/api/mutation/${id}`)).json());
      expect(detail).toMatchObject({
        bilanEnCours: true,
        demandePriseEnChargeBilan: takeover,
        participant: { bilanEnCours: true },
      });
      expect(codesOf(await act(ctx, id, 'accepter', OTHER), 200)).toEqual(['INFO mutation.acceptee']);
      const [checkup] = await ctx.database.db
        .select()
        .from(checkups)
        .where(and(eq(checkups.participantId, person.id), eq(checkups.state, 'IN_PROGRESS')));
      expect(checkup?.establishmentId, `takeover ${takeover}`).toBe(takeover ? other : main);
      expect(checkup?.companyId).toBe(
        takeover ? (await participantRow(ctx, person.id)).companyId : person.companyId,
      );
      expect((await participantRow(ctx, person.id)).establishmentId).toBe(other);
      const audited = await lastAudit(ctx, 'MUTATION_ACCEPTED', person.id);
      expect(audited?.details).toMatchObject({ after: { checkupMovedId: takeover ? checkup?.id : null } });
    }
  });

  it("moves the address of a participant who uses their establishment's, with the origin it implies", async () => {
    const participantId = await newParticipant(ctx, { utiliserAdresseEtablissement: true });
    const id = await requestTransfer(ctx, participantId, other);
    expect(codesOf(await act(ctx, id, 'accepter', OTHER), 200)).toEqual(['INFO mutation.acceptee']);
    const [destination] = await ctx.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, other));
    const moved = await participantRow(ctx, participantId);
    expect(moved).toMatchObject({
      addressStreetName: destination?.geoStreetName,
      addressPostalCode: destination?.geoPostalCode,
      addressLocality: destination?.geoLocality,
      originId: originFor({
        practiceCountryId: moved.practiceCountryId,
        addressCountryId: destination?.geoCountryId,
        postalCode: destination?.geoPostalCode,
      }),
    });
  });

  it('refuses the source end, and a destination or participant that can no longer be moved', async () => {
    const participantId = await newParticipant(ctx);
    const id = await requestTransfer(ctx, participantId, other);
    const refusal = async (code: string, login = OTHER) =>
      expectUnchanged(id, participantId, async () => {
        expect(codesOf(await act(ctx, id, 'accepter', login), 409)).toEqual([`ERROR ${code}`]);
      });
    const allowed = async () => mutationRow.parse((await get(OTHER, `/api/mutation/${id}`)).json());

    await refusal('mutation.error.acceptationReserveeDestination', MAIN);

    const set = (values: Partial<typeof participants.$inferInsert>) =>
      ctx.database.db.update(participants).set(values).where(eq(participants.id, participantId));
    await set({ active: false });
    expect((await allowed()).allowedToAccept).toBe(false);
    await refusal('mutation.error.participantInactif');
    await set({ active: true });

    await set({ lockedByExternalSystem: true });
    expect(await allowed()).toMatchObject({ allowedToAccept: false, allowedToCancel: 0 });
    await refusal('participant.error.verrouille');
    await expectUnchanged(id, participantId, async () => {
      expect(codesOf(await act(ctx, id, 'annuler', MAIN), 409)).toEqual([
        'ERROR participant.error.verrouille',
      ]);
    });
    await set({ lockedByExternalSystem: false });

    const closeDestination = (terminationDate: string | null) =>
      ctx.database.db.update(establishments).set({ terminationDate }).where(eq(establishments.id, other));
    await closeDestination('2025-12-31');
    expect((await allowed()).allowedToAccept).toBe(false);
    await refusal('mutation.error.etablissementResilie');
    await closeDestination(null);

    const offered = and(
      eq(establishmentCheckupTypes.establishmentId, other),
      eq(establishmentCheckupTypes.checkupTypeId, CHECKUP_TYPE.traditional),
    );
    await ctx.database.db.delete(establishmentCheckupTypes).where(offered);
    expect((await allowed()).allowedToAccept).toBe(false);
    await refusal('mutation.error.typeBilanNonSupporte');
    await ctx.database.db
      .insert(establishmentCheckupTypes)
      .values({ establishmentId: other, checkupTypeId: CHECKUP_TYPE.traditional });

    expect(await allowed()).toMatchObject({ allowedToAccept: true, allowedToCancel: 1 });
    expect((await act(ctx, id, 'accepter', OTHER)).statusCode).toBe(200);
    // Once processed, neither end can act on it again.
    for (const [action, login] of [
      ['accepter', OTHER],
      ['annuler', OTHER],
      ['annuler', MAIN],
    ] as const) {
      await expectUnchanged(id, participantId, async () => {
        expect(codesOf(await act(ctx, id, action, login), 409)).toEqual(['ERROR mutation.error.dejaTraitee']);
      });
    }
  });

  it("answers 404 for another scope's transfer and 400 for an id that is none", async () => {
    // A transfer of the demo within the main group: out of corr.autre's reach.
    const [foreign] = await ctx.database.db
      .select()
      .from(mutations)
      .where(
        and(
          eq(mutations.sourceEstablishmentId, main),
          ne(mutations.destinationEstablishmentId, other),
          eq(mutations.state, 'IN_PROGRESS'),
        ),
      )
      .limit(1);
    if (!foreign) throw new Error('the demo data has no transfer out of the main establishment');
    for (const action of ['accepter', 'annuler'] as const) {
      await expectUnchanged(foreign.id, foreign.participantId, async () => {
        expect((await act(ctx, foreign.id, action, OTHER)).statusCode).toBe(404);
      });
      expect((await act(ctx, 'abc', action, MAIN)).statusCode).toBe(400);
      expect((await act(ctx, 0, action, MAIN)).statusCode).toBe(400);
      expect((await act(ctx, 999_999, action, MAIN)).statusCode).toBe(404);
    }
  });
});

describe('POST /api/mutation/:id/annuler', () => {
  for (const login of [MAIN, OTHER]) {
    it(`${login === MAIN ? 'the source withdraws' : 'the destination declines'}: the participant stays and may be transferred again`, async () => {
      const participantId = await newParticipant(ctx);
      const id = await requestTransfer(ctx, participantId, other);
      const page = await listPageWith(MAIN, participantId);
      expect(page.items.find((row) => row.id === participantId)?.mutationEnCours).toBe(true);
      const counts = [await home(MAIN), await home(OTHER)];

      expect(codesOf(await act(ctx, id, 'annuler', login), 200)).toEqual(['INFO mutation.annulee']);

      const closer = await correspondantOf(ctx, login);
      expect(await mutationRecord(ctx, id)).toMatchObject({
        state: 'CANCELLED',
        inProgress: false,
        closedByUserId: closer.userId,
      });
      expect(await participantRow(ctx, participantId)).toMatchObject({
        establishmentId: main,
        transferInProgress: false,
      });
      const after = await listPage(MAIN, page.page);
      expect(after.items.find((row) => row.id === participantId)?.mutationEnCours).toBe(false);
      expect(after.totalRows).toBe(page.totalRows);
      expect((await home(MAIN)).nbMutationsSortantes).toBe((counts[0]?.nbMutationsSortantes ?? 0) - 1);
      expect((await home(OTHER)).nbMutationsEntrantes).toBe((counts[1]?.nbMutationsEntrantes ?? 0) - 1);
      expect((await lastAudit(ctx, 'MUTATION_CANCELLED', participantId))?.details).toEqual({
        mutationId: id,
        before: { state: 'IN_PROGRESS', transferInProgress: true },
        after: { state: 'CANCELLED', transferInProgress: false },
      });
      expect(await requestTransfer(ctx, participantId, other)).not.toBe(id);
    });
  }
});
