import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import { recoveryQuestionReply } from '@portail/contract/schemas/recovery';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants, users } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { answerByMail, answerByPhone, askByPhone } from './recovery-fixtures';

interface Person {
  mobile: string;
  birthDate: string;
}

/**
 * The mobile and birth date of a demo participant's account, read from the database: the demo draws
 * birth dates back from today, so they change from one day to the next. Mobiles are stored as typed, in
 * the national form.
 */
async function person(login: string): Promise<Person> {
  const [row] = await ctx.database.db
    .select({ mobile: users.mobile, birthDate: participants.birthDate })
    .from(users)
    .innerJoin(participants, eq(participants.id, users.participantId))
    .where(eq(users.login, login));
  if (!row?.mobile) throw new Error(`the demo data has no participant account ${login} with a mobile`);
  return { mobile: row.mobile, birthDate: row.birthDate };
}

/** The same number in another format: +33 and no spaces. */
const international = (mobile: string) => `+33 ${mobile.replace(/\s+/g, '').slice(1)}`;

/** The day after an ISO date. */
function nextDay(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

let ctx: TestContext;
let TEST1: Person;
let ENGLISH: Person;
beforeAll(async () => {
  ctx = await createTestContext();
  TEST1 = await person('participant.test1');
  ENGLISH = await person('participant.en');
});
afterAll(async () => ctx.close());

function expectRefused(reply: { statusCode: number; json: () => unknown }) {
  expect(reply.statusCode).toBe(409);
  expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
    { level: 'ERROR', errorCode: 'recovery.reponseIncorrecte' },
  ]);
}

describe('forgot identifier, end to end', () => {
  it('sends the identifier by SMS to the mobile on file, typed in another format', async () => {
    const asked = await askByPhone(ctx, {
      portable: international(TEST1.mobile),
      dateDeNaissance: TEST1.birthDate,
    });
    expect(asked.statusCode).toBe(200);
    const question = recoveryQuestionReply.parse(asked.json());
    expect(question.id).toBe(2);

    const texts = ctx.notifier.texts.length;
    const reply = await answerByPhone(ctx, {
      idQuestion: question.id,
      response: 'PÂRIS',
      phone: `0033${TEST1.mobile.replace(/\s+/g, '').slice(1)}`,
      dateDeNaissance: TEST1.birthDate,
    });
    expect(reply.statusCode).toBe(200);
    expect(messagesReply.parse(reply.json())).toEqual({
      ciemException: { messages: [{ level: 'INFO', errorCode: 'recovery.smsEnvoye' }] },
    });
    expect(ctx.notifier.texts).toHaveLength(texts + 1);
    const sms = ctx.notifier.texts.at(-1);
    expect(sms?.to).toBe(TEST1.mobile);
    expect(sms?.text).toContain('votre identifiant est participant.test1');
  });

  it('writes to an English-only participant in English', async () => {
    const reply = await answerByPhone(ctx, {
      idQuestion: 2,
      response: 'paris',
      phone: ENGLISH.mobile.replace(/\s+/g, ''),
      dateDeNaissance: ENGLISH.birthDate,
    });
    expect(reply.statusCode).toBe(200);
    expect(ctx.notifier.texts.at(-1)?.text).toContain('your identifier is participant.en');
  });
});

describe('no enumeration', () => {
  it('answers a plausible, stable question for a wrong birth date or an unknown mobile, and refuses any answer', async () => {
    const texts = ctx.notifier.texts.length;
    for (const body of [
      { portable: TEST1.mobile, dateDeNaissance: nextDay(TEST1.birthDate) },
      { portable: '06 99 99 99 98', dateDeNaissance: TEST1.birthDate },
      { portable: 'pas un numéro', dateDeNaissance: TEST1.birthDate },
      // A correspondant's mobile: only participants recover an identifier this way.
      { portable: '07 36 59 11 06', dateDeNaissance: '1970-01-01' },
    ]) {
      const first = await askByPhone(ctx, body);
      expect(first.statusCode).toBe(200);
      const question = recoveryQuestionReply.parse(first.json());
      expect((await askByPhone(ctx, body)).json()).toEqual(question);
      expectRefused(
        await answerByPhone(ctx, {
          idQuestion: question.id,
          response: 'paris',
          phone: body.portable,
          dateDeNaissance: body.dateDeNaissance,
        }),
      );
    }
    expectRefused(
      await answerByPhone(ctx, {
        idQuestion: 2,
        response: 'Lyon',
        phone: TEST1.mobile,
        dateDeNaissance: TEST1.birthDate,
      }),
    );
    expect(ctx.notifier.texts).toHaveLength(texts);
  });
});

describe('throttling', () => {
  it('counts the answers of both flows against the same account', async () => {
    const mail = 'participant.test2@example.com';
    const test2 = await person('participant.test2');
    const phone = { phone: test2.mobile, dateDeNaissance: test2.birthDate };
    for (let i = 0; i < 3; i++) {
      expectRefused(await answerByMail(ctx, { idQuestion: 2, response: `Ville${i}`, mail }));
    }
    for (let i = 0; i < 2; i++) {
      expectRefused(await answerByPhone(ctx, { idQuestion: 2, response: `Bourg${i}`, ...phone }));
    }
    const blocked = await answerByPhone(ctx, { idQuestion: 2, response: 'paris', ...phone });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
