import { CODE_WINDOW_S, codeTriesKey } from '../../auth/second-step';
import { hit, type ThrottleOutcome } from '../../auth/throttle';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';

/**
 * The limits of sign-in under attack, counted in the shared `throttles` table (auth/throttle.ts: one
 * atomic statement a hit, the same on every instance). Each is a setting; the windows are fixed.
 */
export const SIGN_IN_IP_WINDOW_S = 15 * 60;
export const TEXT_WINDOW_S = 60 * 60;

/**
 * Password grants per client address: a flood from one address (guessing many identifiers, or keeping
 * the hashing queue full) waits, while other addresses sign in as usual.
 */
export const countSignInFromAddress = (db: DbOrTx, config: Config, ip: string): Promise<ThrottleOutcome> =>
  hit(db, `signin:ip:${ip}`, { limit: config.signInIpLimit, windowS: SIGN_IN_IP_WINDOW_S });

/**
 * Sign-in text messages per account, new sign-ins and new codes alike: whoever knows the password
 * cannot turn the portal into a way to flood the account holder's phone.
 */
export const countTextToAccount = (db: DbOrTx, config: Config, userId: number): Promise<ThrottleOutcome> =>
  hit(db, `sms:user:${userId}`, { limit: config.signInTextLimit, windowS: TEXT_WINDOW_S });

/**
 * Codes tried per account across all its sessions (the session keeps its own three tries): opening
 * session after session buys no more guesses. Past the bound the account waits rather than locks, so
 * a mistyping holder is not shut out for longer than the window, and a guesser gets
 * CODE_ACCOUNT_LIMIT tries in 15 minutes at most (5 by default: 480 a day, each a one-in-a-million
 * chance, and each new code also costs one of the account's texts).
 */
export const countCodeTry = (db: DbOrTx, config: Config, userId: number): Promise<ThrottleOutcome> =>
  hit(db, codeTriesKey(userId), { limit: config.codeAccountLimit, windowS: CODE_WINDOW_S });
