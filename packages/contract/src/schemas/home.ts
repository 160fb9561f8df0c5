import { z } from 'zod';
import { organisationRef } from './participants';

/**
 * GET get-detail-accueil (000 §3 Home detail, §2.5), the correspondant's part: the establishment,
 * company and group they are attached to, and the transfers in progress in their scope. The
 * participant's part (check-up, visits, documents) joins this reply with the medical-space issue.
 */
export const correspondantHome = z.object({
  premiereConnexion: z.boolean(),
  /** ISO date-time of the previous sign-in, or null on the first one. */
  derniereConnexion: z.string().nullable(),
  etablissementRattachement: organisationRef.nullable(),
  entrepriseRattachement: organisationRef.nullable(),
  groupementRattachement: organisationRef.nullable(),
  /** Transfers in progress towards the scope (incoming) and out of it (outgoing). */
  nbMutationsEntrantes: z.number().int(),
  nbMutationsSortantes: z.number().int(),
});
export type CorrespondantHome = z.infer<typeof correspondantHome>;
