import { maskPhone } from '@portail/contract/rules/phone';
import { secretQuestionsReply } from '@portail/contract/schemas/account';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/passwords';
import { auditLog, participants } from '../src/db/schema';
import { createTestContext, passwordRequest, type TestContext } from './helper';
import {
  confirmCode,
  correspondantForm,
  letterCode,
  linkFromOutbox,
  NEW_PASSWORD,
  participantForm,
  proveIdentity,
  registrationCall,
  resultOf,
  stateOf,
  userByLogin,
} from './registration-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const TEXTS = {
  presentationParticipant: 'registration.textes.presentationParticipant',
  cgguparticipant: 'registration.textes.cgu',
  presentationCorrespondant: 'registration.textes.presentationCorrespondant',
};

async function auditActions(userId: number) {
  const rows = await ctx.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId))));
  return rows.map((r) => r.action);
}

describe('registration of a participant in six steps', () => {
  it('goes from the mailed link to an active account that signs in with the new password', async () => {
    const login = 'participant.inscription';
    const before = await userByLogin(ctx, login);
    expect(before).toMatchObject({ active: false, passwordHash: null });
    const token = await linkFromOutbox(ctx, login);

    // The link's state: valid, a participant, French, the centre's contact with the mobile masked;
    // the identifier only once the participant has proved who they are.
    const [record] = await ctx.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, before.participantId ?? -1));
    expect(await stateOf(ctx, token)).toEqual({
      ok: true,
      notFound: false,
      foundButExpired: false,
      compteParticipant: true,
      anglaisUniquement: false,
      identifiant: '',
      emailProfessionnel: record?.email,
      portableProfessionnel: maskPhone(record?.mobile),
      identiteConfirmee: false,
      codeConfirme: false,
      messages: TEXTS,
    });

    // Step 1: the birth date and the code of the centre's letter (typed in lower case, no dash)...
    const letter = await letterCode(ctx, login);
    expect(letter).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const identity = {
      dateNaissance: record?.birthDate,
      codeActivation: letter.replace('-', '').toLowerCase(),
    };
    expect(await resultOf(await registrationCall(ctx, 'POST', 'identite', token, identity))).toEqual({
      ok: true,
      exception: { messages: [{ level: 'INFO', errorCode: 'registration.identiteConfirmee' }] },
    });
    expect(await stateOf(ctx, token)).toMatchObject({ identiteConfirmee: true, identifiant: login });

    // ... then the code goes to the mobile on file; the reply shows it masked.
    const sent = await registrationCall(ctx, 'POST', 'otp', token);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toContain('text/plain');
    expect(sent.body).toBe(maskPhone(record?.mobile));
    const sms = ctx.notifier.texts.at(-1);
    expect(sms?.to).toBe(record?.mobile);
    expect(sms?.text).toContain("code d'activation");
    const code = ctx.notifier.lastCode(record?.mobile ?? undefined);
    expect(await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code }))).toEqual({
      ok: true,
      exception: { messages: [{ level: 'INFO', errorCode: 'registration.otpConfirme' }] },
    });
    // A reload resumes after the code.
    expect((await stateOf(ctx, token)).codeConfirme).toBe(true);

    // Steps 2 and 3 are texts; step 4: the personal contact, checked, not written.
    const contact = { emailPersonnel: 'manon.perso@example.net', portablePersonnel: '06 61 62 63 64' };
    expect(
      await resultOf(await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, contact)),
    ).toEqual({ ok: true, exception: { messages: [] } });
    expect((await userByLogin(ctx, login)).email).toBe(before.email);

    // Step 5: the questions.
    const questions = secretQuestionsReply.parse(
      (await registrationCall(ctx, 'GET', 'listeQuestion', token)).json(),
    );
    expect(questions.length).toBeGreaterThan(1);

    // Step 6: the whole form.
    const done = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', token, participantForm({ refuserDMC: false })),
    );
    expect(done).toEqual({
      ok: true,
      exception: { messages: [{ level: 'INFO', errorCode: 'registration.succes' }] },
    });

    const after = await userByLogin(ctx, login);
    expect(after).toMatchObject({
      active: true,
      email: contact.emailPersonnel,
      mobile: contact.portablePersonnel,
      secretQuestionId: 2,
    });
    expect(await verifyPassword(after.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(after.secretAnswerHash, 'lyon')).toBe(true);
    const [consent] = await ctx.database.db
      .select({ dmcStatus: participants.dmcStatus })
      .from(participants)
      .where(eq(participants.id, before.participantId ?? -1));
    expect(consent?.dmcStatus).toBe('ACCEPTED');
    expect(await auditActions(after.id)).toEqual(
      expect.arrayContaining([
        'REGISTRATION_IDENTITY_CONFIRMED',
        'REGISTRATION_CODE_SENT',
        'REGISTRATION_CODE_CONFIRMED',
        'REGISTRATION_COMPLETED',
      ]),
    );

    // The link is spent: not found, and a second confirmation writes nothing.
    expect((await stateOf(ctx, token)).notFound).toBe(true);
    const again = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', token, participantForm()),
    );
    expect(again.ok).toBe(false);

    // Signing in: the new password, then the sign-in code sent to the personal mobile.
    expect((await passwordRequest(ctx.app, login, false)).statusCode).toBe(400);
    const signedIn = await passwordRequest(ctx.app, login, false, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({
      confirmationRequise: true,
      tel: maskPhone(contact.portablePersonnel),
    });
    expect(ctx.notifier.texts.at(-1)?.to).toBe(contact.portablePersonnel);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/confirmer-code',
      headers: { authorization: `Bearer ${signedIn.json<{ access_token: string }>().access_token}` },
      payload: { code: ctx.notifier.lastCode(contact.portablePersonnel) },
    });
    expect(confirm.json()).toMatchObject({ ok: true });
  });

  it('records a refusal of the medical record', async () => {
    const login = 'participant.inscription2';
    const user = await userByLogin(ctx, login);
    const token = await linkFromOutbox(ctx, login);
    expect((await confirmCode(ctx, token, user.mobile)).ok).toBe(true);
    const done = await resultOf(
      await registrationCall(
        ctx,
        'POST',
        'confirmation',
        token,
        participantForm({ accepterDMC: false, refuserDMC: true, emailPersonnel: 'paul@example.net' }),
      ),
    );
    expect(done.ok).toBe(true);
    const [row] = await ctx.database.db
      .select({ dmcStatus: participants.dmcStatus })
      .from(participants)
      .where(eq(participants.id, user.participantId ?? -1));
    expect(row?.dmcStatus).toBe('REFUSED');
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'MEDICAL_RECORD_REFUSED'), eq(auditLog.targetId, String(user.participantId))),
      );
    expect(entry?.details).toMatchObject({ before: 'NONE', after: 'REFUSED' });
  });

  it('tells an English-only account to switch the language', async () => {
    const token = await linkFromOutbox(ctx, 'participant.inscription.en');
    const state = await stateOf(ctx, token);
    expect(state).toMatchObject({ ok: true, anglaisUniquement: true, compteParticipant: true });
    const user = await userByLogin(ctx, 'participant.inscription.en');
    await proveIdentity(ctx, token);
    await registrationCall(ctx, 'POST', 'otp', token);
    expect(ctx.notifier.texts.at(-1)).toMatchObject({ to: user.mobile });
    expect(ctx.notifier.texts.at(-1)?.text).toContain('activation code');
  });
});

describe('registration of a correspondant in three steps', () => {
  it('needs no code, keeps the professional contact and activates the account', async () => {
    const login = 'corr.inscription';
    const before = await userByLogin(ctx, login);
    const token = await linkFromOutbox(ctx, login);
    const state = await stateOf(ctx, token);
    expect(state).toMatchObject({
      ok: true,
      compteParticipant: false,
      identifiant: login,
      emailProfessionnel: before.email,
      portableProfessionnel: maskPhone(before.mobile),
      codeConfirme: false,
    });
    // No code for a correspondant: nothing is sent.
    const texts = ctx.notifier.texts.length;
    expect((await registrationCall(ctx, 'POST', 'otp', token)).body).toBe('');
    expect(ctx.notifier.texts).toHaveLength(texts);

    const done = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', token, correspondantForm()),
    );
    expect(done).toEqual({
      ok: true,
      exception: { messages: [{ level: 'INFO', errorCode: 'registration.succes' }] },
    });
    const after = await userByLogin(ctx, login);
    expect(after).toMatchObject({
      active: true,
      email: before.email,
      mobile: before.mobile,
      secretQuestionId: 1,
    });
    const signedIn = await passwordRequest(ctx.app, login, true, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ confirmationRequise: false });
  });
});
