import { z } from 'zod';
import { MUTATION_PAGE_SIZE } from '../constants';
import { listReply, pageQuery, queryBoolean } from './common';
import { organisationRef, PARTICIPANT_MESSAGES } from './participants';

/**
 * Transfers of participants between establishments (docs/transfers.md#filters Mutation list and detail, docs/transfers.md#list Mutation row,
 * docs/transfers.md#accept, docs/transfers.md#api, docs/transfers.md#list): the list, the detail, and the destination's accept or either end's cancel. The request
 * itself is the participants' `POST adherents/{id}/muter`.
 */

/** Business message codes of this feature (translated under `messages.` on the web). */
export const MUTATION_MESSAGES = {
  accepted: 'mutation.acceptee',
  cancelled: 'mutation.annulee',
  /** Accepted or cancelled meanwhile (by someone else, or a second click). */
  alreadyProcessed: 'mutation.error.dejaTraitee',
  /** Only the destination end accepts. */
  notDestination: 'mutation.error.acceptationReserveeDestination',
  participantInactive: 'mutation.error.participantInactif',
  destinationClosed: PARTICIPANT_MESSAGES.destinationClosed,
  destinationCheckupType: PARTICIPANT_MESSAGES.destinationCheckupType,
  locked: PARTICIPANT_MESSAGES.locked,
} as const;

/** Field error keys of the list's filters (400, translated on the web like every field error). */
export const MUTATION_FIELD_ERRORS = {
  /** Incoming and outgoing exclude each other (docs/transfers.md#filters). */
  directionsExclusive: 'mutations.errors.directionsExclusives',
  /** Incoming and outgoing are an establishment correspondant's filters only (docs/transfers.md#filters). */
  directionsEstablishmentOnly: 'mutations.errors.directionsEtablissementSeulement',
} as const;

/** The sort keys of the list; the specified order (docs/transfers.md#list) is the date, most recent first. */
export const MUTATION_SORT_FIELDS = ['date'] as const;
export type MutationSortField = (typeof MUTATION_SORT_FIELDS)[number];
export const DEFAULT_MUTATION_SORT = 'date,DESC';

/**
 * GET mutation (docs/transfers.md#api). `encours` (default true) keeps the transfers in progress; `entrantes` and
 * `sortantes` keep one direction and exclude each other; neither means both directions.
 */
export const mutationListQuery = pageQuery(MUTATION_PAGE_SIZE)
  .extend({
    encours: queryBoolean.default(true),
    entrantes: queryBoolean.default(false),
    sortantes: queryBoolean.default(false),
  })
  .superRefine((query, ctx) => {
    if (query.entrantes && query.sortantes)
      ctx.addIssue({
        code: 'custom',
        path: ['sortantes'],
        message: MUTATION_FIELD_ERRORS.directionsExclusive,
      });
  });
/** What a caller sends: every parameter optional, with its parsed type. */
export type MutationListQuery = Partial<z.output<typeof mutationListQuery>>;

/** An enumeration item named in a row (reason, movement type): both labels, the web picks. */
export const mutationEnumLabel = z.object({
  id: z.number().int(),
  label: z.string(),
  /** English label; the French one when the centre gave none. */
  labelEn: z.string(),
});
export type MutationEnumLabel = z.infer<typeof mutationEnumLabel>;

export const MUTATION_DIRECTIONS = ['ENTRANTE', 'SORTANTE', 'INTERNE'] as const;
export type MutationDirection = (typeof MUTATION_DIRECTIONS)[number];

/** docs/transfers.md#list Mutation row: the list's rows and the detail alike. */
export const mutationRow = z.object({
  /** The transfer's id (`mutation/{id}`). */
  id: z.number().int(),
  /** ISO date-time of the request. */
  date: z.string(),
  /** Who asked, as written at request time. */
  auteurMouvement: z.string(),
  participant: z.object({
    id: z.number().int(),
    nom: z.string(),
    prenom: z.string(),
    /** `NOM Prénom`, as the list shows it. */
    name: z.string(),
    /** The participant's check-up in progress now. */
    bilanEnCours: z.boolean(),
  }),
  /** 1 when the caller may cancel (in progress, and the caller is on either end), else 0. */
  allowedToCancel: z.union([z.literal(0), z.literal(1)]),
  /** In progress and the destination end is the caller's, with nothing standing in the way. */
  allowedToAccept: z.boolean(),
  encours: z.boolean(),
  /**
   * The transfer as the caller's scope sees it: arriving (destination in scope), leaving (source in
   * scope), or internal when both ends are (a company or group moving someone between its own sites).
   */
  sens: z.enum(MUTATION_DIRECTIONS),
  etablissementDestination: organisationRef,
  etablissementSource: organisationRef,
  /** Reason (enum motifmouvement); null when the request gave none. */
  motifMouvement: mutationEnumLabel.nullable(),
  /** The requester's own words beside the reason; null when none were given. */
  commentaireMouvement: z.string().nullable(),
  /** Movement type (enum typeMouvement). */
  typeMouvement: mutationEnumLabel.nullable(),
  /** A check-up was in progress when the transfer was requested. */
  bilanEnCours: z.boolean(),
  /** The destination is asked to take that check-up over. */
  demandePriseEnChargeBilan: z.boolean(),
});
export type MutationRow = z.infer<typeof mutationRow>;

export const mutationListReply = listReply(mutationRow);
export type MutationListReply = z.infer<typeof mutationListReply>;
