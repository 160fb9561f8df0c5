import { MAX_CODE_ATTEMPTS } from '@portail/contract/constants';
import type { Message } from '@portail/contract/schemas/common';
import {
  CONTACT_CHANGE_MESSAGES,
  type ContactChangeReply,
  type ContactChannel,
  type ContactCodeBody,
  type PendingContact,
} from '@portail/contract/schemas/contact-change';
import { checkUserCode, latestUserCode, resendUserCode, spendUserCodes } from '../../auth/codes';
import { audit } from '../../lib/audit';
import {
  BusinessError,
  errorMessage,
  infoMessage,
  notFound,
  tooManyRequests,
  warnMessage,
} from '../../lib/errors';
import type { AccountDeps, AccountRequest } from './account-deps';
import { mailAccountNotice, sendContactCode } from './account-mail';
import {
  applyContact,
  CHANNELS,
  live,
  PURPOSE,
  pendingContactOf,
  type StoredContact,
} from './contact-change.service';
import { lockContact } from './user.queries';

const reply = (messages: Message[], enAttente: PendingContact): ContactChangeReply => ({
  ciemException: { messages },
  enAttente,
});

type Confirmation =
  | { result: 'ok'; before: StoredContact; channel: ContactChannel }
  | { result: 'wrong'; left: number }
  | { result: 'exhausted' | 'expired' | 'none' };

/**
 * POST user/contact/confirmation: the code sent to the new address or number. In one transaction,
 * under the account's row lock (two confirmations at once are served one after the other, and the
 * second finds nothing waiting): the code is checked (each try counted, three at most), the value
 * applied, the other sessions ended, the change audited. The old address is told afterwards.
 */
export async function confirmContactChange(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: ContactCodeBody,
): Promise<ContactChangeReply> {
  const userId = ctx.caller.userId;
  const target = { userId, purpose: PURPOSE[body.canal] };
  const outcome = await deps.db.transaction(async (tx): Promise<Confirmation> => {
    const current = await lockContact(tx, userId);
    if (!current) throw notFound();
    const waiting = await latestUserCode(tx, target);
    if (!waiting?.pendingValue) return { result: 'none' };
    // A cancelled or replaced code has its tries spent: nothing waits. One left to time has expired.
    if (!live(waiting)) return { result: waiting.attempts < MAX_CODE_ATTEMPTS ? 'expired' : 'none' };
    const checked = await checkUserCode(tx, target, body.code, deps.config.codeSecret);
    if (checked.result === 'wrong') {
      await audit(tx, {
        actorUserId: userId,
        action: 'CONTACT_CODE_FAILED',
        details: { channel: body.canal, attempt: checked.attempt },
        ip: ctx.ip,
      });
      return { result: 'wrong', left: MAX_CODE_ATTEMPTS - checked.attempt };
    }
    if (checked.result !== 'ok') return { result: checked.result };
    await applyContact(
      tx,
      deps.sessions,
      ctx,
      current,
      body.canal === 'EMAIL' ? { email: waiting.pendingValue } : { mobile: waiting.pendingValue },
    );
    return { result: 'ok', before: current, channel: body.canal };
  });
  switch (outcome.result) {
    case 'ok': {
      const { before } = outcome;
      await mailAccountNotice(
        deps,
        ctx.log,
        before.email,
        before.englishOnly,
        outcome.channel === 'EMAIL' ? 'email' : 'mobile',
        userId,
      );
      return reply([infoMessage(CONTACT_CHANGE_MESSAGES.confirmed)], await pendingContactOf(deps.db, userId));
    }
    case 'wrong':
      throw new BusinessError([warnMessage(CONTACT_CHANGE_MESSAGES.wrongCode, [String(outcome.left)])]);
    case 'exhausted':
      throw new BusinessError([errorMessage(CONTACT_CHANGE_MESSAGES.exhausted)]);
    case 'expired':
      throw new BusinessError([errorMessage(CONTACT_CHANGE_MESSAGES.expired)]);
    case 'none':
      throw new BusinessError([errorMessage(CONTACT_CHANGE_MESSAGES.none)]);
  }
}

/** POST user/contact/resend: a new code to the value waiting, at most once a minute. */
export async function resendContactCode(
  deps: AccountDeps,
  ctx: AccountRequest,
  channel: ContactChannel,
): Promise<ContactChangeReply> {
  const target = { userId: ctx.caller.userId, purpose: PURPOSE[channel] };
  const waiting = await latestUserCode(deps.db, target);
  if (!live(waiting) || !waiting?.pendingValue)
    throw new BusinessError([errorMessage(CONTACT_CHANGE_MESSAGES.none)]);
  const outcome = await resendUserCode(deps.db, target, deps.config.codeSecret, deps.config.signInCodeTtlS);
  if (outcome.result === 'wait') throw tooManyRequests(outcome.retryAfterS);
  if (outcome.result === 'none') throw new BusinessError([errorMessage(CONTACT_CHANGE_MESSAGES.none)]);
  await sendContactCode(
    deps,
    ctx.log,
    { channel, to: waiting.pendingValue, code: outcome.code },
    ctx.caller.profile.englishOnly,
    ctx.caller.userId,
  );
  return reply(
    [infoMessage(CONTACT_CHANGE_MESSAGES.resent)],
    await pendingContactOf(deps.db, ctx.caller.userId),
  );
}

/** POST user/contact/cancel: what waited on a channel (or both) is dropped; the stored contact stays. */
export async function cancelContactChange(
  deps: AccountDeps,
  ctx: AccountRequest,
  channel: ContactChannel | null,
): Promise<ContactChangeReply> {
  const userId = ctx.caller.userId;
  await deps.db.transaction(async (tx) => {
    for (const each of channel === null ? CHANNELS : [channel])
      await spendUserCodes(tx, { userId, purpose: PURPOSE[each] });
    await audit(tx, {
      actorUserId: userId,
      action: 'CONTACT_CHANGE_CANCELLED',
      targetType: 'user',
      targetId: userId,
      details: { channel },
      ip: ctx.ip,
    });
  });
  return reply([infoMessage(CONTACT_CHANGE_MESSAGES.cancelled)], await pendingContactOf(deps.db, userId));
}
