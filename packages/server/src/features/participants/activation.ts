import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { issueFirstAccountTokens } from '../../auth/account-tokens';
import { randomFromAlphabet } from '../../auth/activation-codes';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { DeferredMail, Notifier } from '../../notify/notifier';
import { type LinkConfig, mailRegistrationLink, registrationMail } from '../registration';

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

/** A login stem (`c.martin`) followed by a fresh random suffix. */
function drawLogin(stem: string): string {
  return [stem, randomFromAlphabet(LOGIN_SUFFIX_ALPHABET, LOGIN_SUFFIX_LENGTH)].filter(Boolean).join('.');
}

const loginStem = (firstName: string, lastName: string) =>
  [loginPart(firstName).slice(0, 1), loginPart(lastName)].filter(Boolean).join('.');

/**
 * The logins of accounts the portal creates (issue 17): the first name's initial, the last name and
 * eight random characters (`c.martin.k7xq2m9p`, 31^8 values). Knowing a person's name (or their
 * participant id) gives no login to try wrong passwords on, so nobody can lock them out that way.
 * One query checks a whole batch; a login taken for that kind of account, or drawn twice in the batch
 * (both rare), is drawn again.
 */
export async function newAccountLogins(
  tx: DbOrTx,
  kind: 'PARTICIPANT' | 'CORRESPONDANT',
  people: readonly { firstName: string; lastName: string }[],
): Promise<string[]> {
  const stems = people.map((person) => loginStem(person.firstName, person.lastName));
  const logins = stems.map(drawLogin);
  let pending = logins.map((_, index) => index);
  while (pending.length > 0) {
    const asked = pending.map((index) => logins[index] ?? '');
    const taken = new Set(
      (
        await tx
          .select({ login: users.login })
          .from(users)
          .where(and(eq(users.kind, kind), inArray(users.login, asked)))
      ).map((row) => row.login),
    );
    const seen = new Set<string>();
    for (const login of logins) {
      if (seen.has(login)) taken.add(login);
      seen.add(login);
    }
    pending = pending.filter((index) => taken.has(logins[index] ?? ''));
    for (const index of pending) logins[index] = drawLogin(stems[index] ?? '');
  }
  return logins;
}

/** One login for an account the portal creates (newAccountLogins). */
export async function newAccountLogin(
  tx: DbOrTx,
  kind: 'PARTICIPANT' | 'CORRESPONDANT',
  firstName: string,
  lastName: string,
): Promise<string> {
  const [login] = await newAccountLogins(tx, kind, [{ firstName, lastName }]);
  if (login === undefined) throw new Error('no login drawn');
  return login;
}

export interface ActivationAccount {
  participantId: number;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
}

/**
 * In the creation's transaction: the participants' accounts, inactive and without a password, so they
 * cannot sign in (the password grant verifies no password against a null hash and refuses inactive
 * accounts) until registration by link (docs/activation.md#who-gets-a-link) sets both; and the links' tokens, stored hashed, valid
 * config.registrationLinkTtlS. Three statements however many accounts (a transaction Bundle creates a
 * thousand). Returns the tokens in clear, in the order of `accounts`, to be mailed once the
 * transaction has committed.
 */
export async function createActivations(
  tx: DbOrTx,
  config: LinkConfig,
  accounts: readonly ActivationAccount[],
): Promise<string[]> {
  if (accounts.length === 0) return [];
  const logins = await newAccountLogins(tx, 'PARTICIPANT', accounts);
  const created = await tx
    .insert(users)
    .values(
      accounts.map((account, index) => ({
        kind: 'PARTICIPANT' as const,
        login: logins[index] ?? '',
        passwordHash: null,
        roles: ['ROLE_PARTICIPANT'],
        participantId: account.participantId,
        lastName: account.lastName,
        firstName: account.firstName,
        email: account.email,
        mobile: account.mobile,
        active: false,
      })),
    )
    .returning({ id: users.id, login: users.login });
  const idOf = new Map(created.map((user) => [user.login, user.id]));
  const userIds = logins.map((login) => {
    const id = idOf.get(login);
    if (id === undefined) throw new Error('user insert returned no row for a login');
    return id;
  });
  return issueFirstAccountTokens(tx, userIds, 'REGISTRATION', config.registrationLinkTtlS);
}

/** One participant's account and registration token (createActivations). */
export async function createActivation(
  tx: DbOrTx,
  config: LinkConfig,
  account: ActivationAccount,
): Promise<string> {
  const [token] = await createActivations(tx, config, [account]);
  if (token === undefined) throw new Error('no registration token issued');
  return token;
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

/**
 * The same activation mail as a message to record in the creation's own transaction (the import:
 * import-run.service.ts), so that it leaves if and only if the participant was created.
 */
export function activationMail(
  config: LinkConfig,
  to: string,
  token: string,
  participant: { lastName: string; firstName: string },
): DeferredMail {
  return {
    to,
    ...registrationMail(config, { token, englishOnly: false, participant: true, person: participant }),
    about: { purpose: 'REGISTRATION', userId: null },
  };
}
