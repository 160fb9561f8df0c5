import { outboxReply } from '@portail/contract/schemas/dev';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteAccount } from '../src/cli/invite-account';
import { describeInvite } from '../src/cli/invite-report';
import { correspondants, participants, users } from '../src/db/schema';
import { DEMO_PENDING_ACCOUNTS, letterRecipient } from '../src/demo/pending-accounts';
import { createTestContext, type TestContext } from './helper';
import {
  letterCode,
  linkFromOutbox,
  registrationCall,
  resultOf,
  stateOf,
  tokenIn,
  userByLogin,
} from './registration-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://portail.example.org' } });
});
afterAll(async () => ctx.close());

const log = { error: () => undefined };
const deps = () => ({ db: ctx.database.db, config: ctx.config, notifier: ctx.notifier });

describe('npm run invite', () => {
  it('mails a pending participant a fresh link and prints a new activation code, never mailed', async () => {
    const user = await userByLogin(ctx, 'participant.inscription2');
    const old = await linkFromOutbox(ctx, 'participant.inscription2');
    const oldCode = await letterCode(ctx, 'participant.inscription2');
    const outcome = await inviteAccount(deps(), log, 'participant', user.participantId ?? -1);
    expect(outcome).toEqual({
      result: 'registration',
      login: 'participant.inscription2',
      to: user.email,
      created: false,
      sent: true,
      activation: { code: expect.stringMatching(/^[A-Z2-9]{8}$/), expiresAt: expect.any(Date) },
    });
    const code = outcome.result === 'registration' ? (outcome.activation?.code ?? '') : '';
    // The command prints it, for the letter or the front desk.
    const printed = describeInvite('participant', user.participantId ?? -1, outcome, true);
    expect(printed).toContain(`Activation code: ${code.slice(0, 4)}-${code.slice(4)}`);
    expect(printed).toContain('checking an identity document');
    const mail = ctx.notifier.mails.at(-1);
    expect(mail?.to).toBe(user.email);
    expect(mail?.text).toContain('https://portail.example.org/user/registrationCompte?token=');
    expect(mail?.text).toContain("code d'activation que votre centre de bilans vous remet");
    expect(mail?.text).not.toContain(code);
    const token = tokenIn(mail?.text ?? '');
    expect((await stateOf(ctx, token)).ok).toBe(true);
    expect((await stateOf(ctx, old)).notFound).toBe(true);

    // The letter's earlier code no longer works; the printed one does, with the birth date.
    const [record] = await ctx.database.db
      .select({ birthDate: participants.birthDate })
      .from(participants)
      .where(eq(participants.id, user.participantId ?? -1));
    const prove = async (codeActivation: string) =>
      resultOf(
        await registrationCall(ctx, 'POST', 'identite', token, {
          dateNaissance: record?.birthDate,
          codeActivation,
        }),
      );
    expect((await prove(oldCode)).ok).toBe(false);
    expect((await prove(code)).ok).toBe(true);
  });

  it('mails an active account a change-password link instead', async () => {
    const user = await userByLogin(ctx, 'participant.dmc');
    const outcome = await inviteAccount(deps(), log, 'participant', user.participantId ?? -1);
    expect(outcome).toMatchObject({ result: 'changePassword', login: 'participant.dmc', sent: true });
    expect(ctx.notifier.mails.at(-1)?.text).toContain(
      'https://portail.example.org/user/changePassword?token=',
    );
  });

  it('creates the account of a correspondant who has none, then mails its link', async () => {
    const colleague = await userByLogin(ctx, 'corr.etablissement');
    const [org] = await ctx.database.db
      .select({ establishmentId: correspondants.establishmentId, companyId: correspondants.companyId })
      .from(correspondants)
      .where(eq(correspondants.id, colleague.correspondantId ?? -1));
    const [free] = await ctx.database.db
      .insert(correspondants)
      .values({
        lastName: 'Nouveau',
        firstName: 'Élise',
        email: 'elise.nouveau@example.org',
        mobile: '06 55 44 33 22',
        scopeLevel: 'ETABLISSEMENT',
        establishmentId: org?.establishmentId ?? null,
        companyId: org?.companyId ?? null,
      })
      .returning({ id: correspondants.id });
    const id = free?.id ?? -1;
    const outcome = await inviteAccount(deps(), log, 'correspondant', id);
    expect(outcome).toMatchObject({
      result: 'registration',
      to: 'elise.nouveau@example.org',
      created: true,
      sent: true,
      // A correspondant proves nothing more: their professional contact is the centre's record.
      activation: null,
    });
    // Not derived from the name or the id alone (issue 17): eight random characters.
    expect(outcome.result === 'registration' && outcome.login).toMatch(/^e\.nouveau\.[a-hjkmnp-z2-9]{8}$/);
    const [account] = await ctx.database.db.select().from(users).where(eq(users.correspondantId, id));
    expect(account).toMatchObject({
      kind: 'CORRESPONDANT',
      active: false,
      passwordHash: null,
      login: outcome.result === 'registration' ? outcome.login : '',
    });
    const token = tokenIn(ctx.notifier.mails.at(-1)?.text ?? '');
    expect(await stateOf(ctx, token)).toMatchObject({ ok: true, compteParticipant: false });
    expect((await registrationCall(ctx, 'POST', 'otp', token)).body).toBe('');
  });

  it('sends nothing for an unknown id', async () => {
    const mails = ctx.notifier.mails.length;
    expect(await inviteAccount(deps(), log, 'participant', 9_999_999)).toEqual({ result: 'unknown' });
    expect(await inviteAccount(deps(), log, 'correspondant', 9_999_999)).toEqual({ result: 'unknown' });
    expect(ctx.notifier.mails).toHaveLength(mails);
  });
});

describe("the demo's letters from the centre", () => {
  it("speak the participant's language, as their mails do", async () => {
    const letterTo = async (login: string) => {
      const account = DEMO_PENDING_ACCOUNTS.find((candidate) => candidate.login === login);
      const reply = await ctx.app.inject({
        method: 'GET',
        url: `/api/dev/outbox?recipient=${encodeURIComponent(letterRecipient(account ?? DEMO_PENDING_ACCOUNTS[0]))}&limit=1`,
      });
      return outboxReply.parse(reply.json()).items[0];
    };
    const english = await letterTo('participant.inscription.en');
    expect(english?.channel).toBe('LETTER');
    expect(english?.subject).toBe('Letter from the check-up centre: your activation code');
    expect(english?.body).toContain('not even with your employer');
    expect(english?.body).not.toMatch(/Madame|employeur/);
    const french = await letterTo('participant.inscription');
    expect(french?.body).toContain('pas même à votre employeur');
  });
});
