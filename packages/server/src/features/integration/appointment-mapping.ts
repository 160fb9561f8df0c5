import type { Appointment, AppointmentParticipant, Extension } from '@medplum/fhirtypes';
import {
  APPOINTMENT_PREFIX,
  PORTAL_ID_SYSTEM,
  portalCodeSystem,
  portalExtension,
} from '@portail/contract/integration/fhir';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { appointments, visits } from '../../db/schema';
import { centreFhirInstant } from './fhir-time';

export const APPOINTMENT_EXTENSION = {
  /** The state as the home card and "my appointments" show it: label (fr, en) and chip colour. */
  state: portalExtension('appointment-state'),
  /** The visit's English type label, the purpose's English wording. */
  labelEn: portalExtension('label-en'),
  visitOrder: portalExtension('visit-order'),
  checkupInProgress: portalExtension('checkup-in-progress'),
} as const;

/** The physicians of a booking (docs/appointments.md#list), as participants typed by their speciality. */
export const SPECIALITIES = {
  cardiologist: { code: 'CARDIOLOGUE', display: 'Cardiologue' },
  internist: { code: 'INTERNISTE', display: 'Interniste' },
  gynecologist: { code: 'GYNECOLOGUE', display: 'Gynécologue' },
} as const;
export type Speciality = keyof typeof SPECIALITIES;

export const VISIT_KIND_DISPLAY = {
  VISIT: 'Visite',
  MAMMOGRAPHY: 'Mammographie',
  OSTEOPATHY: 'Ostéopathie',
} as const;

/**
 * The portal keeps a state label, not a status code (the back office words it: "Planifiée",
 * "Réalisée", "Annulé"…). The FHIR status is read from it and from the times: a label saying
 * cancelled (annulé) is cancelled, a visit without a time is proposed (to plan), one whose end has
 * passed is fulfilled, any other booked. The SQL below says the same for `status` searches.
 */
export type PortalAppointmentStatus = 'proposed' | 'booked' | 'fulfilled' | 'cancelled';
export const APPOINTMENT_STATUSES: readonly PortalAppointmentStatus[] = [
  'proposed',
  'booked',
  'fulfilled',
  'cancelled',
];
const CANCELLED = /annul/i;

export function statusOf(
  label: string | null,
  start: Date | null,
  end: Date | null,
  now: Date,
): PortalAppointmentStatus {
  if (label && CANCELLED.test(label)) return 'cancelled';
  if (!start) return 'proposed';
  return (end ?? start) <= now ? 'fulfilled' : 'booked';
}

export function statusSql(label: AnyColumn, start: AnyColumn, end: AnyColumn): SQL<string> {
  return sql<string>`case when coalesce(${label}, '') ilike '%annul%' then 'cancelled'
    when ${start} is null then 'proposed'
    when coalesce(${end}, ${start}) <= now() then 'fulfilled' else 'booked' end`;
}

const meta = (row: { version: number; updatedAt: Date }) => ({
  versionId: String(row.version),
  lastUpdated: row.updatedAt.toISOString(),
});

function stateExtension(label: string | null, labelEn: string | null, colour: string | null): Extension[] {
  const parts: Extension[] = [
    ...(label ? [{ url: 'label', valueString: label }] : []),
    ...(labelEn ? [{ url: 'labelEn', valueString: labelEn }] : []),
    ...(colour ? [{ url: 'colour', valueString: colour }] : []),
  ];
  return parts.length > 0 ? [{ url: APPOINTMENT_EXTENSION.state, extension: parts }] : [];
}

const patientParticipant = (participantId: number): AppointmentParticipant => ({
  actor: { reference: `Patient/${participantId}` },
  required: 'required',
  status: 'accepted',
});

type VisitRow = typeof visits.$inferSelect;
type BookingRow = typeof appointments.$inferSelect & { checkupId: number | null };

/** A visit of a check-up (home card, docs/home.md#current-checkup) as a FHIR Appointment `vis-<id>`. */
export function visitToAppointment(row: VisitRow, now: Date): Appointment {
  return {
    resourceType: 'Appointment',
    id: `${APPOINTMENT_PREFIX.visit}-${row.id}`,
    meta: meta(row),
    extension: [
      ...stateExtension(row.stateLabel, row.stateLabelEn, row.stateColour),
      ...(row.typeLabelEn ? [{ url: APPOINTMENT_EXTENSION.labelEn, valueString: row.typeLabelEn }] : []),
      ...(row.visitOrder !== null
        ? [{ url: APPOINTMENT_EXTENSION.visitOrder, valuePositiveInt: row.visitOrder }]
        : []),
    ],
    identifier: [{ system: PORTAL_ID_SYSTEM.visit, value: String(row.id) }],
    status: statusOf(row.stateLabel, row.startsAt, row.endsAt, now),
    appointmentType: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0276', code: 'CHECKUP' }],
    },
    serviceType: [
      {
        coding: [
          { system: portalCodeSystem('visit-kind'), code: row.kind, display: VISIT_KIND_DISPLAY[row.kind] },
        ],
        text: row.typeLabel,
      },
    ],
    description: row.typeLabel,
    ...(row.startsAt ? { start: centreFhirInstant(row.startsAt) } : {}),
    ...(row.endsAt ? { end: centreFhirInstant(row.endsAt) } : {}),
    ...(row.expectedDurationMinutes !== null ? { minutesDuration: row.expectedDurationMinutes } : {}),
    supportingInformation: [{ reference: `EpisodeOfCare/${row.checkupId}` }],
    participant: [patientParticipant(row.participantId)],
  };
}

/** A booking with the centre's physicians ("my appointments", docs/appointments.md#list) as an Appointment `rdv-<id>`. */
export function bookingToAppointment(row: BookingRow, now: Date): Appointment {
  const physicians = (Object.keys(SPECIALITIES) as Speciality[]).flatMap((speciality) => {
    const name = row[speciality];
    if (!name) return [];
    const participant: AppointmentParticipant = {
      type: [{ coding: [{ system: portalCodeSystem('specialite'), ...SPECIALITIES[speciality] }] }],
      // A name as the portal shows it: the centre's physicians are not resources of this API.
      actor: { display: name },
      required: 'required',
      status: 'accepted',
    };
    return [participant];
  });
  return {
    resourceType: 'Appointment',
    id: `${APPOINTMENT_PREFIX.appointment}-${row.id}`,
    meta: meta(row),
    extension: [
      ...stateExtension(row.status, row.statusEn, null),
      ...(row.purposeEn ? [{ url: APPOINTMENT_EXTENSION.labelEn, valueString: row.purposeEn }] : []),
      { url: APPOINTMENT_EXTENSION.checkupInProgress, valueBoolean: row.checkupInProgress },
    ],
    identifier: [{ system: PORTAL_ID_SYSTEM.appointment, value: String(row.id) }],
    status: statusOf(row.status, row.startsAt, row.endsAt, now),
    description: row.purpose,
    start: centreFhirInstant(row.startsAt),
    end: centreFhirInstant(row.endsAt),
    ...(row.visitId !== null || row.checkupId !== null
      ? {
          supportingInformation: [
            ...(row.visitId !== null
              ? [{ reference: `Appointment/${APPOINTMENT_PREFIX.visit}-${row.visitId}` }]
              : []),
            ...(row.checkupId !== null ? [{ reference: `EpisodeOfCare/${row.checkupId}` }] : []),
          ],
        }
      : {}),
    participant: [patientParticipant(row.participantId), ...physicians],
  };
}
