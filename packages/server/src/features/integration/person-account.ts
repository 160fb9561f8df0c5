import { and, eq, isNull } from 'drizzle-orm';
import { issueUserCode, latestUserCode, spendUserCodes } from '../../auth/codes';
import { revokeUserSessions } from '../../auth/sessions';
import { accountTokens, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { live, PURPOSE, sendContactCode } from '../account';
import { newAccountLogin } from '../participants';
import { issueRegistrationLink, mailRegistrationLink } from '../registration';
import type { FhirContext } from './fhir-resource';

/**
 * The sign-in account of a correspondant written by the back office, kept as the portal's own paths
 * keep it: a new correspondant gets an inactive account without a password and a registration link
 * mailed once the write commits (what `npm run invite` and the participant screens' creation do, with
 * the same link service); a deactivated one can no longer sign in (account off, sessions ended, links
 * spent); a new mail or mobile of a registered account waits for the code sent to it (issue 17, as
 * on the correspondant's own screen).
 */

export interface CorrespondantAccount {
  id: number;
  email: string | null;
  mobile: string | null;
  englishOnly: boolean;
  active: boolean;
  registered: boolean;
}

/** The correspondant's account (the first, as `npm run invite` picks), locked for the write. */
export async function lockAccount(
  ctx: FhirContext,
  correspondantId: number,
): Promise<CorrespondantAccount | null> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      englishOnly: users.englishOnly,
      active: users.active,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(and(eq(users.kind, 'CORRESPONDANT'), eq(users.correspondantId, correspondantId)))
    .orderBy(users.id)
    .limit(1)
    .for('update');
  if (!row) return null;
  const { passwordHash, ...account } = row;
  return { ...account, registered: passwordHash !== null };
}

export interface Holder {
  id: number;
  lastName: string;
  firstName: string;
  email: string;
}

/** A fresh registration link (earlier ones stop working), mailed to `holder.email` after commit. */
export async function sendRegistrationLink(
  ctx: FhirContext,
  userId: number,
  holder: Holder,
  englishOnly: boolean,
): Promise<void> {
  const token = await issueRegistrationLink(ctx.db, userId, ctx.config);
  await audit(ctx.db, {
    actorUserId: null,
    action: 'REGISTRATION_LINK_SENT',
    targetType: 'user',
    targetId: userId,
    details: { by: 'fhir', client: ctx.client.name, correspondantId: holder.id },
    ip: ctx.ip,
  });
  const deps = { config: ctx.config, notifier: ctx.notifier };
  const mail = { token, englishOnly, participant: false, person: holder };
  ctx.afterCommit(async () => {
    await mailRegistrationLink(deps, ctx.log, holder.email, mail, { correspondantId: holder.id });
  });
}

/** A new correspondant's account: inactive, no password, until registration by link sets both. */
export async function openAccount(
  ctx: FhirContext,
  holder: Holder & { mobile: string | null },
): Promise<void> {
  const [user] = await ctx.db
    .insert(users)
    .values({
      kind: 'CORRESPONDANT',
      login: await newAccountLogin(ctx.db, 'CORRESPONDANT', holder.firstName, holder.lastName),
      passwordHash: null,
      roles: ['ROLE_CORRESPONDANT'],
      correspondantId: holder.id,
      lastName: holder.lastName,
      firstName: holder.firstName,
      email: holder.email,
      mobile: holder.mobile,
      active: false,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned no row');
  await sendRegistrationLink(ctx, user.id, holder, false);
}

/** Deactivation: the account stops at once (every session ended) and no link it was sent works any more. */
export async function closeAccount(ctx: FhirContext, account: CorrespondantAccount): Promise<void> {
  await ctx.db.update(users).set({ active: false, updatedAt: new Date() }).where(eq(users.id, account.id));
  await ctx.db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.userId, account.id), isNull(accountTokens.usedAt)));
  await revokeUserSessions(ctx.db, ctx.sessions, account.id, null, 'correspondant_deactivated');
}

/** Re-activation of a registered account: it signs in again with its password. */
export async function reopenAccount(ctx: FhirContext, account: CorrespondantAccount): Promise<void> {
  await ctx.db.update(users).set({ active: true, updatedAt: new Date() }).where(eq(users.id, account.id));
  await ctx.sessions.userChanged(ctx.db, account.id);
}

/**
 * A new mail or mobile for a correspondant with an account. Still to register: the account follows the
 * record at once (the caller sends a new link when the mail changed: the earlier one went to the old
 * address). A
 * registered account keeps reaching its confirmed contact: the new value waits for the code sent to it
 * (the person types it on their details page, which then changes the account and the record together);
 * sending again the value that already waits sends nothing new. A removed mobile applies at once.
 * Returns the mail and mobile the correspondant's row keeps now.
 */
export async function changeContact(
  ctx: FhirContext,
  account: CorrespondantAccount,
  wanted: { email: string; mobile: string | null },
): Promise<{ email: string | null; mobile: string | null }> {
  if (!account.registered) {
    if (wanted.email !== account.email || wanted.mobile !== account.mobile)
      await ctx.db
        .update(users)
        .set({ email: wanted.email, mobile: wanted.mobile, updatedAt: new Date() })
        .where(eq(users.id, account.id));
    return wanted;
  }
  const kept = { email: account.email, mobile: account.mobile };
  const channels = [
    { channel: 'EMAIL' as const, stored: account.email, next: wanted.email as string | null },
    { channel: 'PORTABLE' as const, stored: account.mobile, next: wanted.mobile },
  ];
  for (const { channel, stored, next } of channels) {
    const target = { userId: account.id, purpose: PURPOSE[channel] };
    if (next === stored) {
      await spendUserCodes(ctx.db, target);
      continue;
    }
    if (next === null) {
      // A removed mobile reaches nobody new: it applies at once, as on the screens.
      await spendUserCodes(ctx.db, target);
      await ctx.db.update(users).set({ mobile: null, updatedAt: new Date() }).where(eq(users.id, account.id));
      await revokeUserSessions(ctx.db, ctx.sessions, account.id, null, 'contact_changed');
      kept.mobile = null;
      continue;
    }
    const waiting = await latestUserCode(ctx.db, target);
    if (live(waiting) && waiting?.pendingValue === next) continue;
    const code = await issueUserCode(
      ctx.db,
      { ...target, pendingValue: next },
      ctx.config.codeSecret,
      ctx.config.signInCodeTtlS,
    );
    await audit(ctx.db, {
      actorUserId: null,
      action: 'CONTACT_CHANGE_REQUESTED',
      targetType: 'user',
      targetId: account.id,
      details: { channel, by: 'fhir', client: ctx.client.name },
      ip: ctx.ip,
    });
    const deps = { config: ctx.config, notifier: ctx.notifier };
    ctx.afterCommit(() =>
      sendContactCode(deps, ctx.log, { channel, to: next, code }, account.englishOnly, account.id),
    );
  }
  return kept;
}

/** The account's names follow the record's, as the correspondant's own screen keeps them. */
export async function renameAccount(
  ctx: FhirContext,
  account: CorrespondantAccount,
  holder: Holder,
): Promise<void> {
  await ctx.db
    .update(users)
    .set({ lastName: holder.lastName, firstName: holder.firstName, updatedAt: new Date() })
    .where(eq(users.id, account.id));
  await ctx.sessions.userChanged(ctx.db, account.id);
}
