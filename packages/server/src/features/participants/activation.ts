import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { Notifier } from '../../notify/notifier';
import {
  issueRegistrationLink,
  type LinkConfig,
  mailRegistrationLink,
} from '../registration/registration-links';

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
 * accounts) until registration by link (001 §2) sets both; and the link's token, stored hashed, valid
 * config.registrationLinkTtlS. Returns the token in clear, to be mailed once the transaction has
 * committed.
 */
export async function createActivation(
  tx: DbOrTx,
  config: LinkConfig,
  account: ActivationAccount,
): Promise<string> {
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
  return issueRegistrationLink(tx, user.id, config);
}

/**
 * Mails the activation link after the creation committed. A failed send does not undo the creation:
 * it is logged and the outbox row records it. Returns whether the mail went out. A new participant
 * has no language of their own yet: French, the portal's fallback language.
 */
export function sendActivation(
  deps: { config: Config; notifier: Notifier },
  log: FastifyBaseLogger,
  to: string,
  token: string,
  participantId: number,
): Promise<boolean> {
  return mailRegistrationLink(deps, log, to, token, false, { participantId });
}
