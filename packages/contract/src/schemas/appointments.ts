import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { languageQuery, listReply, pageQuery } from './common';

/** My appointments (docs/appointments.md#list, docs/participants.md#form-rules Appointment): 15 a page, newest first by default. */
export const APPOINTMENT_SORT_FIELDS = ['debut'] as const;
/**
 * `quand`: only the appointments still ahead (`avenir`, starting now or later) or already begun
 * (`passe`); absent, all of them. The screen lists the two apart, each with its own pages.
 */
export const APPOINTMENT_WHEN = ['avenir', 'passe'] as const;
export type AppointmentWhen = (typeof APPOINTMENT_WHEN)[number];
export const appointmentListQuery = pageQuery(PAGE_SIZE).extend({
  quand: z.enum(APPOINTMENT_WHEN, { error: 'errors.invalid' }).optional(),
});
export type AppointmentListQuery = z.input<typeof appointmentListQuery>;
/** GET participant/rdvs-participant/{id}/ics: the file's name, SUMMARY and DESCRIPTION in `langue`. */
export const appointmentIcsQuery = languageQuery;

export const appointmentRow = z.object({
  /** The appointment's own id (its `.ics` is `participant/rdvs-participant/{id}/ics`). */
  id: z.number().int(),
  /** The visit of the check-up it is for, when there is one (the spec's "visit id"). */
  idVisite: z.number().int().nullable(),
  /** French purpose, and the English one (the French again when the centre gave none). */
  objet: z.string(),
  objetEn: z.string(),
  /** ISO date-times. */
  debut: z.string(),
  fin: z.string(),
  bilanEnCours: z.boolean(),
  cardiologue: z.string().nullable(),
  interniste: z.string().nullable(),
  gynecologue: z.string().nullable(),
  statut: z.string(),
  statutEn: z.string(),
});
export type AppointmentRow = z.infer<typeof appointmentRow>;
export const appointmentListReply = listReply(appointmentRow);
export type AppointmentListReply = z.infer<typeof appointmentListReply>;

export const ICS_MIME = 'text/calendar';
