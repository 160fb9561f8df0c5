import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteAccount } from '../src/cli/invite-account';
import { correspondants, users } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { linkFromOutbox, registrationCall, stateOf, tokenIn, userByLogin } from './registration-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://portail.example.org' } });
});
afterAll(async () => ctx.close());

const log = { error: () => undefined };
const deps = () => ({ db: ctx.database.db, config: ctx.config, notifier: ctx.notifier });

describe('npm run invite', () => {
  it('mails a pending account a fresh registration link; the earlier one stops working', async () => {
    const user = await userByLogin(ctx, 'participant.inscription2');
    const old = await linkFromOutbox(ctx, 'participant.inscription2');
    const outcome = await inviteAccount(deps(), log, 'participant', user.participantId ?? -1);
    expect(outcome).toEqual({
      result: 'registration',
      login: 'participant.inscription2',
      to: user.email,
      created: false,
      sent: true,
    });
    const mail = ctx.notifier.mails.at(-1);
    expect(mail?.to).toBe(user.email);
    expect(mail?.text).toContain('https://portail.example.org/user/registrationCompte?token=');
    expect((await stateOf(ctx, tokenIn(mail?.text ?? ''))).ok).toBe(true);
    expect((await stateOf(ctx, old)).notFound).toBe(true);
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
      login: `elise.nouveau.c${id}`,
      to: 'elise.nouveau@example.org',
      created: true,
      sent: true,
    });
    const [account] = await ctx.database.db.select().from(users).where(eq(users.correspondantId, id));
    expect(account).toMatchObject({ kind: 'CORRESPONDANT', active: false, passwordHash: null });
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
