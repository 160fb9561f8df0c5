import { MAX_PASSWORD_ATTEMPTS } from '@portail/contract/constants';
import { CONTACT_CHANGE_MESSAGES, CURRENT_PASSWORD_FIELD } from '@portail/contract/schemas/contact-change';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { audit } from '../lib/audit';
import { BusinessError, errorMessage, notFound, warnMessage } from '../lib/errors';
import { FieldErrors } from '../lib/field-errors';
import { accountAttemptKey, clearAttempts, lockAccount, reserveAttempt } from './lockout';
import { verifyPassword } from './passwords';
import type { SessionEvents } from './session-events';

export interface Reauthentication {
  userId: number;
  ip: string;
  /** The body's field that carries the password, and the key its field error shows. */
  field?: { name: string; message: string };
}

const CURRENT = { name: CURRENT_PASSWORD_FIELD, message: 'errors.motDePasseActuel' };

/**
 * A sensitive change (contact, secret question, password) asks for the current password: one stolen
 * session is not a stolen account. Every check counts toward sign-in's three-strikes lock, under the
 * same key (lockout.ts): the attempt is reserved before the password is evaluated, so concurrent
 * guesses get at most three evaluations; a right one clears the counter; the third wrong one locks
 * the account and ends its sessions, this one included. Throws on anything but the right password.
 */
export async function reauthenticate(
  deps: { db: Db; config: Pick<Config, 'lockDurationS'>; sessions: SessionEvents },
  who: Reauthentication,
  password: string,
): Promise<void> {
  const { db } = deps;
  const field = who.field ?? CURRENT;
  const [account] = await db
    .select({ id: users.id, kind: users.kind, login: users.login, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, who.userId))
    .limit(1);
  if (!account) throw notFound();
  const key = accountAttemptKey(account);
  const attempt = await reserveAttempt(db, key, deps.config.lockDurationS);
  const locked = () => new BusinessError([errorMessage(CONTACT_CHANGE_MESSAGES.locked)], 403);
  if (attempt > MAX_PASSWORD_ATTEMPTS) {
    await lockAccount(db, deps.sessions, account.id, who.ip, 'REAUTHENTICATION');
    throw locked();
  }
  if (await verifyPassword(account.passwordHash, password)) {
    await clearAttempts(db, key);
    return;
  }
  if (attempt === MAX_PASSWORD_ATTEMPTS) {
    await lockAccount(db, deps.sessions, account.id, who.ip, 'REAUTHENTICATION');
    throw locked();
  }
  await audit(db, {
    actorUserId: account.id,
    action: 'REAUTHENTICATION_FAILED',
    targetType: 'user',
    targetId: account.id,
    details: { key, attempt },
    ip: who.ip,
  });
  const left = String(MAX_PASSWORD_ATTEMPTS - attempt);
  throw new FieldErrors(
    [{ field: field.name, defaultMessage: field.message }],
    [warnMessage(CONTACT_CHANGE_MESSAGES.wrongPassword, [left])],
  );
}
