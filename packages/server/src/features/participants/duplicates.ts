import {
  type DuplicateIdentity,
  duplicateKey,
  normaliseFirstName,
  normaliseLastName,
} from '@portail/contract/rules/participant';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { scopeCondition } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';
import type { ParticipantRecord } from './participant.queries';
import { scopedColumns } from './participant-list.queries';

/** The other active participants who are the same person, told apart by whether the caller sees them. */
export interface ActiveDuplicates {
  /** One of them is in the caller's scope: the write is refused (docs/participants.md#duplicates). */
  inScope: boolean;
  /** Ids of those outside it: the write goes on, and its audit row names them for the centre. */
  outOfScope: number[];
}

/**
 * The other active participants of the centre who are the same person (rules/participant.ts
 * duplicateKey). Only a duplicate the caller can already see may refuse the write: refusing for one
 * outside their scope would tell a correspondant that a person of that name and birth date is known to
 * the centre, through another employer (issue 17, item 7). The query is the same either way, so the
 * reply and its time do not depend on the other scopes.
 *
 * The transaction first takes an advisory lock on the identity, so that two creations or
 * re-admissions of the same person cannot both find no duplicate and both commit; the lookup then
 * reads participants_duplicate_idx (last name and birth date of active rows) and compares first
 * names as the rule does, which SQL alone would not match exactly.
 */
export async function activeDuplicates(
  tx: DbOrTx,
  caller: Caller,
  person: DuplicateIdentity,
  exceptId: number | null,
): Promise<ActiveDuplicates> {
  const key = duplicateKey(person);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`participant:${key}`}))`);
  const candidates = await tx
    .select({
      id: participants.id,
      firstName: participants.firstName,
      inScope: sql<boolean>`coalesce(${scopeCondition(caller, scopedColumns)}, false)`,
    })
    .from(participants)
    .where(
      and(
        eq(participants.lastName, normaliseLastName(person.lastName)),
        eq(participants.birthDate, person.birthDate),
        // Literal, so the planner matches the partial index's predicate.
        sql`${participants.active}`,
        exceptId === null ? undefined : ne(participants.id, exceptId),
      ),
    )
    .orderBy(participants.id);
  const firstName = normaliseFirstName(person.firstName);
  const same = candidates.filter((candidate) => normaliseFirstName(candidate.firstName) === firstName);
  return {
    inScope: same.some((candidate) => candidate.inScope),
    outOfScope: same.filter((candidate) => !candidate.inScope).map((candidate) => candidate.id),
  };
}

/**
 * A terminated participant of the caller's own scope who is this person: creating them again would
 * make a second record, so the creation offers to re-admit this one. Searched in the caller's scope
 * only: another employer's former employees are never revealed (issue 17).
 */
export async function terminatedInScope(
  tx: DbOrTx,
  caller: Caller,
  person: DuplicateIdentity,
): Promise<number | null> {
  const candidates = await tx
    .select({ id: participants.id, firstName: participants.firstName })
    .from(participants)
    .where(
      and(
        scopeCondition(caller, scopedColumns),
        eq(participants.lastName, normaliseLastName(person.lastName)),
        eq(participants.birthDate, person.birthDate),
        sql`not ${participants.active}`,
      ),
    )
    .orderBy(desc(participants.id));
  const firstName = normaliseFirstName(person.firstName);
  return candidates.find((candidate) => normaliseFirstName(candidate.firstName) === firstName)?.id ?? null;
}

/** What the audit row of the write records about duplicates outside the caller's scope, if any. */
export function possibleDuplicates(duplicates: ActiveDuplicates): { possibleDuplicateOf?: number[] } {
  return duplicates.outOfScope.length > 0 ? { possibleDuplicateOf: duplicates.outOfScope } : {};
}

/**
 * The participants of the caller's scope, active or not, who are one of these people (duplicateKey),
 * by that key, newest first: what the import's check of a whole file compares its rows with, in a few
 * queries rather than two per row (docs/participant-import.md#duplicates). The write itself runs
 * activeDuplicates and terminatedInScope again, as the form does.
 */
export async function scopeNamesakes(
  tx: DbOrTx,
  caller: Caller,
  people: readonly DuplicateIdentity[],
): Promise<Map<string, ParticipantRecord[]>> {
  const found = new Map<string, ParticipantRecord[]>();
  const wanted = new Set(people.map(duplicateKey));
  const names = [...new Set(people.map((person) => normaliseLastName(person.lastName)))];
  const CHUNK = 1000;
  for (let start = 0; start < names.length; start += CHUNK) {
    const rows = await tx
      .select()
      .from(participants)
      .where(
        and(
          scopeCondition(caller, scopedColumns),
          inArray(participants.lastName, names.slice(start, start + CHUNK)),
        ),
      )
      .orderBy(desc(participants.id));
    for (const row of rows) {
      const key = duplicateKey({
        lastName: row.lastName,
        firstName: row.firstName,
        birthDate: row.birthDate,
      });
      if (!wanted.has(key)) continue;
      found.set(key, [...(found.get(key) ?? []), row]);
    }
  }
  return found;
}
