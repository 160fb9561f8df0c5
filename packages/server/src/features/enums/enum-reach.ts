import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Caller, ScopeLevel } from '../../auth/caller';
import { scopeIdOf } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import { companies, enumItems, establishments, participants } from '../../db/schema';

/**
 * An establishment, company or group with the organisations above it: the reach of a value's author,
 * and of a reader. Two reaches overlap when one holds the other (a company holds its establishments,
 * a group its companies); a pending value is listed exactly where its author's reach overlaps.
 */
export interface Reach {
  level: ScopeLevel;
  establishmentId: number | null;
  companyId: number | null;
  groupId: number | null;
}

/** Completes a level and its id with the organisations above it, from the tables (not the session). */
async function reachOf(db: DbOrTx, level: ScopeLevel, id: number): Promise<Reach | null> {
  if (level === 'GROUPEMENT') return { level, establishmentId: null, companyId: null, groupId: id };
  if (level === 'ENTREPRISE') {
    const [row] = await db.select({ groupId: companies.groupId }).from(companies).where(eq(companies.id, id));
    return row ? { level, establishmentId: null, companyId: id, groupId: row.groupId } : null;
  }
  const [row] = await db
    .select({ companyId: establishments.companyId, groupId: companies.groupId })
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(eq(establishments.id, id));
  return row ? { level, establishmentId: id, ...row } : null;
}

/**
 * Whose pending values the caller sees: the centre's staff all of them ('all'); a correspondant those
 * of their scope's reach; a participant those of their establishment's; anyone else none (null).
 */
export async function callerReach(db: DbOrTx, caller: Caller): Promise<Reach | 'all' | null> {
  if (caller.kind === 'STAFF') return 'all';
  const scope = caller.correspondant;
  const scopeId = scope ? scopeIdOf(scope) : null;
  if (scope && scopeId !== null) return reachOf(db, scope.level, scopeId);
  if (caller.participantId === null) return null;
  const [row] = await db
    .select({ establishmentId: participants.establishmentId })
    .from(participants)
    .where(eq(participants.id, caller.participantId));
  return row ? reachOf(db, 'ETABLISSEMENT', row.establishmentId) : null;
}

const NOTHING = sql`false`;
const owned = (level: ScopeLevel, column: PgColumn, id: number | null) =>
  id === null ? NOTHING : and(eq(enumItems.ownerLevel, level), eq(column, id));

/** The values listed to a reader: every approved one, and the pending ones whose author's reach overlaps. */
export function visibleTo(reach: Reach | 'all' | null): SQL | undefined {
  if (reach === 'all') return undefined;
  if (reach === null) return eq(enumItems.pending, false);
  const { establishmentId, companyId, groupId } = reach;
  const byId = (column: PgColumn, id: number | null) => (id === null ? NOTHING : eq(column, id));
  // An author's row names every organisation above its level, so a wider reader matches on its own id.
  const overlap =
    reach.level === 'ETABLISSEMENT'
      ? or(
          byId(enumItems.ownerEstablishmentId, establishmentId),
          owned('ENTREPRISE', enumItems.ownerCompanyId, companyId),
          owned('GROUPEMENT', enumItems.ownerGroupId, groupId),
        )
      : reach.level === 'ENTREPRISE'
        ? or(byId(enumItems.ownerCompanyId, companyId), owned('GROUPEMENT', enumItems.ownerGroupId, groupId))
        : byId(enumItems.ownerGroupId, groupId);
  return or(eq(enumItems.pending, false), overlap);
}
