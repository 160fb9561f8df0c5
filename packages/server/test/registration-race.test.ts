import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/secrets';
import { accountTokens, auditLog, oneTimeCodes, users } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import {
  confirmCode,
  correspondantForm,
  freshPendingLink,
  linkFromOutbox,
  participantForm,
  proveIdentity,
  registrationCall,
  resultOf,
} from './registration-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('registration under concurrency', () => {
  it('evaluates at most three of 50 wrong codes sent at once', async () => {
    const { user, token } = await freshPendingLink(ctx, 'PARTICIPANT', 0);
    await proveIdentity(ctx, token);
    expect((await registrationCall(ctx, 'POST', 'otp', token)).statusCode).toBe(200);
    const right = ctx.notifier.lastCode();
    const wrong = right === '999999' ? '888888' : '999999';
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => registrationCall(ctx, 'PUT', 'otp', token, { code: wrong })),
    );
    const answers = await Promise.all(replies.map(resultOf));
    expect(answers.every((a) => !a.ok)).toBe(true);
    const codesOf = answers.map((a) => a.exception.messages.map((m) => `${m.level} ${m.errorCode}`)[0]);
    expect(codesOf.filter((c) => c === 'WARN tentative.1')).toHaveLength(1);
    expect(codesOf.filter((c) => c === 'WARN tentative.2')).toHaveLength(1);
    expect(codesOf.filter((c) => c === 'ERROR tentative.3')).toHaveLength(48);
    const [row] = await ctx.database.db
      .select({ attempts: oneTimeCodes.attempts, consumedAt: oneTimeCodes.consumedAt })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, user.id));
    expect(row).toEqual({ attempts: 3, consumedAt: null });
    const wrongs = await ctx.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'REGISTRATION_CODE_WRONG'), eq(auditLog.targetId, String(user.id))));
    expect(wrongs).toHaveLength(2);
    const late = await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code: right }));
    expect(late.ok).toBe(false);
  });

  it('activates once when one link is confirmed twice at the same moment', async () => {
    const token = await linkFromOutbox(ctx, 'corr.inscription');
    const [a, b] = await Promise.all([
      registrationCall(ctx, 'POST', 'confirmation', token, correspondantForm()),
      registrationCall(ctx, 'POST', 'confirmation', token, correspondantForm({ questionSecrete: 2 })),
    ]);
    const results = [await resultOf(a ?? never()), await resultOf(b ?? never())];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const loser = results.find((r) => !r.ok);
    expect(loser?.exception.messages.map((m) => m.errorCode)).toEqual(['registration.lienExpire']);
    const completed = await ctx.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'REGISTRATION_COMPLETED'));
    expect(completed).toHaveLength(1);
  });

  it('activates a participant once under two concurrent confirmations', async () => {
    const login = 'participant.inscription';
    const token = await linkFromOutbox(ctx, login);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
    expect((await confirmCode(ctx, token, user?.mobile ?? null)).ok).toBe(true);
    const replies = await Promise.all([
      registrationCall(ctx, 'POST', 'confirmation', token, participantForm()),
      registrationCall(
        ctx,
        'POST',
        'confirmation',
        token,
        participantForm({ accepterDMC: false, refuserDMC: true }),
      ),
    ]);
    const results = await Promise.all(replies.map(resultOf));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('resends an expired link once when asked twice at the same moment', async () => {
    const { user, token } = await freshPendingLink(ctx, 'PARTICIPANT', 1);
    await ctx.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    const mails = ctx.notifier.mails.length;
    const replies = await Promise.all([
      registrationCall(ctx, 'POST', 'resend', token),
      registrationCall(ctx, 'POST', 'resend', token),
    ]);
    expect(replies.map((r) => r.json<boolean>()).sort()).toEqual([false, true]);
    expect(ctx.notifier.mails).toHaveLength(mails + 1);
    const live = await ctx.database.db
      .select({ id: accountTokens.id })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'REGISTRATION')));
    expect(live).toHaveLength(2);
  });
});

function never(): never {
  throw new Error('missing reply');
}
