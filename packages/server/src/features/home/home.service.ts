import type { CorrespondantHome } from '@portail/contract/schemas/home';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { companies, correspondants, establishments, groups } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { countMutations } from '../mutations';

const ref = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, raisonsociale: name } : null;

/**
 * GET get-detail-accueil, the correspondant's part (docs/home.md#correspondant-home): the establishment, company and group
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
  // The same transfers the list shows under its incoming and outgoing filters (mutation.queries.ts).
  const [incoming, outgoing] = await Promise.all([
    countMutations(db, caller, { inProgressOnly: true, direction: 'INCOMING' }),
    countMutations(db, caller, { inProgressOnly: true, direction: 'OUTGOING' }),
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
