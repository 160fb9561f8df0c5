import { identityResult } from '@portail/contract/schemas/registration';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountTokens, throttles, users } from '../src/db/schema';
import { findRegistrationLink } from '../src/features/registration/registration.queries';
import { createTestContext, type TestContext } from './helper';
import {
  centreCode,
  confirmCode,
  freshPendingLink,
  linkOwner,
  participantForm,
  proofFor,
  proofHeader,
  registrationCall,
  resultOf,
  stateOf,
} from './registration-fixtures';

/**
 * The proof that a participant passed the identity check (birth date, the centre's activation code)
 * and the text-message code belongs to the browser that passed them, never to the link: another
 * browser holding the same link starts at the first step and can set nothing.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(throttles).where(like(throttles.key, 'registration:%'));
});

const IDENTITY_REQUIRED = [{ level: 'ERROR', errorCode: 'registration.identiteNonConfirmee' }];
const ATTACKER = { emailPersonnel: 'attacker@evil.example', portablePersonnel: '06 01 02 03 04' };
/** A browser that holds the link and nothing else. */
const LINK_ONLY = {};

/** What the first step of a participant's link shows: the birth date and activation code to give. */
const FIRST_STEP = { ok: true, identiteConfirmee: false, codeConfirme: false, identifiant: '' };

async function userRow(id: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** Everything a browser without the right proof tries after the owner's start: all refused. */
async function attemptTakeover(token: string, headers: Record<string, string>, mobile: string | null) {
  expect(await stateOf(ctx, token, headers)).toMatchObject(FIRST_STEP);

  const texts = ctx.notifier.texts.length;
  const sent = await registrationCall(ctx, 'POST', 'otp', token, undefined, headers);
  expect(sent.statusCode).toBe(200);
  expect(sent.body).toBe('');
  expect(ctx.notifier.texts).toHaveLength(texts);

  const code = mobile ? ctx.notifier.lastCode(mobile) : '123456';
  const typed = await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code }, headers));
  expect(typed).toEqual({ ok: false, exception: { messages: IDENTITY_REQUIRED } });

  const contact = await resultOf(
    await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, ATTACKER, headers),
  );
  expect(contact).toEqual({ ok: false, exception: { messages: IDENTITY_REQUIRED } });

  const done = await resultOf(
    await registrationCall(ctx, 'POST', 'confirmation', token, participantForm(ATTACKER), headers),
  );
  expect(done).toEqual({ ok: false, exception: { messages: IDENTITY_REQUIRED } });
}

describe('another browser holding the link of a registration under way', () => {
  it('gets the first step and can neither see step 2 nor set contact details nor a password', async () => {
    const { user, token } = await freshPendingLink(ctx, 'PARTICIPANT', 0);
    // Browser A, the participant: birth date, activation code, then the text-message code; then stops.
    expect((await confirmCode(ctx, token, user.mobile)).ok).toBe(true);
    const before = await userRow(user.id);

    // Browser B has the link only; C sends a made-up proof; D one too long to be a proof.
    await attemptTakeover(token, LINK_ONLY, user.mobile);
    await attemptTakeover(token, proofHeader('x'.repeat(43)), user.mobile);
    await attemptTakeover(token, proofHeader('x'.repeat(5000)), user.mobile);

    // Nothing changed: the account is still to register, with the contact it had.
    const after = await userRow(user.id);
    expect(after).toMatchObject({ active: before.active, passwordHash: null, email: before.email });
    expect(after.mobile).toBe(before.mobile);

    // Browser A still resumes at step 2 and finishes with its own contact.
    expect(await stateOf(ctx, token)).toMatchObject({
      ok: true,
      identiteConfirmee: true,
      codeConfirme: true,
      identifiant: user.login,
    });
    const own = { emailPersonnel: 'vrai.participant@example.net', portablePersonnel: '06 44 55 66 77' };
    expect(
      (await resultOf(await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, own))).ok,
    ).toBe(true);
    const done = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', token, participantForm(own)),
    );
    expect(done.ok, JSON.stringify(done)).toBe(true);
    expect(await userRow(user.id)).toMatchObject({ active: true, email: own.emailPersonnel });
    expect((await userRow(user.id)).mobile).toBe(own.portablePersonnel);
  });

  it('keeps only the hash of the proof, beside the link, for a limited time', async () => {
    const { user, token } = await freshPendingLink(ctx, 'PARTICIPANT', 1);
    expect((await confirmCode(ctx, token, user.mobile)).ok).toBe(true);
    const proof = proofFor(token);
    expect(proof).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = await findRegistrationLink(ctx.database.db, token);
    if (link.state !== 'valid') throw new Error('link not valid');
    const [row] = await ctx.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.id, link.account.tokenId));
    expect(row?.proofHash).toBeTruthy();
    expect(row?.proofHash).not.toBe(proof);
    expect(JSON.stringify(row)).not.toContain(proof);
    const lifetime = (row?.proofExpiresAt?.getTime() ?? 0) - (row?.proofIssuedAt?.getTime() ?? 0);
    expect(lifetime).toBe(2 * 60 * 60 * 1000);

    // Lapsed, the proof no longer holds, even for browser A: the first step again.
    await ctx.database.db
      .update(accountTokens)
      .set({ proofExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.id, link.account.tokenId));
    expect(await stateOf(ctx, token)).toMatchObject(FIRST_STEP);
    const contact = await resultOf(
      await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, participantForm()),
    );
    expect(contact.exception.messages).toEqual(IDENTITY_REQUIRED);
    // The code given is spent and a made-up one refused as ever: the centre must give another.
    const { birthDate } = await linkOwner(ctx, token);
    const again = await resultOf(
      await registrationCall(ctx, 'POST', 'identite', token, {
        dateNaissance: birthDate,
        codeActivation: 'ZZZZ-ZZZZ',
      }),
    );
    expect(again.exception.messages).toEqual([
      { level: 'ERROR', errorCode: 'registration.identiteIncorrecte' },
    ]);
  });

  it('passing the check again elsewhere (a new code from the centre) takes the proof from the first browser', async () => {
    const { user, token } = await freshPendingLink(ctx, 'PARTICIPANT', 2);
    // Browser A passes both checks.
    expect((await confirmCode(ctx, token, user.mobile)).ok).toBe(true);
    const first = proofFor(token);

    // Browser B, with a new code the centre gave the participant.
    const { birthDate } = await linkOwner(ctx, token);
    const codeActivation = await centreCode(ctx, token);
    const proved = await registrationCall(
      ctx,
      'POST',
      'identite',
      token,
      { dateNaissance: birthDate, codeActivation },
      LINK_ONLY,
    );
    const reply = identityResult.parse(proved.json());
    expect(reply.ok).toBe(true);
    const second = reply.preuve;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const asB = proofHeader(second);

    // A has lost its proof: the first step, and every later call refused.
    await attemptTakeover(token, proofHeader(first), user.mobile);

    // B has proven who they are but must confirm a text-message code itself: A's does not count.
    expect(await stateOf(ctx, token, asB)).toMatchObject({
      ok: true,
      identiteConfirmee: true,
      codeConfirme: false,
      identifiant: user.login,
    });
    const early = await resultOf(
      await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, participantForm(), asB),
    );
    expect(early.exception.messages).toEqual([{ level: 'ERROR', errorCode: 'registration.codeNonConfirme' }]);
    await ctx.database.db.delete(throttles).where(like(throttles.key, 'registration:otp:minute:%'));
    const sent = await registrationCall(ctx, 'POST', 'otp', token, undefined, asB);
    expect(sent.body).not.toBe('');
    const code = ctx.notifier.lastCode(user.mobile ?? undefined);
    expect((await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code }, asB))).ok).toBe(true);
    expect((await stateOf(ctx, token, asB)).codeConfirme).toBe(true);
    const done = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', token, participantForm(), asB),
    );
    expect(done.ok, JSON.stringify(done)).toBe(true);
  });
});
