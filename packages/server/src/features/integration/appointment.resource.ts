import type { Appointment } from '@medplum/fhirtypes';
import { APPOINTMENT_PREFIX, PORTAL_ID_SYSTEM } from '@portail/contract/integration/fhir';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { appointments, visits } from '../../db/schema';
import { createAppointment, updateAppointment } from './appointment.write';
import {
  APPOINTMENT_STATUSES,
  bookingToAppointment,
  statusSql,
  visitToAppointment,
} from './appointment-mapping';
import {
  dateCondition,
  identifierParam,
  lastUpdatedCondition,
  patientParam,
  prefixedId,
  requiredId,
  tokenList,
} from './care-search';
import { invalid } from './fhir-outcome';
import type { FhirResourceHandler, SearchParameterInfo } from './fhir-resource';

const SEARCH_PARAMS: readonly SearchParameterInfo[] = [
  {
    name: '_id',
    type: 'token',
    documentation: 'vis-<id> (a visit of a check-up) or rdv-<id> (a booking of "my appointments")',
  },
  {
    name: 'identifier',
    type: 'token',
    documentation: `system|value: ${PORTAL_ID_SYSTEM.visit} or ${PORTAL_ID_SYSTEM.appointment}`,
  },
  { name: 'patient', type: 'reference', documentation: 'Patient/<participant id>' },
  {
    name: 'date',
    type: 'date',
    documentation: "The start (eq, ne, ge, gt, le, lt; a day is the centre's calendar day, Paris time)",
  },
  {
    name: 'status',
    type: 'token',
    documentation: 'proposed, booked, fulfilled or cancelled (read from the state label and times)',
  },
  {
    name: '_lastUpdated',
    type: 'date',
    documentation: 'When the visit or booking last changed; results are in that order',
  },
];

const NEVER = sql`false`;

/** The conditions of a search on each table: a parameter that names the other table's rows excludes one. */
function searchConditions(params: URLSearchParams): { visit: SQL[]; booking: SQL[] } {
  const visit: SQL[] = [];
  const booking: SQL[] = [];
  const both = (onVisits: SQL, onBookings: SQL) => {
    visit.push(onVisits);
    booking.push(onBookings);
  };
  for (const [name, value] of params) {
    if (name === '_id') {
      const visitId = prefixedId(value, APPOINTMENT_PREFIX.visit);
      const bookingId = prefixedId(value, APPOINTMENT_PREFIX.appointment);
      if (visitId === null && bookingId === null)
        throw invalid('_id is vis-<id> or rdv-<id>', '_id', 'value');
      both(
        visitId === null ? NEVER : eq(visits.id, visitId),
        bookingId === null ? NEVER : eq(appointments.id, bookingId),
      );
    }
    if (name === 'identifier') {
      const system = value.includes('|') ? value.slice(0, value.indexOf('|')) : '';
      const isBooking = system === PORTAL_ID_SYSTEM.appointment;
      const id = requiredId(
        identifierParam(value, isBooking ? PORTAL_ID_SYSTEM.appointment : PORTAL_ID_SYSTEM.visit),
        'identifier',
      );
      // A bare value may be either; a system names one table.
      both(
        system === '' || !isBooking ? eq(visits.id, id) : NEVER,
        system === '' || isBooking ? eq(appointments.id, id) : NEVER,
      );
    }
    if (name === 'patient') {
      const participantId = patientParam(value);
      both(eq(visits.participantId, participantId), eq(appointments.participantId, participantId));
    }
    if (name === 'date')
      both(
        dateCondition(visits.startsAt, value, 'date'),
        dateCondition(appointments.startsAt, value, 'date'),
      );
    if (name === 'status') {
      const wanted = tokenList(value, 'status', APPOINTMENT_STATUSES);
      both(
        inArray(statusSql(visits.stateLabel, visits.startsAt, visits.endsAt), wanted),
        inArray(statusSql(appointments.status, appointments.startsAt, appointments.endsAt), wanted),
      );
    }
    if (name === '_lastUpdated')
      both(
        lastUpdatedCondition(visits.updatedAt, value),
        lastUpdatedCondition(appointments.updatedAt, value),
      );
  }
  return { visit, booking };
}

const whereOf = (conditions: SQL[]): SQL => and(...conditions) ?? sql`true`;

const bookingColumns = { ...getTableColumns(appointments), checkupId: visits.checkupId };

async function findVisits(db: DbOrTx, ids: number[]) {
  return ids.length === 0 ? [] : db.select().from(visits).where(inArray(visits.id, ids));
}

async function findBookings(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(bookingColumns)
    .from(appointments)
    .leftJoin(visits, eq(visits.id, appointments.visitId))
    .where(inArray(appointments.id, ids));
}

/** `vis-12` or `rdv-40` as the Appointment it names, or null. */
export async function readAppointment(db: DbOrTx, id: string, now = new Date()): Promise<Appointment | null> {
  const visitId = prefixedId(id, APPOINTMENT_PREFIX.visit);
  if (visitId !== null) {
    const [row] = await findVisits(db, [visitId]);
    return row ? visitToAppointment(row, now) : null;
  }
  const bookingId = prefixedId(id, APPOINTMENT_PREFIX.appointment);
  if (bookingId === null) return null;
  const [row] = await findBookings(db, [bookingId]);
  return row ? bookingToAppointment(row, now) : null;
}

export const appointmentHandler: FhirResourceHandler<Appointment> = {
  type: 'Appointment',
  documentation:
    'The visits of the check-ups (home card, vis-<id>) and the bookings with the physicians ("my appointments", rdv-<id>)',
  searchParams: SEARCH_PARAMS,
  // visits and appointments carry the feed's triggers (migration 0020).
  history: true,
  read: (ctx, id) => readAppointment(ctx.db, id),
  search: async (ctx, params, page) => {
    const conditions = searchConditions(params);
    const visitWhere = whereOf(conditions.visit);
    const bookingWhere = whereOf(conditions.booking);
    // One ordered page over both tables: which rows, then the rows themselves.
    const [keys, totals] = await Promise.all([
      rowsOf<{ kind: 'vis' | 'rdv'; id: number }>(
        ctx.db,
        sql`select 'vis' as kind, ${visits.id} as id, ${visits.updatedAt} as updated_at from ${visits} where ${visitWhere}
            union all
            select 'rdv', ${appointments.id}, ${appointments.updatedAt} from ${appointments} where ${bookingWhere}
            order by updated_at, kind desc, id limit ${page.count} offset ${page.offset}`,
      ),
      rowsOf<{ n: number | string }>(
        ctx.db,
        sql`select (select count(*) from ${visits} where ${visitWhere})
                 + (select count(*) from ${appointments} where ${bookingWhere}) as n`,
      ),
    ]);
    const idsOf = (kind: 'vis' | 'rdv') =>
      keys.filter((key) => key.kind === kind).map((key) => Number(key.id));
    const [visitRows, bookingRows] = await Promise.all([
      findVisits(ctx.db, idsOf('vis')),
      findBookings(ctx.db, idsOf('rdv')),
    ]);
    const now = new Date();
    const byKey = new Map<string, Appointment>([
      ...visitRows.map((row) => [`vis-${row.id}`, visitToAppointment(row, now)] as const),
      ...bookingRows.map((row) => [`rdv-${row.id}`, bookingToAppointment(row, now)] as const),
    ]);
    const resources = keys.flatMap((key) => byKey.get(`${key.kind}-${Number(key.id)}`) ?? []);
    return { resources, total: Number(totals[0]?.n ?? 0) };
  },
  create: (ctx, resource) => createAppointment(ctx, resource),
  update: (ctx, id, resource, expectedVersion) => updateAppointment(ctx, id, resource, expectedVersion),
};
