import { formatPersonName } from '@portail/contract/rules/person-name';
import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import { correspondantHome } from '@portail/contract/schemas/home';
import { participantListReply, TRANSFER_COMMENT_MAX } from '@portail/contract/schemas/participants';
import { and, eq, inArray, isNotNull, isNull, ne, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentCheckupTypes, establishments, mutations, participants } from '../src/db/schema';
import { CHECKUP_TYPE, MOVEMENT_TYPE } from '../src/demo/reference';
import { createTestContext, type TestContext } from './helper';
import {
  correspondantOf,
  headersOf,
  lastAudit,
  participantRow,
  rowCounts,
  scopeOf,
  takeParticipant,
} from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 300 });
});
afterAll(async () => ctx.close());

const ACTOR = 'corr.etablissement';

/** The reason every request below gives unless it says otherwise (motifmouvement "Mutation interne"). */
const REASON = 54;

async function post(id: number, payload: Record<string, unknown>, login = ACTOR) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/adherents/${id}/muter`,
    headers: await headersOf(ctx, login),
    payload,
  });
}

/** A transfer request with a valid reason, and whatever else the test sends. */
async function transfer(id: number, body: Record<string, unknown>, login = ACTOR) {
  return post(id, { motifMouvement: REASON, ...body }, login);
}

function errorCodes(reply: { statusCode: number; body: string; json: () => unknown }) {
  expect(reply.statusCode, reply.body).toBe(409);
  return errorReply.parse(reply.json()).ciemException?.messages.map((m) => m.errorCode);
}

async function expectUnchanged(id: number, attempt: () => Promise<unknown>) {
  const counts = await rowCounts(ctx);
  const row = await participantRow(ctx, id);
  await attempt();
  expect(await rowCounts(ctx)).toEqual(counts);
  expect(await participantRow(ctx, id)).toEqual(row);
}

/** An active participant of the actor's establishment free to move. */
async function movable(what: string, extra = eq(participants.checkupInProgress, false)) {
  return takeParticipant(
    ctx,
    and(
      await scopeOf(ctx, ACTOR),
      eq(participants.active, true),
      eq(participants.transferInProgress, false),
      eq(participants.lockedByExternalSystem, false),
      extra,
    ),
    what,
  );
}

/** An open establishment other than `from` that does, or does not, take the check-up type. */
async function destinationFor(from: number, checkupTypeId: number | null, accepts = true) {
  const takers = ctx.database.db
    .select({ id: establishmentCheckupTypes.establishmentId })
    .from(establishmentCheckupTypes)
    .where(eq(establishmentCheckupTypes.checkupTypeId, checkupTypeId ?? -1));
  const [row] = await ctx.database.db
    .select({ id: establishments.id })
    .from(establishments)
    .where(
      and(
        ne(establishments.id, from),
        isNull(establishments.terminationDate),
        accepts ? inArray(establishments.id, takers) : notInArray(establishments.id, takers),
      ),
    )
    .orderBy(establishments.id)
    .limit(1);
  if (!row)
    throw new Error(
      `the demo data has no destination ${accepts ? 'taking' : 'refusing'} type ${checkupTypeId}`,
    );
  return row.id;
}

async function home(login: string) {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/get-detail-accueil',
    headers: await headersOf(ctx, login),
  });
  return correspondantHome.parse(reply.json());
}

describe('POST /api/adherents/:id/muter', () => {
  it('records an in-progress transfer, flags the participant and shows it in the list and the home counts', async () => {
    const row = await movable('free to move');
    const destination = await destinationFor(row.establishmentId, row.checkupTypeId);
    const homeBefore = await home(ACTOR);
    const reply = await transfer(row.id, {
      etablissementDestination: destination,
      priseEnChargeBilanEnCours: true,
      commentaireMouvement: '  Rejoint l’équipe de Lyon  ',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(messagesReply.parse(reply.json()).ciemException.messages).toEqual([
      { level: 'INFO', errorCode: 'participant.mutation.demandee' },
    ]);
    const [created] = await ctx.database.db
      .select()
      .from(mutations)
      .where(and(eq(mutations.participantId, row.id), eq(mutations.state, 'IN_PROGRESS')));
    const [dest] = await ctx.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, destination));
    const actor = await correspondantOf(ctx, ACTOR);
    expect(created).toMatchObject({
      authorUserId: actor.userId,
      authorName: formatPersonName(actor.lastName, actor.firstName),
      sourceEstablishmentId: row.establishmentId,
      sourceCompanyId: row.companyId,
      sourceGroupId: row.groupId,
      destinationEstablishmentId: destination,
      destinationCompanyId: dest?.companyId,
      movementTypeId: MOVEMENT_TYPE.transfer,
      reasonId: REASON,
      reasonComment: 'Rejoint l’équipe de Lyon',
      inProgress: true,
      checkupInProgress: false,
      // Asked, but there is no check-up to take over.
      takeoverRequested: false,
    });
    expect((await participantRow(ctx, row.id)).transferInProgress).toBe(true);
    const listReply = await ctx.app.inject({
      method: 'GET',
      url: '/api/adherentsCorrespondant',
      headers: await headersOf(ctx, ACTOR),
      query: { idParticipant: String(row.id) },
    });
    expect(participantListReply.parse(listReply.json()).items[0]?.mutationEnCours).toBe(true);
    expect((await lastAudit(ctx, 'PARTICIPANT_TRANSFER_REQUESTED', row.id))?.details).toMatchObject({
      mutationId: created?.id,
      destinationEstablishmentId: destination,
      reasonId: REASON,
      reasonComment: 'Rejoint l’équipe de Lyon',
    });
    const homeAfter = await home(ACTOR);
    expect(homeAfter.nbMutationsSortantes).toBe(homeBefore.nbMutationsSortantes + 1);
    expect(homeAfter.nbMutationsEntrantes).toBe(homeBefore.nbMutationsEntrantes);

    // A second request while this one is pending is refused.
    await expectUnchanged(row.id, async () => {
      expect(errorCodes(await transfer(row.id, { etablissementDestination: destination }))).toEqual([
        'mutation.error.dejaEnCours',
      ]);
    });
  });

  it('asks the destination to take over a check-up in progress when requested', async () => {
    const row = await movable('with a check-up in progress', eq(participants.checkupInProgress, true));
    const destination = await destinationFor(row.establishmentId, row.checkupTypeId);
    const reply = await transfer(row.id, {
      etablissementDestination: destination,
      priseEnChargeBilanEnCours: true,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [created] = await ctx.database.db
      .select()
      .from(mutations)
      .where(and(eq(mutations.participantId, row.id), eq(mutations.state, 'IN_PROGRESS')));
    expect(created).toMatchObject({ checkupInProgress: true, takeoverRequested: true });
  });

  it('refuses the own establishment, an unknown, a terminated or an unsuitable destination', async () => {
    const row = await movable('to refuse');
    // Only some establishments take expatriates, so that one refuses them.
    await ctx.database.db
      .update(participants)
      .set({ checkupTypeId: CHECKUP_TYPE.expatriate })
      .where(eq(participants.id, row.id));
    const [closed] = await ctx.database.db
      .select({ id: establishments.id })
      .from(establishments)
      .where(isNotNull(establishments.terminationDate));
    const unsuitable = await destinationFor(row.establishmentId, CHECKUP_TYPE.expatriate, false);
    const cases: [number, string][] = [
      [row.establishmentId, 'mutation.error.memeEtablissement'],
      [999_999, 'mutation.error.etablissementInconnu'],
      [closed?.id ?? -1, 'mutation.error.etablissementResilie'],
      [unsuitable, 'mutation.error.typeBilanNonSupporte'],
    ];
    for (const [destination, code] of cases) {
      await expectUnchanged(row.id, async () => {
        expect(errorCodes(await transfer(row.id, { etablissementDestination: destination }))).toEqual([code]);
      });
    }
  });

  it('refuses a locked or an inactive participant, and answers 404 outside the scope', async () => {
    const locked = await movable('to lock');
    const destination = await destinationFor(locked.establishmentId, locked.checkupTypeId);
    await ctx.database.db
      .update(participants)
      .set({ lockedByExternalSystem: true })
      .where(eq(participants.id, locked.id));
    await expectUnchanged(locked.id, async () => {
      expect(errorCodes(await transfer(locked.id, { etablissementDestination: destination }))).toEqual([
        'participant.error.verrouille',
      ]);
    });
    const inactive = await takeParticipant(
      ctx,
      and(
        await scopeOf(ctx, 'corr.groupe'),
        eq(participants.active, false),
        eq(participants.lockedByExternalSystem, false),
      ),
      'inactive in the group',
    );
    await expectUnchanged(inactive.id, async () => {
      expect(
        errorCodes(await transfer(inactive.id, { etablissementDestination: destination }, 'corr.groupe')),
      ).toEqual(['participant.error.inactif']);
    });
    await expectUnchanged(inactive.id, async () => {
      expect(
        (await transfer(inactive.id, { etablissementDestination: destination }, 'corr.autre')).statusCode,
      ).toBe(404);
    });
  });

  it('validates the body: destination and reason required, the details plain and short', async () => {
    const row = await movable('to validate');
    const destination = await destinationFor(row.establishmentId, row.checkupTypeId);
    const fieldErrorsOf = async (payload: Record<string, unknown>) => {
      const reply = await post(row.id, payload);
      expect(reply.statusCode, reply.body).toBe(400);
      return errorReply.parse(reply.json()).fieldErrors;
    };
    await expectUnchanged(row.id, async () => {
      expect(await fieldErrorsOf({})).toEqual([
        { field: 'etablissementDestination', defaultMessage: 'errors.required' },
        { field: 'motifMouvement', defaultMessage: 'errors.required' },
      ]);
      expect(await fieldErrorsOf({ etablissementDestination: destination, motifMouvement: 'DEM' })).toEqual([
        { field: 'motifMouvement', defaultMessage: 'errors.invalid' },
      ]);
      expect(
        await fieldErrorsOf({
          etablissementDestination: destination,
          motifMouvement: REASON,
          commentaireMouvement: 'Départ\u0007 discret',
        }),
      ).toEqual([{ field: 'commentaireMouvement', defaultMessage: 'errors.controlCharacter' }]);
      const tooLong = await post(row.id, {
        etablissementDestination: destination,
        motifMouvement: REASON,
        commentaireMouvement: 'x'.repeat(TRANSFER_COMMENT_MAX + 1),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(errorReply.parse(tooLong.json()).fieldErrors?.map((error) => error.field)).toEqual([
        'commentaireMouvement',
      ]);
    });
  });

  it('refuses a reason that is not an active item of motifmouvement', async () => {
    const row = await movable('with a wrong reason');
    const destination = await destinationFor(row.establishmentId, row.checkupTypeId);
    for (const reason of [MOVEMENT_TYPE.transfer, 999_999]) {
      await expectUnchanged(row.id, async () => {
        const reply = await post(row.id, { etablissementDestination: destination, motifMouvement: reason });
        expect(reply.statusCode, reply.body).toBe(400);
        expect(errorReply.parse(reply.json()).fieldErrors).toEqual([
          { field: 'motifMouvement', defaultMessage: 'errors.invalid' },
        ]);
      });
    }
  });

  it('lets exactly one of ten concurrent requests through, the others refused without a server error', async () => {
    const row = await movable('raced for');
    const destination = await destinationFor(row.establishmentId, row.checkupTypeId);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => transfer(row.id, { etablissementDestination: destination })),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const reply of replies.filter((r) => r.statusCode === 409)) {
      expect(errorCodes(reply)).toEqual(['mutation.error.dejaEnCours']);
    }
    const pending = await ctx.database.db
      .select({ id: mutations.id })
      .from(mutations)
      .where(and(eq(mutations.participantId, row.id), eq(mutations.state, 'IN_PROGRESS')));
    expect(pending).toHaveLength(1);
  });

  it('maps a lost race on the unique index to the business error even when the flag was not set', async () => {
    // A transfer row in progress whose participant flag says otherwise (data written by another system).
    const row = await movable('with a stale flag');
    const destination = await destinationFor(row.establishmentId, row.checkupTypeId);
    expect((await transfer(row.id, { etablissementDestination: destination })).statusCode).toBe(200);
    await ctx.database.db
      .update(participants)
      .set({ transferInProgress: false })
      .where(eq(participants.id, row.id));
    await expectUnchanged(row.id, async () => {
      expect(errorCodes(await transfer(row.id, { etablissementDestination: destination }))).toEqual([
        'mutation.error.dejaEnCours',
      ]);
    });
  });
});
