import { errorReply } from '@portail/contract/schemas/common';
import { recoveryQuestionReply } from '@portail/contract/schemas/recovery';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { answerByMail, askByMail, checkToken, freshIp } from './recovery-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function userId(login: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no user ${login}`);
  return row.id;
}

describe('no account enumeration', () => {
  it('answers an unknown address like a known one, with a question stable across calls', async () => {
    const known = await askByMail(ctx, 'participant.dmc@example.com');
    const unknown = await askByMail(ctx, 'personne.inconnue@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort());
    recoveryQuestionReply.parse(unknown.json());
    for (const correspondant of [false, true]) {
      const first = await askByMail(ctx, 'personne.inconnue@example.com', correspondant);
      const again = await askByMail(ctx, 'PERSONNE.inconnue@example.com', correspondant);
      expect(again.json()).toEqual(first.json());
    }
    // Different unknown addresses do not all get the same question.
    const ids = new Set<number>();
    for (let i = 0; i < 12; i++) {
      ids.add((await askByMail(ctx, `inconnu${i}@example.com`)).json<{ id: number }>().id);
    }
    expect(ids.size).toBeGreaterThan(1);
  });

  it('refuses a wrong answer, another question and any answer for an unknown address alike', async () => {
    const email = 'participant.dmc@example.com';
    const replies = [
      await answerByMail(ctx, { idQuestion: 2, response: 'Lyon', mail: email }),
      await answerByMail(ctx, { idQuestion: 3, response: 'paris', mail: email }),
      await answerByMail(ctx, { idQuestion: 2, response: 'paris', mail: 'personne.inconnue@example.com' }),
      await answerByMail(ctx, { idQuestion: 2, response: 'paris', mail: email, roleCorrespondant: true }),
    ];
    for (const reply of replies) {
      expect(reply.statusCode).toBe(409);
      const body = errorReply.parse(reply.json());
      expect(body.ciemException?.messages).toEqual([
        { level: 'ERROR', errorCode: 'recovery.reponseIncorrecte' },
      ]);
    }
    const bodies = new Set(replies.map((reply) => reply.body));
    expect(bodies.size).toBe(1);
  });

  it('takes about as long for an unknown address as for a wrong answer (both pay argon2)', async () => {
    const time = async (mail: string) => {
      const start = performance.now();
      const reply = await answerByMail(ctx, { idQuestion: 2, response: 'Marseille', mail });
      expect(reply.statusCode).toBe(409);
      return performance.now() - start;
    };
    // The fastest of five: load from other test files only ever adds time, so the minimum is what the
    // route itself costs (a median of five failed once in CI when a busy moment hit three calls).
    const fastest = (values: number[]) => Math.min(...values);
    // The decoy hash is made on the first unknown address; made here, it is not in the series.
    await time('absent-warm@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    // Five answers per account (the limit), alternated so that a slow moment hits both series.
    for (let i = 0; i < 5; i++) {
      known.push(await time('participant.sansdmc@example.com'));
      unknown.push(await time(`absent${i}@example.com`));
    }
    expect(fastest(unknown)).toBeGreaterThanOrEqual(0.5 * fastest(known));
    expect(fastest(known)).toBeGreaterThanOrEqual(0.5 * fastest(unknown));
  });
});

describe('throttling', () => {
  it('allows five answers per account, then answers 429 with Retry-After, even to the right answer', async () => {
    const mail = 'participant.refus@example.com';
    for (let i = 0; i < 5; i++) {
      expect((await answerByMail(ctx, { idQuestion: 2, response: `Ville${i}`, mail })).statusCode).toBe(409);
    }
    const blocked = await answerByMail(ctx, { idQuestion: 2, response: 'paris', mail });
    expect(blocked.statusCode).toBe(429);
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json()).toMatchObject({ status: 429, message: 'http.429' });
    // The limit follows the account, not the spelling of its address.
    const respelled = await answerByMail(ctx, { idQuestion: 2, response: 'paris', mail: mail.toUpperCase() });
    expect(respelled.statusCode).toBe(429);
  });

  it('counts an unknown address on its own', async () => {
    const mail = 'fantome@example.com';
    for (let i = 0; i < 5; i++) {
      expect((await answerByMail(ctx, { idQuestion: 1, response: 'x', mail })).statusCode).toBe(409);
    }
    expect((await answerByMail(ctx, { idQuestion: 1, response: 'x', mail })).statusCode).toBe(429);
  });

  it('allows thirty recovery calls per client address over all the routes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await askByMail(ctx, `client${i}@example.com`, false, ip)).statusCode).toBe(200);
    }
    for (let i = 0; i < 10; i++) expect((await checkToken(ctx, `nothing${i}`, ip)).json()).toBe(false);
    const blocked = await askByMail(ctx, 'client-last@example.com', false, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const answer = await answerByMail(ctx, { idQuestion: 2, response: 'paris', mail: 'x@example.com' }, ip);
    expect(answer.statusCode).toBe(429);
    expect((await checkToken(ctx, 'nothing', ip)).statusCode).toBe(429);
    // Another address is not held back.
    expect((await askByMail(ctx, 'client-last@example.com')).statusCode).toBe(200);
  });

  it('evaluates at most five of twenty concurrent wrong answers', async () => {
    const id = await userId('participant.test3');
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        answerByMail(ctx, { idQuestion: 2, response: `Faux${i}`, mail: 'participant.test3@example.com' }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const refusals = await ctx.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'RECOVERY_ANSWER_REFUSED'), eq(auditLog.targetId, String(id))));
    expect(refusals).toHaveLength(5);
  });
});
