import type { Appointment, Extension } from '@medplum/fhirtypes';
import { APPOINTMENT_PREFIX, portalCodeSystem } from '@portail/contract/integration/fhir';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, VISIT_KINDS, type VisitKind, visits } from '../../db/schema';
import { audit } from '../../lib/audit';
import { isCancelledLabel, recordAppointmentChange } from '../notifications';
import { readAppointment } from './appointment.resource';
import {
  APPOINTMENT_EXTENSION,
  type PortalAppointmentStatus,
  SPECIALITIES,
  type Speciality,
} from './appointment-mapping';
import { prefixedId } from './care-search';
import { checkVersion, HEX_COLOUR, instantOf, referencedCheckup, referencedParticipant } from './care-writes';
import { ruleBroken } from './fhir-outcome';
import type { FhirContext } from './fhir-resource';

/**
 * Writes of Appointment: the back office books the visits of a check-up (home card) and the
 * appointments with its physicians ("my appointments"). A resource whose serviceType carries the
 * portal's visit-kind code is a visit (`vis-`), any other a booking (`rdv-`). The portal stores the
 * state label the screens show; when the back office sends none, the status gives the usual one.
 */
const DEFAULT_LABELS: Record<'visit' | 'booking', Record<PortalAppointmentStatus, [string, string]>> = {
  visit: {
    proposed: ['À planifier', 'To be planned'],
    booked: ['Planifiée', 'Planned'],
    fulfilled: ['Réalisée', 'Done'],
    cancelled: ['Annulée', 'Cancelled'],
  },
  booking: {
    proposed: ['À confirmer', 'To be confirmed'],
    booked: ['Confirmé', 'Confirmed'],
    fulfilled: ['Honoré', 'Attended'],
    cancelled: ['Annulé', 'Cancelled'],
  },
};

const ext = (resource: Appointment, url: string): Extension | undefined =>
  resource.extension?.find((entry) => entry.url === url);
const part = (extension: Extension | undefined, url: string) =>
  extension?.extension?.find((entry) => entry.url === url)?.valueString ?? null;

function statusOf(resource: Appointment): PortalAppointmentStatus {
  const status = resource.status;
  if (status === 'proposed' || status === 'booked' || status === 'fulfilled' || status === 'cancelled')
    return status;
  throw ruleBroken(
    'The portal keeps proposed, booked, fulfilled or cancelled appointments',
    'Appointment.status',
    'code-invalid',
  );
}

/** The common part: patient, times, state label and colour, English label. */
async function commonOf(db: DbOrTx, resource: Appointment, table: 'visit' | 'booking') {
  const patientAt = resource.participant.findIndex((entry) => entry.actor?.reference?.startsWith('Patient/'));
  const participant = await referencedParticipant(
    db,
    resource.participant[patientAt]?.actor,
    `Appointment.participant[${Math.max(patientAt, 0)}].actor`,
  );
  const status = statusOf(resource);
  const startsAt = instantOf(resource.start, 'Appointment.start');
  const endsAt = instantOf(resource.end, 'Appointment.end');
  if (startsAt && endsAt && endsAt < startsAt)
    throw ruleBroken('The end is not before the start', 'Appointment.end', 'business-rule');
  const state = ext(resource, APPOINTMENT_EXTENSION.state);
  const [defaultLabel, defaultLabelEn] = DEFAULT_LABELS[table][status];
  const label = part(state, 'label') ?? defaultLabel;
  const colour = part(state, 'colour');
  if (colour !== null && !HEX_COLOUR.test(colour))
    throw ruleBroken('The state colour is a hex colour (#2e7d32)', 'Appointment.extension', 'value');
  // The status read back comes from the label: a cancelled appointment says so, and only it.
  if ((status === 'cancelled') !== /annul/i.test(label))
    throw ruleBroken(
      'The state label says "annulé" exactly when the status is cancelled',
      'Appointment.extension',
      'business-rule',
    );
  return {
    participantId: participant.id,
    status,
    startsAt,
    endsAt,
    label,
    labelEn: part(state, 'labelEn') ?? (part(state, 'label') ? null : defaultLabelEn),
    colour,
    englishText: ext(resource, APPOINTMENT_EXTENSION.labelEn)?.valueString ?? null,
  };
}

function visitKindOf(resource: Appointment): VisitKind | null {
  const coding = resource.serviceType
    ?.flatMap((concept) => concept.coding ?? [])
    .find((entry) => entry.system === portalCodeSystem('visit-kind'));
  if (!coding) return null;
  const kind = VISIT_KINDS.find((known) => known === coding.code);
  if (!kind)
    throw ruleBroken(
      'The visit kind is VISIT, MAMMOGRAPHY or OSTEOPATHY',
      'Appointment.serviceType',
      'code-invalid',
    );
  return kind;
}

async function visitColumns(db: DbOrTx, resource: Appointment, kind: VisitKind) {
  const common = await commonOf(db, resource, 'visit');
  if (common.status !== 'proposed' && common.status !== 'cancelled' && !common.startsAt)
    throw ruleBroken('A booked or fulfilled visit has its start', 'Appointment.start', 'required');
  if (common.status === 'proposed' && common.startsAt)
    throw ruleBroken('A visit to plan (proposed) has no start yet', 'Appointment.start', 'business-rule');
  const episode = resource.supportingInformation?.find((entry) =>
    entry.reference?.startsWith('EpisodeOfCare/'),
  );
  if (!episode?.reference)
    throw ruleBroken(
      'A visit names its check-up (EpisodeOfCare/<id>)',
      'Appointment.supportingInformation',
      'required',
    );
  const checkup = await referencedCheckup(
    db,
    episode.reference,
    common.participantId,
    'Appointment.supportingInformation',
  );
  const order = ext(resource, APPOINTMENT_EXTENSION.visitOrder)?.valuePositiveInt ?? null;
  if (kind === 'VISIT' && (order === null || order > 3))
    throw ruleBroken('A visit has its order, 1 to 3', 'Appointment.extension', 'required');
  if (kind !== 'VISIT' && order !== null)
    throw ruleBroken('Only a VISIT has an order', 'Appointment.extension', 'business-rule');
  const typeLabel = resource.description ?? resource.serviceType?.[0]?.text;
  if (!typeLabel) throw ruleBroken('A visit has its type label', 'Appointment.description', 'required');
  return {
    checkupId: checkup.id,
    participantId: common.participantId,
    kind,
    typeLabel,
    typeLabelEn: common.englishText,
    visitOrder: order,
    startsAt: common.startsAt,
    endsAt: common.endsAt,
    expectedDurationMinutes: resource.minutesDuration ?? null,
    stateLabel: common.label,
    stateLabelEn: common.labelEn,
    stateColour: common.colour,
  };
}

async function bookingColumns(db: DbOrTx, resource: Appointment) {
  const common = await commonOf(db, resource, 'booking');
  if (!common.startsAt || !common.endsAt)
    throw ruleBroken(
      'A booking has its start and end',
      common.startsAt ? 'Appointment.end' : 'Appointment.start',
      'required',
    );
  if (!resource.description)
    throw ruleBroken('A booking has its purpose', 'Appointment.description', 'required');
  const visitRef = resource.supportingInformation?.find((entry) =>
    entry.reference?.startsWith('Appointment/'),
  );
  let visitId: number | null = null;
  if (visitRef?.reference) {
    visitId = prefixedId(visitRef.reference.slice('Appointment/'.length), APPOINTMENT_PREFIX.visit);
    const [visit] =
      visitId === null
        ? []
        : await db
            .select({ id: visits.id })
            .from(visits)
            .where(and(eq(visits.id, visitId), eq(visits.participantId, common.participantId)));
    if (!visit)
      throw ruleBroken(
        `${visitRef.reference} is not a visit of this participant`,
        'Appointment.supportingInformation',
        'business-rule',
      );
  }
  const physician = (speciality: Speciality) =>
    resource.participant.find((entry) =>
      entry.type?.some((type) =>
        type.coding?.some(
          (coding) =>
            coding.system === portalCodeSystem('specialite') && coding.code === SPECIALITIES[speciality].code,
        ),
      ),
    )?.actor?.display ?? null;
  return {
    visitId,
    participantId: common.participantId,
    purpose: resource.description,
    purposeEn: common.englishText,
    startsAt: common.startsAt,
    endsAt: common.endsAt,
    checkupInProgress:
      ext(resource, APPOINTMENT_EXTENSION.checkupInProgress)?.valueBoolean ?? visitId !== null,
    cardiologist: physician('cardiologist'),
    internist: physician('internist'),
    gynecologist: physician('gynecologist'),
    status: common.label,
    statusEn: common.labelEn,
  };
}

/** A visit slot (check-up, kind, order) holds one visit: a second is refused by name, not by the index. */
async function checkSlotFree(
  db: DbOrTx,
  columns: Awaited<ReturnType<typeof visitColumns>>,
  exceptId: number | null,
) {
  const sameKind = await db
    .select({ id: visits.id, order: visits.visitOrder })
    .from(visits)
    .where(and(eq(visits.checkupId, columns.checkupId), eq(visits.kind, columns.kind)));
  const taken = sameKind.find((slot) => slot.id !== exceptId && slot.order === columns.visitOrder);
  if (taken)
    throw ruleBroken(
      `The check-up already has this visit (Appointment/vis-${taken.id})`,
      'Appointment.extension',
      'business-rule',
    );
}

async function audited(ctx: FhirContext, action: string, id: string) {
  await audit(ctx.db, {
    actorUserId: null,
    action,
    targetType: 'appointment',
    targetId: id,
    details: { client: ctx.client.name },
    ip: ctx.ip,
  });
}

export async function createAppointment(ctx: FhirContext, resource: Appointment): Promise<Appointment> {
  const kind = visitKindOf(resource);
  let id: string;
  if (kind) {
    const columns = await visitColumns(ctx.db, resource, kind);
    await checkSlotFree(ctx.db, columns, null);
    const [row] = await ctx.db.insert(visits).values(columns).returning({ id: visits.id });
    id = `${APPOINTMENT_PREFIX.visit}-${row?.id}`;
    await recordAppointmentChange(ctx.db, id, columns.participantId, null, {
      startsAt: columns.startsAt,
      cancelled: isCancelledLabel(columns.stateLabel),
    });
  } else {
    const columns = await bookingColumns(ctx.db, resource);
    const [row] = await ctx.db.insert(appointments).values(columns).returning({ id: appointments.id });
    id = `${APPOINTMENT_PREFIX.appointment}-${row?.id}`;
    await recordAppointmentChange(ctx.db, id, columns.participantId, null, {
      startsAt: columns.startsAt,
      cancelled: isCancelledLabel(columns.status),
    });
  }
  await audited(ctx, 'APPOINTMENT_CREATED', id);
  const stored = await readAppointment(ctx.db, id);
  if (!stored) throw new Error('appointment not stored');
  return stored;
}

export async function updateAppointment(
  ctx: FhirContext,
  id: string,
  resource: Appointment,
  expectedVersion: number | null,
): Promise<Appointment | null> {
  const visitId = prefixedId(id, APPOINTMENT_PREFIX.visit);
  const bookingId = prefixedId(id, APPOINTMENT_PREFIX.appointment);
  const kind = visitKindOf(resource);
  if (visitId !== null) {
    const [current] = await ctx.db.select().from(visits).where(eq(visits.id, visitId)).for('update');
    if (!current) return null;
    checkVersion('Appointment', id, expectedVersion, current.version);
    if (kind === null)
      throw ruleBroken('A visit keeps its visit kind', 'Appointment.serviceType', 'required');
    const columns = await visitColumns(ctx.db, resource, kind);
    if (columns.checkupId !== current.checkupId)
      throw ruleBroken('A visit does not move to another check-up', 'Appointment.supportingInformation');
    await checkSlotFree(ctx.db, columns, visitId);
    await ctx.db.update(visits).set(columns).where(eq(visits.id, visitId));
    await recordAppointmentChange(
      ctx.db,
      id,
      current.participantId,
      { startsAt: current.startsAt, cancelled: isCancelledLabel(current.stateLabel) },
      { startsAt: columns.startsAt, cancelled: isCancelledLabel(columns.stateLabel) },
    );
  } else if (bookingId !== null) {
    const [current] = await ctx.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, bookingId))
      .for('update');
    if (!current) return null;
    checkVersion('Appointment', id, expectedVersion, current.version);
    if (kind !== null)
      throw ruleBroken('A booking does not become a visit', 'Appointment.serviceType', 'business-rule');
    const columns = await bookingColumns(ctx.db, resource);
    if (columns.participantId !== current.participantId)
      throw ruleBroken('A booking does not move to another participant', 'Appointment.participant');
    await ctx.db.update(appointments).set(columns).where(eq(appointments.id, bookingId));
    await recordAppointmentChange(
      ctx.db,
      id,
      current.participantId,
      { startsAt: current.startsAt, cancelled: isCancelledLabel(current.status) },
      { startsAt: columns.startsAt, cancelled: isCancelledLabel(columns.status) },
    );
  } else {
    return null;
  }
  await audited(ctx, 'APPOINTMENT_UPDATED', id);
  return readAppointment(ctx.db, id);
}
