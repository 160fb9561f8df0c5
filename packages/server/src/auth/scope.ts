import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Caller, CorrespondantScope, ScopeLevel } from './caller';

/** The columns a scoped table carries: its participant and the denormalised organisation ids. */
export interface ScopedColumns {
  participantId?: PgColumn;
  establishmentId: PgColumn;
  companyId: PgColumn;
  groupId: PgColumn;
}

/** Nothing matches: used when a caller has no scope at all, so a query can never widen by mistake. */
const NOTHING = sql`false`;

function correspondantCondition(scope: CorrespondantScope, columns: ScopedColumns): SQL {
  switch (scope.level) {
    case 'ETABLISSEMENT':
      return scope.establishmentId === null ? NOTHING : eq(columns.establishmentId, scope.establishmentId);
    case 'ENTREPRISE':
      return scope.companyId === null ? NOTHING : eq(columns.companyId, scope.companyId);
    case 'GROUPEMENT':
      return scope.groupId === null ? NOTHING : eq(columns.groupId, scope.groupId);
  }
}

/**
 * The one place that says who sees which participants' rows (ARCHITECTURE.md, Authentication and
 * access): a participant themselves, a correspondant their establishment, company or group, anyone
 * else nothing. Every query on participants, check-ups, transfers and documents adds this condition.
 */
export function scopeCondition(caller: Caller, columns: ScopedColumns): SQL {
  if (caller.participantId !== null && columns.participantId)
    return eq(columns.participantId, caller.participantId);
  if (caller.correspondant) return correspondantCondition(caller.correspondant, columns);
  return NOTHING;
}

/** The id of the establishment, company or group a correspondant's scope level names. */
export function scopeIdOf(scope: CorrespondantScope): number | null {
  if (scope.level === 'ETABLISSEMENT') return scope.establishmentId;
  return scope.level === 'ENTREPRISE' ? scope.companyId : scope.groupId;
}

const LEVEL_KEYS: Record<ScopeLevel, string> = { ETABLISSEMENT: 'E', ENTREPRISE: 'C', GROUPEMENT: 'G' };

/** The key the triggers and the page caches name a scope by: E12 (establishment), C3 (company), G1 (group). */
export const scopeKey = (level: ScopeLevel, id: number) => `${LEVEL_KEYS[level]}${id}`;

/** A correspondant caller's scope as a cache key, or null for a caller without one. */
export function callerScopeKey(caller: Caller): string | null {
  const scope = caller.correspondant;
  const id = scope ? scopeIdOf(scope) : null;
  return scope && id !== null ? scopeKey(scope.level, id) : null;
}
