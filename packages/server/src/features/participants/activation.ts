import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomFromAlphabet } from '../../auth/activation-codes';
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

/** Lower case, without look-alikes (no 0/o, 1/i/l): a suffix read from a screen and typed again. */
const LOGIN_SUFFIX_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const LOGIN_SUFFIX_LENGTH = 8;

/**
 * The login of an account the portal creates (issue 17): the first name's initial, the last name and
 * eight random characters (`c.martin.k7xq2m9p`, 31^8 values). Knowing a person's name (or their
 * participant id) gives no login to try wrong passwords on, so nobody can lock them out that way.
 * Drawn again in the rare case it is taken for that kind of account.
 */
export async function newAccountLogin(
  tx: DbOrTx,
  kind: 'PARTICIPANT' | 'CORRESPONDANT',
  firstName: string,
  lastName: string,
): Promise<string> {
  const stem = [loginPart(firstName).slice(0, 1), loginPart(lastName)].filter(Boolean).join('.');
  for (;;) {
    const login = [stem, randomFromAlphabet(LOGIN_SUFFIX_ALPHABET, LOGIN_SUFFIX_LENGTH)]
      .filter(Boolean)
      .join('.');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.kind, kind), eq(users.login, login)))
      .limit(1);
    if (!taken) return login;
  }
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
      login: await newAccountLogin(tx, 'PARTICIPANT', account.firstName, account.lastName),
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
  participant: { id: number; lastName: string; firstName: string },
): Promise<boolean> {
  return mailRegistrationLink(
    deps,
    log,
    to,
    { token, englishOnly: false, participant: true, person: participant },
    { participantId: participant.id },
  );
}
