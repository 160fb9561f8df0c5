import { createHash } from 'node:crypto';
import { enforce, forget, type ThrottleRule } from '../../auth/throttle';
import type { DbOrTx } from '../../db/client';

/** Answers to a secret question: five per account (or per unknown address) in 15 minutes. */
export const ANSWER_RULE: ThrottleRule = { limit: 5, windowS: 15 * 60 };
/** Every recovery call (questions, answers, link checks): thirty per client address in 15 minutes. */
export const CLIENT_RULE: ThrottleRule = { limit: 30, windowS: 15 * 60 };

// Keys name what they count without keeping an e-mail or a phone number in the throttle table.
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

export const clientKey = (ip: string) => `recovery:ip:${ip}`;

/** The counter of an account's answers, shared by both flows; an unknown target counts on its own. */
export function answerKey(target: { userId: number } | { unknown: string }): string {
  return 'userId' in target ? `recovery:user:${target.userId}` : `recovery:unknown:${digest(target.unknown)}`;
}

/** Counts one call of a client before anything is looked up; 429 past the limit. */
export async function countClientCall(db: DbOrTx, ip: string): Promise<void> {
  await enforce(db, [[clientKey(ip), CLIENT_RULE]]);
}

/**
 * Counts an answer before it is evaluated, atomically (auth/throttle.ts): of twenty concurrent
 * answers five at most are checked, the others get 429 with Retry-After.
 */
export async function countAnswer(db: DbOrTx, key: string): Promise<void> {
  await enforce(db, [[key, ANSWER_RULE]]);
}

/** A right answer starts the account's count again. */
export async function forgetAnswers(db: DbOrTx, key: string): Promise<void> {
  await forget(db, key);
}
