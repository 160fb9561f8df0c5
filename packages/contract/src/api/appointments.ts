import {
  appointmentIcsQuery,
  appointmentListQuery,
  appointmentListReply,
  ICS_MIME,
} from '../schemas/appointments';
import { errorReply, idParam } from '../schemas/common';
import { type ApiRoute, route } from './route';

const PARTICIPANTS = ['ROLE_PARTICIPANT'] as const;

/** My appointments, and each one as a calendar file (docs/appointments.md). */
export const appointmentApi = {
  list: route({
    method: 'GET',
    path: '/api/participant/rdvs-participant',
    access: PARTICIPANTS,
    query: appointmentListQuery,
    replies: { 200: appointmentListReply, 400: errorReply, 403: errorReply },
    tag: 'appointments',
  }),
  calendarFile: route({
    method: 'GET',
    path: '/api/participant/rdvs-participant/:id/ics',
    access: PARTICIPANTS,
    ids: { id: 'appointment' },
    params: idParam,
    query: appointmentIcsQuery,
    replies: {},
    file: { status: 200, types: [ICS_MIME] },
    tag: 'appointments',
    summary: 'The appointment as an iCalendar (.ics) file',
  }),
} satisfies Record<string, ApiRoute>;
