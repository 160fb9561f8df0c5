import { MAX_CODE_ATTEMPTS } from '@portail/contract/constants';
import type { ContactChannel, PendingContact } from '@portail/contract/schemas/contact-change';
import { eq } from 'drizzle-orm';
import { issueUserCode, latestUserCode, type Purpose, spendUserCodes } from '../../auth/codes';
import type { SessionEvents } from '../../auth/session-events';
import { revokeUserSessions } from '../../auth/sessions';
import type { DbOrTx } from '../../db/client';
import { correspondants, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { AccountDeps, AccountRequest } from './account-deps';
import { sendContactCode } from './account-mail';

export const PURPOSE: Record<ContactChannel, Purpose> = {
  EMAIL: 'CONTACT_EMAIL',
  PORTABLE: 'CONTACT_MOBILE',
};
export const CHANNELS: readonly ContactChannel[] = ['EMAIL', 'PORTABLE'];

/** The contact an account holds, as lockContact reads it. */
export interface StoredContact {
  id: number;
  email: string | null;
  mobile: string | null;
  englishOnly: boolean;
  correspondantId: number | null;
}

/** A code to send once the transaction that issued it has committed. */
export interface OutgoingCode {
  channel: ContactChannel;
  to: string;
  code: string;
}

export const live = (row: { expiresAt: Date; attempts: number } | undefined) =>
  row !== undefined && row.expiresAt.getTime() > Date.now() && row.attempts < MAX_CODE_ATTEMPTS;

/** The new e-mail and mobile waiting for their code: a live code of each channel holds one. */
export async function pendingContactOf(db: DbOrTx, userId: number): Promise<PendingContact> {
  const [email, mobile] = await Promise.all(
    CHANNELS.map(async (channel) => {
      const row = await latestUserCode(db, { userId, purpose: PURPOSE[channel] });
      return live(row) ? (row?.pendingValue ?? null) : null;
    }),
  );
  return { email: email ?? null, portable: mobile ?? null };
}

/**
 * A new e-mail or mobile is not applied: it waits, and a code goes to it (issue 17). Until the code
 * comes back, sign-in codes and recovery keep using the stored contact, so a typo never locks anyone
 * out. Asking again replaces what waited; asking for the stored value drops it. A removed mobile (a
 * correspondant's is optional) reaches nobody new: it applies at once, through applyContact.
 */
export async function requestContactChange(
  tx: DbOrTx,
  deps: AccountDeps,
  ctx: AccountRequest,
  current: StoredContact,
  wanted: { email: string; mobile: string | null },
): Promise<OutgoingCode[]> {
  const outgoing: OutgoingCode[] = [];
  const values: Record<ContactChannel, [stored: string | null, next: string | null]> = {
    EMAIL: [current.email, wanted.email],
    PORTABLE: [current.mobile, wanted.mobile],
  };
  for (const channel of CHANNELS) {
    const [stored, next] = values[channel];
    const target = { userId: current.id, purpose: PURPOSE[channel] };
    if (next === stored || next === null) {
      await spendUserCodes(tx, target);
      continue;
    }
    const code = await issueUserCode(
      tx,
      { ...target, pendingValue: next },
      deps.config.codeSecret,
      deps.config.signInCodeTtlS,
    );
    outgoing.push({ channel, to: next, code });
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'CONTACT_CHANGE_REQUESTED',
      targetType: 'user',
      targetId: current.id,
      details: { channel },
      ip: ctx.ip,
    });
  }
  if (wanted.mobile === null && current.mobile !== null)
    await applyContact(tx, deps.sessions, ctx, current, { mobile: null });
  return outgoing;
}

/** Sends the codes a request issued, each to its new address or number. */
export async function sendContactCodes(
  deps: AccountDeps,
  ctx: AccountRequest,
  outgoing: OutgoingCode[],
  englishOnly: boolean,
  userId: number,
): Promise<void> {
  for (const code of outgoing) await sendContactCode(deps, ctx.log, code, englishOnly, userId);
}

/**
 * Applies a confirmed (or removed) contact value to the account, and to the correspondant's record
 * when the account is a correspondant's (the directory shows it): the account's other sessions end
 * and every instance reads it again. The caller's transaction holds the account's row.
 */
export async function applyContact(
  tx: DbOrTx,
  sessions: SessionEvents,
  ctx: AccountRequest,
  current: StoredContact,
  change: { email?: string; mobile?: string | null },
): Promise<void> {
  const now = new Date();
  await tx
    .update(users)
    .set({ ...change, updatedAt: now })
    .where(eq(users.id, current.id));
  if (current.correspondantId !== null) {
    await tx
      .update(correspondants)
      .set({ ...change, updatedAt: now })
      .where(eq(correspondants.id, current.correspondantId));
  }
  await revokeUserSessions(tx, sessions, current.id, ctx.caller.sessionId, 'contact_changed');
  const before = Object.fromEntries(
    Object.keys(change).map((key) => [key, current[key as keyof typeof change]]),
  );
  await audit(tx, {
    actorUserId: ctx.caller.userId,
    action: 'USER_CONTACT_CHANGED',
    targetType: 'user',
    targetId: current.id,
    details: { before, after: change, correspondantId: current.correspondantId },
    ip: ctx.ip,
    // A participant's own contact is part of what their activity tells (docs/activity.md#events).
    ...(ctx.caller.participantId !== null ? { participantId: ctx.caller.participantId } : {}),
  });
}
