import type { Reference } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkups, companies, establishments, participants } from '../../db/schema';
import { centreToday } from '../../lib/dates';
import { portalId } from './care-search';
import { ruleBroken, versionConflict } from './fhir-outcome';
import { parseOrganizationId } from './organization.resource';

/**
 * The checks the check-up resources' writes share (EpisodeOfCare, Appointment, Consent): references
 * to what the portal holds, dates, and If-Match. Each refusal is a 422 naming the element at fault;
 * the router's transaction then writes nothing.
 */

/** The participant `Patient/<id>` names, which must exist. */
export async function referencedParticipant(db: DbOrTx, reference: Reference | undefined, at: string) {
  const match = /^Patient\/(.+)$/.exec(reference?.reference ?? '');
  const id = match ? portalId(match[1] ?? '') : null;
  if (id === null)
    throw ruleBroken('A reference to a Patient of the portal (Patient/<id>) is required', at, 'required');
  const [row] = await db
    .select({
      id: participants.id,
      establishmentId: participants.establishmentId,
      companyId: participants.companyId,
      groupId: participants.groupId,
      checkupTypeId: participants.checkupTypeId,
    })
    .from(participants)
    .where(eq(participants.id, id));
  if (!row) throw ruleBroken(`${reference?.reference} is not a participant of the portal`, at, 'not-found');
  return row;
}

/** The establishment `Organization/etab-<id>` names, with the company and group it belongs to. */
export async function referencedEstablishment(db: DbOrTx, reference: Reference, at: string) {
  const parsed = parseOrganizationId((reference.reference ?? '').replace(/^Organization\//, ''));
  if (!reference.reference?.startsWith('Organization/') || parsed?.kind !== 'establishment')
    throw ruleBroken('The managing organisation is an establishment (Organization/etab-<id>)', at, 'value');
  const [row] = await db
    .select({ id: establishments.id, companyId: establishments.companyId, groupId: companies.groupId })
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(eq(establishments.id, parsed.id));
  if (!row) throw ruleBroken(`${reference.reference} is not an establishment of the portal`, at, 'not-found');
  return row;
}

/** The check-up `EpisodeOfCare/<id>` names, which must be the participant's. */
export async function referencedCheckup(db: DbOrTx, reference: string, participantId: number, at: string) {
  const id = portalId(reference.replace(/^EpisodeOfCare\//, ''));
  const [row] =
    id === null || !reference.startsWith('EpisodeOfCare/')
      ? []
      : await db
          .select({ id: checkups.id, participantId: checkups.participantId, state: checkups.state })
          .from(checkups)
          .where(eq(checkups.id, id));
  if (!row) throw ruleBroken(`${reference} is not a check-up of the portal`, at, 'not-found');
  if (row.participantId !== participantId)
    throw ruleBroken(`${reference} is the check-up of another participant`, at, 'business-rule');
  return row;
}

/** A FHIR date or dateTime as the centre's calendar day (the portal's date columns). */
export function centreDay(value: string | undefined, at: string): string | null {
  if (value === undefined) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const instant = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(instant.getTime()))
    throw ruleBroken('A full date (YYYY-MM-DD) is required', at, 'value');
  return centreToday(instant);
}

/** A FHIR instant (its offset given, as the type requires) as a Date. */
export function instantOf(value: string | undefined, at: string): Date | null {
  if (value === undefined) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()))
    throw ruleBroken('An instant with its offset is required', at, 'value');
  return instant;
}

/** If-Match against the row's version (412 when the resource moved on). */
export function checkVersion(type: string, id: string, expected: number | null, current: number): void {
  if (expected !== null && expected !== current) throw versionConflict(type, id, expected, current);
}

/** The portal's state colours are CSS hex colours: the screens put them in a style. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
