import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { languageParam, listReply, pageQuery } from './common';
import { isoDate } from './participants';

/**
 * The correspondant's check-ups (docs/checkups.md#list, docs/checkups.md#history, docs/checkups.md#states check-up states, docs/checkups.md#filters check-up search, docs/checkups.md#excel-export): the
 * list, the history, and their Excel exports. Administrative status only: no row ever carries a
 * result, a document or a diagnosis.
 */

/** Check-up states (docs/checkups.md#states): In progress, Closed, Invoiced. */
export const CHECKUP_STATES = ['EN_COURS', 'CLOTURE', 'FACTURE'] as const;
export const checkupState = z.enum(CHECKUP_STATES, { error: 'errors.invalid' });
export type CheckupState = z.infer<typeof checkupState>;

/** End not before start (docs/checkups.md#filters), reported on the end date. */
function checkRange(range: { dateDebut: string; dateFin: string }, ctx: z.RefinementCtx) {
  if (range.dateFin < range.dateDebut)
    ctx.addIssue({ code: 'custom', path: ['dateFin'], message: 'errors.dateFinAvantDebut' });
}

/** The search of both screens (docs/checkups.md#filters): start and end required, end not before start. */
export const checkupFilterFields = z.object({
  dateDebut: isoDate,
  dateFin: isoDate,
  /** Absent: every state. */
  etatBilan: checkupState.optional(),
  /**
   * Group and company correspondants tell their employees apart (issue 18): check-ups made in one
   * company or establishment of the scope. Another scope's id matches nothing, like an unknown one.
   */
  idEntreprise: z.coerce.number({ error: 'errors.number' }).int().positive().max(2_147_483_647).optional(),
  idEtablissement: z.coerce.number({ error: 'errors.number' }).int().positive().max(2_147_483_647).optional(),
});
export const checkupFilters = checkupFilterFields.superRefine(checkRange);
export type CheckupFilters = z.infer<typeof checkupFilters>;

/** The sort keys of the check-up list (default: first appointment date, most recent first). */
export const CHECKUP_SORT_FIELDS = [
  'datePremierRdv',
  'id',
  'nom',
  'dateCloture',
  'dateFacturation',
  'etatBilan',
] as const;
export const DEFAULT_CHECKUP_SORT = 'datePremierRdv,DESC';

/** GET bilansCorrespondant: check-ups whose first appointment falls within the range. */
export const checkupListQuery = pageQuery(PAGE_SIZE)
  .extend(checkupFilterFields.shape)
  .superRefine(checkRange);
export type CheckupListQuery = Partial<z.output<typeof checkupListQuery>>;

export const checkupRow = z.object({
  /** The check-up's id. */
  id: z.number().int(),
  idParticipant: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  datePremierRdv: z.string().nullable(),
  dateCloture: z.string().nullable(),
  dateFacturation: z.string().nullable(),
  etatBilan: checkupState,
  /** Where the check-up was made (named on the web from GET etablissements-correspondant). */
  idEntreprise: z.number().int(),
  idEtablissement: z.number().int(),
});
export type CheckupRow = z.infer<typeof checkupRow>;
export const checkupListReply = listReply(checkupRow);
export type CheckupListReply = z.infer<typeof checkupListReply>;

/** The sort keys of the history (default: last name). */
export const HISTORY_SORT_FIELDS = [
  'nom',
  'id',
  'dateNaissance',
  'dateAdhesion',
  'dateProchainBilan',
] as const;
export const DEFAULT_HISTORY_SORT = 'nom,ASC';

/**
 * GET historiqueBilansCorrespondant: the participants of the scope who had a check-up whose first
 * appointment falls within the range (of the given state, if any), one row each.
 */
export const historyListQuery = pageQuery(PAGE_SIZE)
  .extend(checkupFilterFields.shape)
  .superRefine(checkRange);
export type HistoryListQuery = Partial<z.output<typeof historyListQuery>>;

export const historyRow = z.object({
  /** The participant's id. */
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  dateNaissance: z.string(),
  /** Whole years on the centre's today. */
  age: z.number().int(),
  dateAdhesion: z.string().nullable(),
  dateResiliation: z.string().nullable(),
  /** Enumeration ids (enum/gestionRdv, enum/periodicite). */
  gestionRdv: z.number().int().nullable(),
  periodicite: z.number().int().nullable(),
  /** The latest closing date in each of the last three calendar years (N = this year). */
  dateClotureN2: z.string().nullable(),
  dateClotureN1: z.string().nullable(),
  dateClotureN: z.string().nullable(),
  dateProchainBilan: z.string().nullable(),
  /** The participant's company and establishment today (named on the web from GET etablissements-correspondant). */
  idEntreprise: z.number().int(),
  idEtablissement: z.number().int(),
});
export type HistoryRow = z.infer<typeof historyRow>;
export const historyListReply = listReply(historyRow);
export type HistoryListReply = z.infer<typeof historyListReply>;

/**
 * POST /excel-participant-bilan and /excel-participant-historique-bilan: the current filters (and
 * sort); the workbook's headers follow `langue`, the user's interface language.
 */
export const checkupExportBody = checkupFilterFields
  .extend({
    sort: z.string().max(50).optional(),
    langue: languageParam,
  })
  .superRefine(checkRange);
export type CheckupExportBody = z.input<typeof checkupExportBody>;

/** The workbook's MIME type. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
