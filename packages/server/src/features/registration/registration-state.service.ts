import { maskPhone } from '@portail/contract/rules/phone';
import type { RegistrationState } from '@portail/contract/schemas/registration';
import { and, eq, isNull } from 'drizzle-orm';
import { hashToken } from '../../auth/secrets';
import { enforce } from '../../auth/throttle';
import type { Db } from '../../db/client';
import { accountTokens } from '../../db/schema';
import { audit } from '../../lib/audit';
import { findRegistrationLink } from './registration.queries';
import { isCodeConfirmed } from './registration-code.service';
import type { RegistrationDeps, RegistrationRequest } from './registration-deps';
import { issueRegistrationLink, mailRegistrationLink } from './registration-links';
import { provenBy } from './registration-proof';

/** The i18n keys of the texts the steps show; the web has them in both languages. */
const TEXTS = {
  presentationParticipant: 'registration.textes.presentationParticipant',
  cgguparticipant: 'registration.textes.cgu',
  presentationCorrespondant: 'registration.textes.presentationCorrespondant',
};

/** A link may be resent this often, and one address may ask this often for any link. */
const RESEND_PER_LINK = { limit: 3, windowS: 3600 };
const RESEND_PER_ADDRESS = { limit: 20, windowS: 3600 };

const closed = (state: 'notFound' | 'foundButExpired', participant = false, english = false) => ({
  ok: false,
  notFound: state === 'notFound',
  foundButExpired: state === 'foundButExpired',
  compteParticipant: participant,
  anglaisUniquement: english,
  identifiant: '',
  emailProfessionnel: null,
  portableProfessionnel: null,
  identiteConfirmee: false,
  codeConfirme: false,
  messages: TEXTS,
});

/**
 * POST registration/token (docs/activation.md#link-states): not found (unknown or spent link, or an account already
 * active), found but expired (the account still waits: it may ask for a new link), or valid, with
 * what the steps show. A participant who already confirmed the code resumes after it. A participant's
 * identifier is told only once they have proved who they are: whoever holds the link (the employer
 * may have typed their own address) must not learn the login of the participant's future account.
 * Both hold only for the browser that proved it (the call carries its proof): any other call, the
 * link alone, reads as a participant still to give their birth date and activation code.
 */
export async function registrationState(
  db: Db,
  token: string,
  proof: string | undefined,
): Promise<RegistrationState> {
  const link = await findRegistrationLink(db, token);
  if (link.state === 'none' || link.state === 'used' || !link.account.pending) return closed('notFound');
  const { account } = link;
  const participant = account.kind === 'PARTICIPANT';
  if (link.state === 'expired') return closed('foundButExpired', participant, account.englishOnly);
  const proven = participant && (await provenBy(db, account, proof));
  return {
    ok: true,
    notFound: false,
    foundButExpired: false,
    compteParticipant: participant,
    anglaisUniquement: account.englishOnly,
    identifiant: participant && !proven ? '' : account.login,
    emailProfessionnel: account.recordEmail,
    portableProfessionnel: account.recordMobile ? maskPhone(account.recordMobile) : null,
    identiteConfirmee: proven,
    codeConfirme: proven && (await isCodeConfirmed(db, account)),
    messages: TEXTS,
  };
}

/**
 * POST registration/resend (docs/activation.md#link-states "found but expired"): spends the expired link and mails a new
 * one to the account's address. Only an expired link of an account still to register is resent;
 * of two requests presenting it at once, one sends. Throttled per link and per address.
 */
export async function resendLink(
  deps: RegistrationDeps,
  ctx: RegistrationRequest,
  token: string,
): Promise<boolean> {
  const { db, config } = deps;
  await enforce(db, [
    [`registration:resend:link:${hashToken(token)}`, RESEND_PER_LINK],
    [`registration:resend:ip:${ctx.ip}`, RESEND_PER_ADDRESS],
  ]);
  const link = await findRegistrationLink(db, token);
  if (link.state !== 'expired' || !link.account.pending) return false;
  const { account } = link;
  const to = account.email ?? account.recordEmail;
  if (!to) return false;
  const fresh = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.id, account.tokenId), isNull(accountTokens.usedAt)))
      .returning({ id: accountTokens.id });
    if (!spent) return null;
    const issued = await issueRegistrationLink(tx, account.userId, config);
    await audit(tx, {
      actorUserId: null,
      action: 'REGISTRATION_LINK_RESENT',
      targetType: 'user',
      targetId: account.userId,
      ip: ctx.ip,
    });
    return issued;
  });
  if (!fresh) return false;
  const mail = {
    token: fresh,
    englishOnly: account.englishOnly,
    participant: account.kind === 'PARTICIPANT',
    person: account,
  };
  return mailRegistrationLink(deps, ctx.log, to, mail, { userId: account.userId });
}
