import { messagesReply } from '@portail/contract/schemas/common';
import { recoveryQuestionReply } from '@portail/contract/schemas/recovery';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../src/db/schema';
import { createTestContext, passwordRequest, signIn, type TestContext } from './helper';
import {
  answerByMail,
  askByMail,
  checkToken,
  freshIp,
  lastMailTo,
  linkIn,
  requestResetLink,
  savePassword,
} from './recovery-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const NEW_PASSWORD = 'Brume#Falaise27';

async function userId(login: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no user ${login}`);
  return row.id;
}

const principal = (headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/oauth/principal',
    headers,
    payload: { roleCorrespondant: false },
  });

describe('forgot password, end to end', () => {
  it('mails a reset link for the right answer, whatever its case, accents and spaces', async () => {
    const other = await signIn(ctx, 'participant.test1', 'participant');
    expect((await principal(other.headers)).statusCode).toBe(200);

    const question = await askByMail(ctx, 'Participant.Test1@Example.com');
    expect(question.statusCode).toBe(200);
    const asked = recoveryQuestionReply.parse(question.json());
    expect(asked.id).toBe(2);
    expect(asked.questionfr).toMatch(/ville/);

    const mails = ctx.notifier.mails.length;
    const answer = await answerByMail(ctx, {
      idQuestion: asked.id,
      response: ' Páris ',
      mail: 'participant.test1@example.com',
    });
    expect(answer.statusCode).toBe(200);
    expect(messagesReply.parse(answer.json())).toEqual({
      ciemException: { messages: [{ level: 'INFO', errorCode: 'recovery.mailEnvoye' }] },
    });
    expect(ctx.notifier.mails).toHaveLength(mails + 1);
    const mail = lastMailTo(ctx, 'participant.test1@example.com');
    const { link, token } = linkIn(mail);
    expect(link.startsWith(`${ctx.config.publicUrl}/user/reinitpassword?token=`)).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(mail.text).toMatch(/1 heure/);
    expect(mail.text).toMatch(/ignorez ce message/);

    const valid = await checkToken(ctx, token);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toBe(true);

    const saved = await savePassword(ctx, 'reinitpassword', token, NEW_PASSWORD);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      ciemException: { messages: [{ level: 'INFO', errorCode: 'recovery.motDePasseEnregistre' }] },
    });
    // The holder is told, without the password.
    const notice = lastMailTo(ctx, 'participant.test1@example.com');
    expect(notice.subject).toMatch(/mot de passe a été modifié/);
    expect(notice.text).not.toContain(NEW_PASSWORD);

    // Every earlier session ended; the old password no longer opens one, the new one does.
    expect((await principal(other.headers)).statusCode).toBe(401);
    const [revoked] = await ctx.database.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.userId, await userId('participant.test1')));
    expect(revoked?.reason).toBe('password_reset');
    const old = await passwordRequest(ctx.app, 'participant.test1', false);
    expect(old.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await passwordRequest(ctx.app, 'participant.test1', false, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lifts the lock of three wrong passwords once the new password is saved', async () => {
    for (let i = 0; i < 3; i++) await passwordRequest(ctx.app, 'participant.test2', false, 'Wrong#Pass1');
    const locked = await passwordRequest(ctx.app, 'participant.test2', false);
    expect(locked.json()).toEqual({ error: 'invalid_grant', error_description: 'user.locked' });
    const [before] = await ctx.database.db
      .select({ lockedAt: users.lockedAt })
      .from(users)
      .where(eq(users.login, 'participant.test2'));
    expect(before?.lockedAt).not.toBeNull();

    const { token } = await requestResetLink(ctx, 'participant.test2@example.com');
    expect((await savePassword(ctx, 'reinitpassword', token, NEW_PASSWORD)).statusCode).toBe(200);

    const [after] = await ctx.database.db
      .select({ lockedAt: users.lockedAt })
      .from(users)
      .where(eq(users.login, 'participant.test2'));
    expect(after?.lockedAt).toBeNull();
    expect((await passwordRequest(ctx.app, 'participant.test2', false, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('finds correspondants only with the checkbox, and writes to an English-only account in English', async () => {
    const email = 'lucille.poirier@perrin-et-durand.example.com';
    const { link, token } = await requestResetLink(ctx, email, true);
    expect(link.startsWith(`${ctx.config.publicUrl}/user/reinitpassword?token=`)).toBe(true);
    expect((await savePassword(ctx, 'reinitpassword', token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await passwordRequest(ctx.app, 'corr.annuaire', true, NEW_PASSWORD)).statusCode).toBe(200);

    // Without the checkbox the correspondant is not found: any answer is refused.
    const asked = await askByMail(ctx, email, false);
    expect(asked.statusCode).toBe(200);
    const refused = await answerByMail(ctx, {
      idQuestion: asked.json<{ id: number }>().id,
      response: 'paris',
      mail: email,
    });
    expect(refused.statusCode).toBe(409);

    await requestResetLink(ctx, 'participant.en@example.com');
    const english = lastMailTo(ctx, 'participant.en@example.com');
    expect(english.subject).toMatch(/reset your password/);
    expect(english.text).toMatch(/expires in 1 hour/);
    expect(english.text).toMatch(/did not ask for it/);
  });

  it('builds the link from the configured public URL, whatever Host the request names', async () => {
    const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const email = 'participant.test4@example.com';
    const question = await askByMail(ctx, email, false, freshIp(), evil);
    const answer = await answerByMail(
      ctx,
      { idQuestion: question.json<{ id: number }>().id, response: 'PARIS', mail: email },
      freshIp(),
      evil,
    );
    expect(answer.statusCode).toBe(200);
    const mail = lastMailTo(ctx, email);
    const { link } = linkIn(mail);
    expect(link.startsWith(`${ctx.config.publicUrl}/user/reinitpassword?token=`)).toBe(true);
    expect(mail.text).not.toContain('evil.example');
  });
});

describe('audit', () => {
  it('records every step without a token, an answer or a password', async () => {
    const { token } = await requestResetLink(ctx, 'participant.visites@example.com');
    await answerByMail(ctx, { idQuestion: 2, response: 'Toulouse', mail: 'participant.visites@example.com' });
    await checkToken(ctx, 'not-a-token');
    expect((await savePassword(ctx, 'reinitpassword', token, 'Lagune#Corail58')).statusCode).toBe(200);
    const rows = await ctx.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'RECOVERY_QUESTION_ASKED',
          'RECOVERY_ANSWER_REFUSED',
          'RECOVERY_ANSWER_ACCEPTED',
          'PASSWORD_LINK_SENT',
          'PASSWORD_LINK_INVALID',
          'PASSWORD_RESET',
        ]),
      );
    expect(new Set(rows.map((row) => row.action)).size).toBe(6);
    const text = JSON.stringify(rows).toLowerCase();
    for (const secret of [token.toLowerCase(), 'not-a-token', 'toulouse', 'paris', 'lagune#corail58']) {
      expect(text).not.toContain(secret);
    }
  });
});
