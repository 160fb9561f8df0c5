import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import { participant, participantCreatedReply } from '@portail/contract/schemas/participants';
import { and, eq, isNotNull, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments, participants } from '../src/db/schema';
import { CHECKUP_TYPE, MOVEMENT_TYPE } from '../src/demo/reference';
import { centreToday } from '../src/lib/dates';
import { createTestContext, type TestContext } from './helper';
import {
  correspondantOf,
  headersOf,
  lastAudit,
  participantRow,
  rowCounts,
  scopeOf,
  takeParticipant,
  updateFormOf,
  validForm,
} from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 300 });
});
afterAll(async () => ctx.close());

const ACTOR = 'corr.groupe';

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, login = ACTOR) {
  return ctx.app.inject({
    method,
    url,
    headers: await headersOf(ctx, login),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function detail(id: number) {
  const reply = await call('GET', `/api/adherents/${id}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return participant.parse(reply.json());
}

const update = (body: unknown, login = ACTOR) =>
  call('POST', '/api/adherentsCorrespondant/detail', body, login);
const terminate = (id: number, body: unknown, login = ACTOR) =>
  call('POST', `/api/adherents/${id}/resilier`, body, login);
const readmit = (id: number, login = ACTOR) => call('POST', `/api/adherents/${id}/adherer`, {}, login);

function messagesOf(reply: { statusCode: number; body: string; json: () => unknown }, status: number) {
  expect(reply.statusCode, reply.body).toBe(status);
  return status === 200
    ? messagesReply.parse(reply.json()).ciemException.messages
    : (errorReply.parse(reply.json()).ciemException?.messages ?? []);
}

/** A refusal changes nothing: same counts, same participant row. */
async function expectUnchanged(id: number, attempt: () => Promise<unknown>) {
  const counts = await rowCounts(ctx);
  const row = await participantRow(ctx, id);
  await attempt();
  expect(await rowCounts(ctx)).toEqual(counts);
  expect(await participantRow(ctx, id)).toEqual(row);
}

async function inScope() {
  return scopeOf(ctx, ACTOR);
}

/** An active participant of the scope whose form is complete and who has nothing under way. */
async function editable(what: string) {
  return takeParticipant(
    ctx,
    and(
      await inScope(),
      eq(participants.active, true),
      eq(participants.checkupInProgress, false),
      eq(participants.transferInProgress, false),
      eq(participants.lockedByExternalSystem, false),
      eq(participants.useEstablishmentAddress, false),
      isNotNull(participants.email),
      isNotNull(participants.mobile),
      isNotNull(participants.nextCheckupDate),
    ),
    what,
  );
}

describe('POST /api/adherentsCorrespondant/detail (update)', () => {
  it("refuses a change of a participant whose establishment is no longer under contract, saying so as a change's refusal", async () => {
    const row = await editable('closed establishment');
    const form = updateFormOf(await detail(row.id));
    await ctx.database.db
      .update(establishments)
      .set({ terminationDate: centreToday() })
      .where(eq(establishments.id, row.establishmentId));
    try {
      await expectUnchanged(row.id, async () => {
        const reply = await update({ ...form, profession: 'Boulanger' });
        expect(reply.statusCode, reply.body).toBe(400);
        expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
          { level: 'ERROR', errorCode: 'participant.error.etablissementResilieModification' },
        ]);
      });
    } finally {
      await ctx.database.db
        .update(establishments)
        .set({ terminationDate: null })
        .where(eq(establishments.id, row.establishmentId));
    }
  });

  it('saves the form and audits the changed columns only, before and after', async () => {
    const createdReply = await call('PUT', '/api/adherentsCorrespondant/detail', {
      ...validForm(),
      idEtablissement: (await correspondantOf(ctx, 'corr.etablissement')).establishmentId,
    });
    const id = participantCreatedReply.parse(createdReply.json()).idParticipant;
    const before = await participantRow(ctx, id);
    const form = updateFormOf(await detail(id));
    const reply = await update({ ...form, profession: 'Boulanger', telephonePortable: '07 58 22 33 44' });
    expect(messagesOf(reply, 200)).toEqual([{ level: 'INFO', errorCode: 'participant.modifie' }]);
    const after = await participantRow(ctx, id);
    expect(after).toMatchObject({ profession: 'Boulanger', mobile: '07 58 22 33 44' });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const entry = await lastAudit(ctx, 'PARTICIPANT_UPDATED', id);
    expect(entry?.details).toEqual({
      before: { profession: before.profession, mobile: before.mobile },
      after: { profession: 'Boulanger', mobile: '07 58 22 33 44' },
    });
    expect(entry?.actorUserId).toBe((await correspondantOf(ctx, ACTOR)).userId);
  });

  it('normalises the last name and keeps the establishment, whatever the body says', async () => {
    const row = await editable('editable');
    const other = await correspondantOf(ctx, 'corr.autre');
    const form = updateFormOf(await detail(row.id));
    const reply = await update({
      ...form,
      nom: 'de la Fontaine-Müller',
      idEtablissement: other.establishmentId,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const after = await participantRow(ctx, row.id);
    expect(after.lastName).toBe('DE LA FONTAINE-MULLER');
    expect(after.phoneticName).not.toBeNull();
    expect(after.establishmentId).toBe(row.establishmentId);
  });

  it('refuses an inactive or a locked participant', async () => {
    const inactive = await takeParticipant(
      ctx,
      and(await inScope(), eq(participants.active, false)),
      'inactive',
    );
    // What a terminated record lacks (next check-up date...) is filled in: the state alone refuses.
    const inactiveForm = updateFormOf({
      ...(await detail(inactive.id)),
      dateProchainBilan: '2027-01-01',
      mail: 'x@example.com',
      telephonePortable: '06 12 34 56 78',
    });
    await expectUnchanged(inactive.id, async () => {
      expect(messagesOf(await update(inactiveForm), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.inactif' },
      ]);
    });
    const moving = await takeParticipant(
      ctx,
      and(
        await inScope(),
        eq(participants.active, true),
        eq(participants.checkupInProgress, false),
        eq(participants.transferInProgress, true),
        eq(participants.lockedByExternalSystem, false),
      ),
      'with a transfer pending',
    );
    await expectUnchanged(moving.id, async () => {
      expect(messagesOf(await terminate(moving.id, { motifMouvement: 50 }), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.resiliationMutationEnCours' },
      ]);
    });
    const locked = await editable('to lock');
    const form = updateFormOf(await detail(locked.id));
    await ctx.database.db
      .update(participants)
      .set({ lockedByExternalSystem: true })
      .where(eq(participants.id, locked.id));
    await expectUnchanged(locked.id, async () => {
      expect(messagesOf(await update({ ...form, profession: 'X' }), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.verrouille' },
      ]);
    });
  });

  it('refuses a type change while a check-up is in progress, and a type correspondants may not choose', async () => {
    const busy = await takeParticipant(
      ctx,
      and(
        await inScope(),
        eq(participants.active, true),
        eq(participants.checkupInProgress, true),
        eq(participants.lockedByExternalSystem, false),
        isNotNull(participants.email),
        isNotNull(participants.mobile),
      ),
      'with a check-up in progress',
    );
    const busyForm = updateFormOf(await detail(busy.id));
    const otherType =
      busyForm.typeBilan === CHECKUP_TYPE.traditional ? CHECKUP_TYPE.expatriate : CHECKUP_TYPE.traditional;
    await expectUnchanged(busy.id, async () => {
      expect(messagesOf(await update({ ...busyForm, typeBilan: otherType }), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.typeBilanBilanEnCours' },
      ]);
    });
    // The same participant may still be saved with their type unchanged.
    expect((await update({ ...busyForm, profession: 'Pharmacien' })).statusCode).toBe(200);

    const idle = await editable('idle');
    const idleForm = updateFormOf(await detail(idle.id));
    await expectUnchanged(idle.id, async () => {
      expect(messagesOf(await update({ ...idleForm, typeBilan: CHECKUP_TYPE.senior }), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.typeBilanInterdit' },
      ]);
    });
  });

  it('keeps a type only the centre assigns when it does not change', async () => {
    const special = await takeParticipant(
      ctx,
      and(
        await inScope(),
        eq(participants.active, true),
        eq(participants.checkupTypeId, CHECKUP_TYPE.extended),
        eq(participants.lockedByExternalSystem, false),
        isNotNull(participants.email),
        isNotNull(participants.mobile),
        isNotNull(participants.nextCheckupDate),
      ),
      'with the extended check-up type',
    ).catch(async () => {
      const row = await editable('to give the extended type');
      await ctx.database.db
        .update(participants)
        .set({ checkupTypeId: CHECKUP_TYPE.extended })
        .where(eq(participants.id, row.id));
      return row;
    });
    const form = updateFormOf(await detail(special.id));
    expect(form.typeBilan).toBe(CHECKUP_TYPE.extended);
    const reply = await update({ ...form, info4: 'MAT-000001' });
    expect(reply.statusCode, reply.body).toBe(200);
  });

  it('answers 404 for a participant of another scope, and validates like creation', async () => {
    const foreign = await takeParticipant(
      ctx,
      and(
        not(await inScope()),
        eq(participants.active, true),
        isNotNull(participants.email),
        isNotNull(participants.mobile),
        isNotNull(participants.nextCheckupDate),
      ),
      'outside the scope',
    );
    const own = await detail((await editable('for the form')).id);
    const foreignForm = { ...updateFormOf(own), id: foreign.id };
    await expectUnchanged(foreign.id, async () => {
      expect((await update(foreignForm)).statusCode).toBe(404);
    });
    const invalid = await update({
      ...updateFormOf(own),
      telephonePortable: '01 40 00 00 00',
      sexe: MOVEMENT_TYPE.transfer,
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorReply.parse(invalid.json()).fieldErrors).toEqual([
      { field: 'telephonePortable', defaultMessage: 'errors.portable' },
      { field: 'sexe', defaultMessage: 'errors.invalid' },
    ]);
  });
});

describe('a French address names a commune of its postal code (issue 18)', () => {
  const FRANCE = 716;
  const localityError = [{ field: 'adresse.localite', defaultMessage: 'errors.localite' }];

  it('refuses a postal code changed without its locality, or with none, and writes nothing', async () => {
    const row = await editable('postal code changed');
    // The origin follows the new address (the server sets it when the form leaves it empty).
    const form = { ...updateFormOf(await detail(row.id)), provenance: null };
    for (const localite of ['POSES', null]) {
      await expectUnchanged(row.id, async () => {
        const reply = await update({
          ...form,
          adresse: { ...form.adresse, pays: FRANCE, codePostal: '68130', localite },
        });
        expect(reply.statusCode, reply.body).toBe(400);
        expect(errorReply.parse(reply.json()).fieldErrors).toEqual(localityError);
      });
    }
    // One of the code's communes, whatever its case and accents: saved.
    const reply = await update({
      ...form,
      adresse: { ...form.adresse, pays: FRANCE, codePostal: '68130', localite: 'ALTKIRCH' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await participantRow(ctx, row.id)).toMatchObject({
      addressPostalCode: '68130',
      addressLocality: 'ALTKIRCH',
    });
  });

  it('leaves an address stored before the rule alone while neither its code nor its locality changes', async () => {
    const row = await editable('stored inconsistent');
    await ctx.database.db
      .update(participants)
      .set({ addressCountryId: FRANCE, addressPostalCode: '68130', addressLocality: 'POSES' })
      .where(eq(participants.id, row.id));
    const form = updateFormOf(await detail(row.id));
    const reply = await update({ ...form, profession: 'Menuisier' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await participantRow(ctx, row.id)).toMatchObject({
      profession: 'Menuisier',
      addressLocality: 'POSES',
    });
    // Changing the locality alone is checked.
    const changed = await update({ ...form, adresse: { ...form.adresse, localite: 'Evreux' } });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(errorReply.parse(changed.json()).fieldErrors).toEqual(localityError);
  });

  it('checks French addresses only, and a creation too', async () => {
    const row = await editable('foreign address');
    const form = { ...updateFormOf(await detail(row.id)), provenance: null };
    const foreign = await update({
      ...form,
      adresse: { ...form.adresse, pays: 701, codePostal: '68130', localite: 'Berlin' },
    });
    expect(foreign.statusCode, foreign.body).toBe(200);
    const created = await call('PUT', '/api/adherentsCorrespondant/detail', {
      ...validForm({ adresse: { ...validForm().adresse, codePostal: '68130', localite: 'Poses' } }),
      idEtablissement: (await correspondantOf(ctx, 'corr.etablissement')).establishmentId,
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(errorReply.parse(created.json()).fieldErrors).toEqual(localityError);
  });
});

describe('POST /api/adherents/:id/resilier', () => {
  it('terminates with a reason, dated today, and audits it', async () => {
    const row = await editable('to terminate');
    const reply = await terminate(row.id, { motifMouvement: 52 });
    expect(messagesOf(reply, 200)).toEqual([{ level: 'INFO', errorCode: 'participant.resiliation.resilie' }]);
    const after = await participantRow(ctx, row.id);
    expect(after).toMatchObject({ active: false, terminationDate: centreToday(), terminationReasonId: 52 });
    const entry = await lastAudit(ctx, 'PARTICIPANT_TERMINATED', row.id);
    expect(entry?.details).toMatchObject({ after: { active: false, terminationReasonId: 52 } });
    // Terminated means read-only, and not terminated twice.
    expect(messagesOf(await terminate(row.id, { motifMouvement: 52 }), 409)).toEqual([
      { level: 'ERROR', errorCode: 'participant.error.inactif' },
    ]);
  });

  it('refuses while a check-up or a transfer is in progress, and for a locked participant', async () => {
    const busy = await takeParticipant(
      ctx,
      and(
        await inScope(),
        eq(participants.active, true),
        eq(participants.checkupInProgress, true),
        eq(participants.lockedByExternalSystem, false),
      ),
      'with a check-up in progress',
    );
    await expectUnchanged(busy.id, async () => {
      expect(messagesOf(await terminate(busy.id, { motifMouvement: 50 }), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.resiliationBilanEnCours' },
      ]);
    });
    const moving = await takeParticipant(
      ctx,
      and(
        await inScope(),
        eq(participants.active, true),
        eq(participants.checkupInProgress, false),
        eq(participants.transferInProgress, true),
        eq(participants.lockedByExternalSystem, false),
      ),
      'with a transfer pending',
    );
    await expectUnchanged(moving.id, async () => {
      expect(messagesOf(await terminate(moving.id, { motifMouvement: 50 }), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.resiliationMutationEnCours' },
      ]);
    });
    const locked = await editable('to lock');
    await ctx.database.db
      .update(participants)
      .set({ lockedByExternalSystem: true })
      .where(eq(participants.id, locked.id));
    await expectUnchanged(locked.id, async () => {
      expect(messagesOf(await terminate(locked.id, { motifMouvement: 50 }), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.verrouille' },
      ]);
    });
  });

  it('requires a reason of the motifmouvement list', async () => {
    const row = await editable('reasonless');
    await expectUnchanged(row.id, async () => {
      const missing = await terminate(row.id, {});
      expect(missing.statusCode).toBe(400);
      expect(errorReply.parse(missing.json()).fieldErrors).toEqual([
        { field: 'motifMouvement', defaultMessage: 'errors.required' },
      ]);
      const wrongList = await terminate(row.id, { motifMouvement: MOVEMENT_TYPE.termination });
      expect(wrongList.statusCode).toBe(400);
      expect(errorReply.parse(wrongList.json()).fieldErrors).toEqual([
        { field: 'motifMouvement', defaultMessage: 'errors.invalid' },
      ]);
    });
  });

  it('answers 404 outside the scope', async () => {
    const foreign = await takeParticipant(
      ctx,
      and(not(await inScope()), eq(participants.active, true)),
      'outside',
    );
    await expectUnchanged(foreign.id, async () => {
      expect((await terminate(foreign.id, { motifMouvement: 50 })).statusCode).toBe(404);
    });
  });
});

describe('POST /api/adherents/:id/adherer', () => {
  it('re-admits an inactive participant from today and clears the termination', async () => {
    const row = await takeParticipant(
      ctx,
      and(await inScope(), eq(participants.active, false), eq(participants.lockedByExternalSystem, false)),
      'inactive',
    );
    expect(messagesOf(await readmit(row.id), 200)).toEqual([
      { level: 'INFO', errorCode: 'participant.adhesion.readmis' },
    ]);
    expect(await participantRow(ctx, row.id)).toMatchObject({
      active: true,
      membershipDate: centreToday(),
      terminationDate: null,
      terminationReasonId: null,
    });
    expect((await lastAudit(ctx, 'PARTICIPANT_READMITTED', row.id))?.details).toMatchObject({
      before: { active: false, terminationDate: row.terminationDate },
      after: { active: true, terminationDate: null },
    });
    expect(messagesOf(await readmit(row.id), 409)).toEqual([
      { level: 'ERROR', errorCode: 'participant.error.dejaActif' },
    ]);
  });

  it('refuses when the same person is active elsewhere in the caller’s scope', async () => {
    const row = await takeParticipant(
      ctx,
      and(await inScope(), eq(participants.active, false), eq(participants.lockedByExternalSystem, false)),
      'inactive',
    );
    // The same person, active in another establishment of the group (an inactive homonym never blocks
    // creation); one outside the scope must not be told (participants-duplicates.test.ts).
    const twin = await call(
      'PUT',
      '/api/adherentsCorrespondant/detail',
      validForm({
        nom: row.lastName.toLowerCase(),
        prenom: row.firstName.toUpperCase(),
        dateNaissance: row.birthDate,
      }),
      'corr.etablissement',
    );
    expect(twin.statusCode, twin.body).toBe(200);
    await expectUnchanged(row.id, async () => {
      expect(messagesOf(await readmit(row.id), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.doublon' },
      ]);
    });
  });

  it('refuses a locked participant and answers 404 outside the scope', async () => {
    const row = await takeParticipant(ctx, and(await inScope(), eq(participants.active, false)), 'inactive');
    await ctx.database.db
      .update(participants)
      .set({ lockedByExternalSystem: true })
      .where(eq(participants.id, row.id));
    await expectUnchanged(row.id, async () => {
      expect(messagesOf(await readmit(row.id), 409)).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.verrouille' },
      ]);
    });
    const foreign = await takeParticipant(ctx, not(await inScope()), 'outside');
    await expectUnchanged(foreign.id, async () => {
      expect((await readmit(foreign.id)).statusCode).toBe(404);
    });
  });

  it('is refused to participants', async () => {
    const headers = await headersOf(ctx, 'participant.dmc', 'participant');
    const row = await takeParticipant(ctx, await inScope(), 'any');
    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/adherents/${row.id}/adherer`,
      headers,
      payload: {},
    });
    expect(reply.statusCode).toBe(403);
  });
});
