import { z } from 'zod';
import { languageQuery, messagesReply } from './common';
import { documentRow } from './documents';
import { isoDate, organisationRef } from './participants';

/** GET get-detail-accueil: `langue` sets the language of the new documents' titles. */
export const homeDetailQuery = languageQuery;

/** GET get-detail-accueil (docs/home.md#data Home detail, docs/home.md#participant-home), the correspondant's part. */
export const correspondantHome = z.object({
  profil: z.literal('CORRESPONDANT'),
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

/** A visit of the current check-up as the home card shows it (docs/home.md#participant-home). */
export const homeVisit = z.object({
  /** French label, and the English one (the French again when the centre gave none). */
  typeVisite: z.string(),
  typeVisiteEn: z.string(),
  /** ISO date-times; null while the visit is still to be planned. */
  dateRdv: z.string().nullable(),
  heureFin: z.string().nullable(),
  /** Expected duration in minutes. */
  dureePrevue: z.number().int().nullable(),
  libelleEtat: z.string().nullable(),
  libelleEtatEn: z.string().nullable(),
  /** A CSS colour for the state chip, as the centre's back office gives it. */
  couleurEtat: z.string().nullable(),
});
export type HomeVisit = z.infer<typeof homeVisit>;

/** The participant's part: the check-up under way, its visits, the new documents. */
export const participantHome = z.object({
  profil: z.literal('PARTICIPANT'),
  premiereConnexion: z.boolean(),
  derniereConnexion: z.string().nullable(),
  bilanEnCours: z.boolean(),
  /** Consent to be offered an earlier slot when another participant withdraws (gestionDesistement). */
  accordDesistement: z.boolean(),
  /**
   * The consent can still change: a check-up is in progress with a visit ahead or to plan. False when
   * every visit is behind (POST accordDesistement would answer `accueil.desistement.aucuneVisite`).
   */
  desistementModifiable: z.boolean(),
  /** The last-mammogram entry concerns the participant: their record's sex is female. */
  mammographieConcernee: z.boolean(),
  visite1: homeVisit.nullable(),
  visite2: homeVisit.nullable(),
  visite3: homeVisit.nullable(),
  mammographie: homeVisit.nullable(),
  osteopathie: homeVisit.nullable(),
  /** New (not yet opened) documents; always empty unless the medical record is accepted. */
  documents: z.array(documentRow),
  mail: z.string().nullable(),
  /** The participant refused the medical record (then no link to the analysis results). */
  refusDmc: z.boolean(),
});
export type ParticipantHome = z.infer<typeof participantHome>;

export const homeDetail = z.discriminatedUnion('profil', [participantHome, correspondantHome]);
export type HomeDetail = z.infer<typeof homeDetail>;

/** Business message codes of the participant's home (translated under `messages.` on the web). */
export const HOME_MESSAGES = {
  consentSaved: 'accueil.desistement.enregistre',
  consentNoCheckup: 'accueil.desistement.aucunBilan',
  consentNoVisitLeft: 'accueil.desistement.aucuneVisite',
  mammogramSaved: 'accueil.mammographie.enregistree',
  mammogramFuture: 'accueil.mammographie.dateFuture',
  mammogramNotConcerned: 'accueil.mammographie.nonConcernee',
  recordWithdrawn: 'dmc.retire',
  recordNotAccepted: 'dmc.error.nonAccepte',
} as const;

/** GET adherents/dateMammo: the last mammogram date the participant recorded. */
export const mammogramReply = z.object({ date: isoDate.nullable() });
/** POST adherents/dateMammo: not later than today in the centre's time zone (checked by the server). */
export const mammogramBody = z.object({ date: isoDate });
export type MammogramBody = z.infer<typeof mammogramBody>;

/** POST adherents/accordDesistement: the body is the bare JSON boolean (docs/home.md#data). */
export const withdrawalConsentBody = z.boolean({ error: 'errors.invalid' });

export { messagesReply as homeMessagesReply };
