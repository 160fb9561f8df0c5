import type { FastifyBaseLogger } from 'fastify';
import { hashToken, randomToken } from '../../auth/secrets';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { accountTokens, users } from '../../db/schema';
import type { Notifier } from '../../notify/notifier';

const LINK_VALIDITY_MS = 7 * 24 * 3600 * 1000;

/** Lower-case ASCII words joined by dots, as the centre's participant logins are written. */
function loginPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/**
 * A participant's login: `prenom.nom.<participant id>` (`camille.martin.2051`), the form the back
 * office gives them (see demo/participants.ts). The id makes it unique among participant accounts
 * whatever the names, and it can never be a staff login, which carries no number.
 */
export function participantLogin(firstName: string, lastName: string, participantId: number): string {
  return [loginPart(firstName), loginPart(lastName), String(participantId)].filter(Boolean).join('.');
}

export interface ActivationAccount {
  participantId: number;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
}

/**
 * In the creation's transaction: the participant's account, inactive and without a password, so it
 * cannot sign in (the password grant verifies no password against a null hash and refuses inactive
 * accounts) until registration by link (001 §2) sets both; and the link's token, stored hashed.
 * Returns the token in clear, to be mailed once the transaction has committed.
 */
export async function createActivation(tx: DbOrTx, account: ActivationAccount): Promise<string> {
  const [user] = await tx
    .insert(users)
    .values({
      kind: 'PARTICIPANT',
      login: participantLogin(account.firstName, account.lastName, account.participantId),
      passwordHash: null,
      roles: ['ROLE_PARTICIPANT'],
      participantId: account.participantId,
      lastName: account.lastName,
      firstName: account.firstName,
      email: account.email,
      mobile: account.mobile,
      active: false,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned no row');
  const token = randomToken();
  await tx.insert(accountTokens).values({
    userId: user.id,
    purpose: 'REGISTRATION',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LINK_VALIDITY_MS),
  });
  return token;
}

function activationMail(config: Config, token: string, englishOnly: boolean) {
  const link = `${config.publicUrl}/user/registrationCompte?token=${encodeURIComponent(token)}`;
  return englishOnly
    ? {
        subject: `${config.productName}: activate your account`,
        text: `Hello,\n\nYour check-up centre has registered you. To activate your online account, open this link within 7 days:\n${link}\n\nIf you did not expect this message, ignore it.`,
      }
    : {
        subject: `${config.productName} : activez votre compte`,
        text: `Bonjour,\n\nVotre centre de bilans de santé vous a inscrit(e). Pour activer votre espace en ligne, ouvrez ce lien dans les 7 jours :\n${link}\n\nSi vous n'attendiez pas ce message, ignorez-le.`,
      };
}

/**
 * Mails the activation link after the creation committed. A failed send does not undo the creation:
 * it is logged and the outbox row records it. Returns whether the mail went out. A new participant has no language of their own yet: French,
 * the portal's fallback language.
 */
export async function sendActivation(
  deps: { config: Config; notifier: Notifier },
  log: FastifyBaseLogger,
  to: string,
  token: string,
  participantId: number,
  englishOnly = false,
): Promise<boolean> {
  try {
    await deps.notifier.mail({ to, ...activationMail(deps.config, token, englishOnly) });
    return true;
  } catch (error) {
    log.error({ err: error, participantId }, 'activation mail not sent');
    return false;
  }
}
