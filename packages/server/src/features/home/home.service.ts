import type { CorrespondantHome } from '@portail/contract/schemas/home';
import { and, count, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Caller, ScopeLevel } from '../../auth/caller';
import type { Db } from '../../db/client';
import { companies, correspondants, establishments, groups, mutations } from '../../db/schema';
import { forbidden } from '../../lib/errors';

/** The mutation columns naming each end at each scope level: each pair is the head of an index. */
const ENDS: Record<ScopeLevel, { incoming: PgColumn; outgoing: PgColumn }> = {
  ETABLISSEMENT: {
    incoming: mutations.destinationEstablishmentId,
    outgoing: mutations.sourceEstablishmentId,
  },
  ENTREPRISE: { incoming: mutations.destinationCompanyId, outgoing: mutations.sourceCompanyId },
  GROUPEMENT: { incoming: mutations.destinationGroupId, outgoing: mutations.sourceGroupId },
};

async function countInProgress(db: Db, end: PgColumn, scopeId: number | null): Promise<number> {
  if (scopeId === null) return 0;
  // `in_progress = true` rather than the state, so the (end, in_progress, requested_at) index answers.
  const [row] = await db
    .select({ n: count() })
    .from(mutations)
    .where(and(eq(end, scopeId), eq(mutations.inProgress, true)));
  return row?.n ?? 0;
}

const ref = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, raisonsociale: name } : null;

/**
 * GET get-detail-accueil, the correspondant's part (000 §2.5): the establishment, company and group
 * they are attached to, their last sign-in, and the transfers in progress into and out of their scope.
 */
export async function correspondantHomeFor(db: Db, caller: Caller): Promise<CorrespondantHome> {
  const scope = caller.correspondant;
  if (!scope) throw forbidden();
  const [attached] = await db
    .select({
      establishmentId: establishments.id,
      establishmentName: establishments.name,
      companyId: companies.id,
      companyName: companies.name,
      groupId: groups.id,
      groupName: groups.name,
    })
    .from(correspondants)
    .leftJoin(establishments, eq(establishments.id, correspondants.establishmentId))
    .leftJoin(companies, eq(companies.id, correspondants.companyId))
    .leftJoin(groups, eq(groups.id, correspondants.groupId))
    .where(eq(correspondants.id, scope.correspondantId))
    .limit(1);
  const scopeId = {
    ETABLISSEMENT: scope.establishmentId,
    ENTREPRISE: scope.companyId,
    GROUPEMENT: scope.groupId,
  }[scope.level];
  const ends = ENDS[scope.level];
  const [incoming, outgoing] = await Promise.all([
    countInProgress(db, ends.incoming, scopeId),
    countInProgress(db, ends.outgoing, scopeId),
  ]);
  const previous = caller.profile.previousLoginAt;
  return {
    profil: 'CORRESPONDANT',
    premiereConnexion: previous === null,
    derniereConnexion: previous?.toISOString() ?? null,
    etablissementRattachement: ref(attached?.establishmentId ?? null, attached?.establishmentName ?? null),
    entrepriseRattachement: ref(attached?.companyId ?? null, attached?.companyName ?? null),
    groupementRattachement: ref(attached?.groupId ?? null, attached?.groupName ?? null),
    nbMutationsEntrantes: incoming,
    nbMutationsSortantes: outgoing,
  };
}
