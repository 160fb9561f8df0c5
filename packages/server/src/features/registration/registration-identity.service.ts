import {
  type IdentityResult,
  type identityBody,
  REGISTRATION_MESSAGES,
} from '@portail/contract/schemas/registration';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { matchActivationCode, spendActivationCode } from '../../auth/activation-codes';
import { enforce, type ThrottleRule } from '../../auth/throttle';
import type { DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';
import { audit } from '../../lib/audit';
import { errorMessage, infoMessage } from '../../lib/errors';
import { findRegistrationLink } from './registration.queries';
import { result } from './registration-code.service';
import type { RegistrationDeps, RegistrationRequest } from './registration-deps';
import { issueProof } from './registration-proof';

/**
 * Tries at the birth date and activation code, counted before the comparison (auth/throttle.ts, one
 * atomic statement): per account, so that whoever holds the link cannot work through the codes'
 * 31^8 values (five an hour leave one chance in a hundred million over a code's sixty days), and per
 * client address, so that one machine cannot try many accounts.
 */
export const IDENTITY_TRIES_PER_ACCOUNT: ThrottleRule = { limit: 5, windowS: 3600 };
export const IDENTITY_TRIES_PER_ADDRESS: ThrottleRule = { limit: 20, windowS: 3600 };

async function birthDateOf(db: DbOrTx, participantId: number | null): Promise<string | null> {
  if (participantId === null) return null;
  const [row] = await db
    .select({ birthDate: participants.birthDate })
    .from(participants)
    .where(eq(participants.id, participantId))
    .limit(1);
  return row?.birthDate ?? null;
}

/**
 * POST registration/identite (participant step 1, first part; issue 17): the birth date the centre
 * holds and the activation code the centre gave the participant. The employer typed the contact
 * details the link and the text message go to, and knows the birth date: only the centre's code
 * proves that the person registering is the participant. Both must match; a wrong one answers the
 * same message whichever it was. The code is spent by the proof (single use). The reply gives this
 * browser the proof of identity (`preuve`) its later calls carry; the link alone proves nothing.
 */
export async function checkIdentity(
  deps: RegistrationDeps,
  ctx: RegistrationRequest,
  token: string,
  body: z.output<typeof identityBody>,
): Promise<IdentityResult> {
  const { db } = deps;
  const link = await findRegistrationLink(db, token);
  if (link.state !== 'valid' || !link.account.pending || link.account.kind !== 'PARTICIPANT')
    return result(false, errorMessage(REGISTRATION_MESSAGES.linkExpired));
  const { account } = link;
  await enforce(db, [
    [`registration:identity:user:${account.userId}`, IDENTITY_TRIES_PER_ACCOUNT],
    [`registration:identity:ip:${ctx.ip}`, IDENTITY_TRIES_PER_ADDRESS],
  ]);
  const [birthDate, code] = await Promise.all([
    birthDateOf(db, account.participantId),
    matchActivationCode(db, account.userId, body.codeActivation),
  ]);
  const record = (action: string) =>
    audit(db, { actorUserId: null, action, targetType: 'user', targetId: account.userId, ip: ctx.ip });
  if (code.result === 'wrong' || birthDate === null || birthDate !== body.dateNaissance) {
    await record('REGISTRATION_IDENTITY_REFUSED');
    return result(false, errorMessage(REGISTRATION_MESSAGES.identityIncorrect));
  }
  // Said only once both matched: it tells nothing to someone who does not know the code. A code is
  // good once; a browser that has lost its proof (or another one) needs a new code from the centre.
  if (code.result === 'used') {
    await record('REGISTRATION_IDENTITY_CODE_USED');
    return result(false, errorMessage(REGISTRATION_MESSAGES.activationCodeUsed));
  }
  if (code.expired) {
    await record('REGISTRATION_IDENTITY_CODE_EXPIRED');
    return result(false, errorMessage(REGISTRATION_MESSAGES.activationCodeExpired));
  }
  const { id } = code;
  // The code is spent and the proof given to this browser at once: the link's earlier proof, held by
  // whichever browser passed the check before, stops working.
  const preuve = await db.transaction(async (tx) =>
    (await spendActivationCode(tx, id)) ? issueProof(tx, account.tokenId) : null,
  );
  if (preuve === null) {
    await record('REGISTRATION_IDENTITY_REFUSED');
    return result(false, errorMessage(REGISTRATION_MESSAGES.identityIncorrect));
  }
  await record('REGISTRATION_IDENTITY_CONFIRMED');
  return { ...result(true, infoMessage(REGISTRATION_MESSAGES.identityConfirmed)), preuve };
}
