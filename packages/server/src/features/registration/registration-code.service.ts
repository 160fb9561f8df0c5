import { maskPhone } from '@portail/contract/rules/phone';
import {
  REGISTRATION_MESSAGES,
  REGISTRATION_OTP_RESEND_S,
  type RegistrationResult,
} from '@portail/contract/schemas/registration';
import { checkUserCode, confirmedUserCode, issueUserCode } from '../../auth/codes';
import { hit } from '../../auth/throttle';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { errorMessage, infoMessage, tooManyRequests, warnMessage } from '../../lib/errors';
import { findRegistrationLink, type LinkAccount } from './registration.queries';
import type { RegistrationDeps, RegistrationRequest } from './registration-deps';
import { provenBy } from './registration-proof';

/** A confirmed code carries the rest of the registration for this long. */
export const CODE_CONFIRMATION_MS = 30 * 60 * 1000;
/** Codes one link may send in a day. */
const CODES_PER_DAY = { limit: 5, windowS: 86_400 };

const PURPOSE = 'REGISTRATION' as const;

export const result = (ok: boolean, ...messages: RegistrationResult['exception']['messages']) => ({
  ok,
  exception: { messages },
});

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * Whether the participant confirmed a code of this link within the last 30 minutes, sent and
 * confirmed since the current proof of identity was given: only the browser holding that proof
 * could (a confirmation made by a browser whose proof was replaced does not count).
 */
export function isCodeConfirmed(db: DbOrTx, account: LinkAccount): Promise<boolean> {
  if (!account.proof) return Promise.resolve(false);
  const lapsed = new Date(Date.now() - CODE_CONFIRMATION_MS);
  return confirmedUserCode(
    db,
    { userId: account.userId, purpose: PURPOSE },
    {
      issuedSince: later(account.issuedAt, account.proof.issuedAt),
      confirmedSince: later(lapsed, account.proof.issuedAt),
    },
  );
}

function codeText(code: string, englishOnly: boolean, config: Config): string {
  const minutes = Math.max(1, Math.round(config.signInCodeTtlS / 60));
  return englishOnly
    ? `${config.productName}: your account activation code is ${code}. It expires in ${minutes} min. Never share it.`
    : `${config.productName} : votre code d'activation de compte est ${code}. Il expire dans ${minutes} min. Ne le communiquez à personne.`;
}

/**
 * POST registration/otp (docs/activation.md#code-by-text step 1): a new code by text message to the mobile the centre holds,
 * answered with that number masked; an empty answer when no code can be sent (the link is not
 * valid, the account is no participant or has no mobile, or the call does not carry the proof of
 * identity given to this browser: the mobile on file was typed by the employer, issue 17). At most one code a minute and five a day
 * per link: past that, 429 with Retry-After.
 */
export async function sendRegistrationCode(
  deps: RegistrationDeps,
  ctx: RegistrationRequest,
  token: string,
  proof: string | undefined,
): Promise<string> {
  const { db, config } = deps;
  const link = await findRegistrationLink(db, token);
  if (link.state !== 'valid' || !link.account.pending) return '';
  const { account } = link;
  if (account.kind !== 'PARTICIPANT' || !account.recordMobile) return '';
  if (!(await provenBy(db, account, proof))) return '';
  const mobile = account.recordMobile;
  // The minute is checked first, so that a click too early does not spend one of the day's codes.
  for (const [key, rule] of [
    [`registration:otp:minute:${account.tokenId}`, { limit: 1, windowS: REGISTRATION_OTP_RESEND_S }],
    [`registration:otp:day:${account.tokenId}`, CODES_PER_DAY],
  ] as const) {
    const outcome = await hit(db, key, rule);
    if (!outcome.allowed) throw tooManyRequests(outcome.retryAfterS);
  }
  const code = await db.transaction(async (tx) => {
    const issued = await issueUserCode(
      tx,
      { userId: account.userId, purpose: PURPOSE },
      config.codeSecret,
      config.signInCodeTtlS,
    );
    await audit(tx, {
      actorUserId: null,
      action: 'REGISTRATION_CODE_SENT',
      targetType: 'user',
      targetId: account.userId,
      ip: ctx.ip,
    });
    return issued;
  });
  try {
    await deps.notifier.sms(mobile, codeText(code, account.englishOnly, config), {
      purpose: 'REGISTRATION',
      userId: account.userId,
    });
  } catch (error) {
    ctx.log.error({ err: error, userId: account.userId }, 'registration code not sent');
    return '';
  }
  return maskPhone(mobile);
}

/**
 * PUT registration/otp (docs/activation.md#code-by-text step 1, docs/activation.md#participant-steps): three tries per code, each counted before the
 * comparison, so that concurrent guesses never get more. A wrong code warns (`tentative.1`,
 * `tentative.2`); the third spends the code (`tentative.3`: the web signs out).
 */
export async function checkRegistrationCode(
  deps: RegistrationDeps,
  ctx: RegistrationRequest,
  token: string,
  proof: string | undefined,
  code: string,
): Promise<RegistrationResult> {
  const { db, config } = deps;
  const link = await findRegistrationLink(db, token);
  if (link.state !== 'valid' || !link.account.pending)
    return result(false, errorMessage(REGISTRATION_MESSAGES.linkExpired));
  const { account } = link;
  if (!(await provenBy(db, account, proof)))
    return result(false, errorMessage(REGISTRATION_MESSAGES.identityRequired));
  const outcome = await checkUserCode(
    db,
    { userId: account.userId, purpose: PURPOSE },
    code,
    config.codeSecret,
  );
  const record = (action: string, details?: Record<string, unknown>) =>
    audit(db, {
      actorUserId: null,
      action,
      targetType: 'user',
      targetId: account.userId,
      ip: ctx.ip,
      ...(details ? { details } : {}),
    });
  switch (outcome.result) {
    case 'ok':
      await record('REGISTRATION_CODE_CONFIRMED');
      return result(true, infoMessage(REGISTRATION_MESSAGES.otpConfirmed));
    case 'wrong':
      await record('REGISTRATION_CODE_WRONG', { attempt: outcome.attempt });
      return result(false, warnMessage(`tentative.${outcome.attempt}`));
    case 'exhausted':
      await record('REGISTRATION_CODE_EXHAUSTED');
      return result(false, errorMessage('tentative.3'));
    case 'expired':
      return result(false, errorMessage(REGISTRATION_MESSAGES.otpExpired));
  }
}
