import { normaliseLastName } from '@portail/contract/rules/participant';
import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import { participant, participantCreatedReply } from '@portail/contract/schemas/participants';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import {
  type CorrespondantLogin,
  headersOf,
  lastAudit,
  participantRow,
  scopeOf,
  takeParticipant,
  updateFormOf,
  validForm,
} from './participants-fixtures';

/**
 * Issue 17, item 7: creating, re-admitting or renaming a participant must not tell a correspondant
 * whether a person with that name and birth date is active elsewhere in the centre. Duplicates inside
 * the caller's scope are refused (docs/participants.md#duplicates); outside it, the write is made like any other and its audit
 * row names the possible duplicates for the centre to reconcile.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 200 });
});
afterAll(async () => ctx.close());

const ACTOR: CorrespondantLogin = 'corr.etablissement';
/** The group correspondant reaches inactive participants (an establishment of the small demo has none). */
const GROUP: CorrespondantLogin = 'corr.groupe';
const FOREIGN: CorrespondantLogin = 'corr.autre';

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, login = ACTOR) {
  return ctx.app.inject({
    method,
    url,
    headers: await headersOf(ctx, login),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** What a client can compare between two replies: the status and the body, without the new row's id. */
function visible(reply: { statusCode: number; json: () => unknown }) {
  const body = reply.json() as Record<string, unknown>;
  const { idParticipant: _id, ...rest } = body;
  return { status: reply.statusCode, body: rest };
}

/** Gives an active participant of `login`'s scope (or the one named) the identity of `person`. */
async function twinIn(
  login: CorrespondantLogin,
  person: { lastName: string; firstName: string; birthDate: string },
  reuse?: { id: number },
) {
  const twin =
    reuse ??
    (await takeParticipant(
      ctx,
      and(await scopeOf(ctx, login), eq(participants.active, true)),
      `active in ${login}`,
    ));
  await ctx.database.db
    .update(participants)
    // Stored as the form's save stores it (rules/participant.ts).
    .set({
      lastName: normaliseLastName(person.lastName),
      firstName: person.firstName,
      birthDate: person.birthDate,
    })
    .where(eq(participants.id, twin.id));
  return twin;
}

/** A participant of `login`'s scope, terminated (the small demo has few inactive rows). */
async function inactive(login: CorrespondantLogin) {
  const row = await takeParticipant(
    ctx,
    and(
      await scopeOf(ctx, login),
      eq(participants.active, true),
      eq(participants.transferInProgress, false),
      eq(participants.lockedByExternalSystem, false),
    ),
    `active in ${login}`,
  );
  await ctx.database.db
    .update(participants)
    .set({ active: false, terminationDate: '2025-01-31' })
    .where(eq(participants.id, row.id));
  return { ...row, active: false };
}

describe('creation', () => {
  it('answers the same whether or not the person is active in another company', async () => {
    const plain = validForm();
    const foreign = validForm();
    const twin = await twinIn(FOREIGN, {
      lastName: foreign.nom.toUpperCase(),
      firstName: foreign.prenom,
      birthDate: foreign.dateNaissance,
    });
    const withoutTwin = await call('PUT', '/api/adherentsCorrespondant/detail', plain);
    const withTwin = await call('PUT', '/api/adherentsCorrespondant/detail', foreign);
    expect(visible(withTwin)).toEqual(visible(withoutTwin));
    expect(withTwin.statusCode, withTwin.body).toBe(200);

    const id = participantCreatedReply.parse(withTwin.json()).idParticipant;
    expect(await participantRow(ctx, id)).toMatchObject({ active: true, birthDate: foreign.dateNaissance });
    expect((await lastAudit(ctx, 'PARTICIPANT_CREATED', id))?.details).toMatchObject({
      possibleDuplicateOf: [twin.id],
    });
    const plainId = participantCreatedReply.parse(withoutTwin.json()).idParticipant;
    expect((await lastAudit(ctx, 'PARTICIPANT_CREATED', plainId))?.details).not.toHaveProperty(
      'possibleDuplicateOf',
    );
  });

  it('still refuses a person active in the caller’s own scope', async () => {
    const form = validForm();
    await twinIn(ACTOR, {
      lastName: form.nom.toUpperCase(),
      firstName: form.prenom,
      birthDate: form.dateNaissance,
    });
    const reply = await call('PUT', '/api/adherentsCorrespondant/detail', form);
    expect(reply.statusCode, reply.body).toBe(409);
    expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
      { level: 'ERROR', errorCode: 'participant.error.doublon' },
    ]);
  });

  it('offers to re-admit a terminated participant of the caller’s scope instead of creating a second record', async () => {
    const form = validForm();
    const person = {
      lastName: form.nom.toUpperCase(),
      firstName: form.prenom,
      birthDate: form.dateNaissance,
    };
    const former = await twinIn(ACTOR, person, await inactive(ACTOR));
    const before = await ctx.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.birthDate, form.dateNaissance));
    const reply = await call('PUT', '/api/adherentsCorrespondant/detail', form);
    expect(reply.statusCode, reply.body).toBe(409);
    expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
      { level: 'ERROR', errorCode: 'participant.error.doublonResilie', args: [String(former.id)] },
    ]);
    const after = await ctx.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.birthDate, form.dateNaissance));
    expect(after).toHaveLength(before.length);
  });

  it('reveals nothing of a terminated participant of another company: the creation goes on', async () => {
    const plain = validForm();
    const form = validForm();
    const person = {
      lastName: form.nom.toUpperCase(),
      firstName: form.prenom,
      birthDate: form.dateNaissance,
    };
    await twinIn(FOREIGN, person, await inactive(FOREIGN));
    const withoutTwin = await call('PUT', '/api/adherentsCorrespondant/detail', plain);
    const withTwin = await call('PUT', '/api/adherentsCorrespondant/detail', form);
    expect(withTwin.statusCode, withTwin.body).toBe(200);
    expect(visible(withTwin)).toEqual(visible(withoutTwin));
  });
});

describe('re-admission', () => {
  it('answers the same whether or not the person is active in another company', async () => {
    const plain = await inactive(GROUP);
    const row = await inactive(GROUP);
    const twin = await twinIn(FOREIGN, row);
    const withoutTwin = await call('POST', `/api/adherents/${plain.id}/adherer`, {}, GROUP);
    const withTwin = await call('POST', `/api/adherents/${row.id}/adherer`, {}, GROUP);
    expect(visible(withTwin)).toEqual(visible(withoutTwin));
    expect(messagesReply.parse(withTwin.json()).ciemException.messages).toEqual([
      { level: 'INFO', errorCode: 'participant.adhesion.readmis' },
    ]);
    expect((await participantRow(ctx, row.id)).active).toBe(true);
    expect((await lastAudit(ctx, 'PARTICIPANT_READMITTED', row.id))?.details).toMatchObject({
      possibleDuplicateOf: [twin.id],
    });
  });

  it('still refuses a person active in the caller’s own scope', async () => {
    const row = await inactive(GROUP);
    await twinIn(GROUP, row);
    const reply = await call('POST', `/api/adherents/${row.id}/adherer`, {}, GROUP);
    expect(reply.statusCode, reply.body).toBe(409);
    expect((await participantRow(ctx, row.id)).active).toBe(false);
  });
});

describe('update of the name or birth date', () => {
  async function editable() {
    const row = await takeParticipant(
      ctx,
      and(
        await scopeOf(ctx, GROUP),
        eq(participants.active, true),
        eq(participants.checkupInProgress, false),
        eq(participants.transferInProgress, false),
        eq(participants.lockedByExternalSystem, false),
        eq(participants.useEstablishmentAddress, false),
        isNotNull(participants.email),
        isNotNull(participants.mobile),
        isNotNull(participants.nextCheckupDate),
      ),
      'editable',
    );
    const reply = await call('GET', `/api/adherents/${row.id}`, undefined, GROUP);
    return updateFormOf(participant.parse(reply.json()));
  }

  it('answers the same whether or not the new identity is active in another company', async () => {
    const plain = await editable();
    const form = await editable();
    const identity = { nom: 'HOMONYME', prenom: 'Anaïs', dateNaissance: '1975-03-09' };
    const twin = await twinIn(FOREIGN, { lastName: 'HOMONYME', firstName: 'Anaïs', birthDate: '1975-03-09' });
    const withoutTwin = await call(
      'POST',
      '/api/adherentsCorrespondant/detail',
      {
        ...plain,
        ...identity,
        prenom: 'Unique',
      },
      GROUP,
    );
    const withTwin = await call(
      'POST',
      '/api/adherentsCorrespondant/detail',
      { ...form, ...identity },
      GROUP,
    );
    expect(visible(withTwin)).toEqual(visible(withoutTwin));
    expect(withTwin.statusCode, withTwin.body).toBe(200);
    expect(await participantRow(ctx, form.id)).toMatchObject({ lastName: 'HOMONYME', firstName: 'Anaïs' });
    expect((await lastAudit(ctx, 'PARTICIPANT_UPDATED', form.id))?.details).toMatchObject({
      possibleDuplicateOf: [twin.id],
    });
  });

  it('still refuses a new identity active in the caller’s own scope', async () => {
    const form = await editable();
    await twinIn(GROUP, { lastName: 'JUMEAU', firstName: 'Paul', birthDate: '1969-11-30' });
    const reply = await call(
      'POST',
      '/api/adherentsCorrespondant/detail',
      {
        ...form,
        nom: 'Jumeau',
        prenom: 'paul',
        dateNaissance: '1969-11-30',
      },
      GROUP,
    );
    expect(reply.statusCode, reply.body).toBe(409);
    expect((await participantRow(ctx, form.id)).lastName).not.toBe('JUMEAU');
  });
});

describe('timing (loose)', () => {
  it('takes about as long with a twin in another company as without', async () => {
    const durations = { with: [] as number[], without: [] as number[] };
    // One participant of the other company takes each new identity in turn.
    let twin: { id: number } | undefined;
    for (let round = 0; round < 6; round++) {
      for (const kind of ['with', 'without'] as const) {
        const form = validForm();
        if (kind === 'with')
          twin = await twinIn(
            FOREIGN,
            { lastName: form.nom, firstName: form.prenom, birthDate: form.dateNaissance },
            twin,
          );
        const started = performance.now();
        const reply = await call('PUT', '/api/adherentsCorrespondant/detail', form);
        durations[kind].push(performance.now() - started);
        expect(reply.statusCode, reply.body).toBe(200);
      }
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    // Loose on purpose: a shared two-core machine; the two paths run the same statements.
    expect(Math.abs(median(durations.with) - median(durations.without))).toBeLessThan(50);
  });
});
