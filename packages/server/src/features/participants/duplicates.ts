import {
  type DuplicateIdentity,
  duplicateKey,
  normaliseFirstName,
  normaliseLastName,
} from '@portail/contract/rules/participant';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';

/**
 * Whether another active participant of the centre is the same person (rules/participant.ts
 * duplicateKey), whatever the caller's scope: a duplicate is a fact about the centre's records.
 *
 * The transaction first takes an advisory lock on the identity, so that two creations or
 * re-admissions of the same person cannot both find no duplicate and both commit; the lookup then
 * reads participants_duplicate_idx (last name and birth date of active rows) and compares first
 * names as the rule does, which SQL alone would not match exactly.
 */
export async function hasActiveDuplicate(
  tx: DbOrTx,
  person: DuplicateIdentity,
  exceptId: number | null,
): Promise<boolean> {
  const key = duplicateKey(person);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`participant:${key}`}))`);
  const candidates = await tx
    .select({ firstName: participants.firstName })
    .from(participants)
    .where(
      and(
        eq(participants.lastName, normaliseLastName(person.lastName)),
        eq(participants.birthDate, person.birthDate),
        // Literal, so the planner matches the partial index's predicate.
        sql`${participants.active}`,
        exceptId === null ? undefined : ne(participants.id, exceptId),
      ),
    );
  const firstName = normaliseFirstName(person.firstName);
  return candidates.some((candidate) => normaliseFirstName(candidate.firstName) === firstName);
}
