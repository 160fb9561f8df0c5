import type { EpisodeOfCare } from '@medplum/fhirtypes';
import { portalCodeSystem } from '@portail/contract/integration/fhir';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type CheckupState, checkups, participants } from '../../db/schema';
import { audit } from '../../lib/audit';
import { portalId } from './care-search';
import { centreDay, checkVersion, referencedEstablishment, referencedParticipant } from './care-writes';
import { loadCodeBook } from './codes';
import {
  BILLING_DATE_EXTENSION,
  CHECKUP_STATE_EXTENSION,
  CHECKUP_STATES,
  checkupToEpisode,
} from './episode-of-care-mapping';
import { ruleBroken } from './fhir-outcome';
import { codeBook, type FhirContext } from './fhir-resource';

const STATE_OF_CODE = new Map(
  (Object.entries(CHECKUP_STATES) as [CheckupState, { code: string }][]).map(([state, info]) => [
    info.code,
    state,
  ]),
);

/**
 * The check-up state an EpisodeOfCare says: `active` is in progress; `finished` is closed, or invoiced
 * when the portal's state extension says FACTURE. Any other status is not a state of the portal.
 */
function stateOf(resource: EpisodeOfCare): CheckupState {
  const coding = resource.extension?.find((entry) => entry.url === CHECKUP_STATE_EXTENSION)?.valueCoding;
  const given = coding ? STATE_OF_CODE.get(coding.code ?? '') : undefined;
  if (coding && (coding.system !== portalCodeSystem('etatBilan') || !given))
    throw ruleBroken(
      'The check-up state is EN_COURS, CLOTURE or FACTURE',
      'EpisodeOfCare.extension',
      'code-invalid',
    );
  if (resource.status === 'active') {
    if (given && given !== 'IN_PROGRESS')
      throw ruleBroken(
        'An active check-up is in progress (EN_COURS)',
        'EpisodeOfCare.extension',
        'business-rule',
      );
    return 'IN_PROGRESS';
  }
  if (resource.status === 'finished') {
    if (given === 'IN_PROGRESS')
      throw ruleBroken(
        'A finished check-up is closed or invoiced',
        'EpisodeOfCare.extension',
        'business-rule',
      );
    return given ?? 'CLOSED';
  }
  throw ruleBroken('A check-up of the portal is active or finished', 'EpisodeOfCare.status', 'code-invalid');
}

/** The columns an EpisodeOfCare writes, after the portal's rules (docs/checkups.md#states: the states and their dates). */
async function columnsOf(db: DbOrTx, resource: EpisodeOfCare) {
  const participant = await referencedParticipant(db, resource.patient, 'EpisodeOfCare.patient');
  const establishment = resource.managingOrganization
    ? await referencedEstablishment(db, resource.managingOrganization, 'EpisodeOfCare.managingOrganization')
    : { id: participant.establishmentId, companyId: participant.companyId, groupId: participant.groupId };
  const state = stateOf(resource);
  const typeCoding = resource.type?.[0]?.coding?.[0];
  let checkupTypeId = participant.checkupTypeId;
  if (typeCoding) {
    const item =
      typeCoding.system === portalCodeSystem('typeBilan')
        ? (await loadCodeBook(db)).find('typeBilan', typeCoding.code ?? '')
        : null;
    if (!item)
      throw ruleBroken(
        'The type is a check-up type of the portal (typeBilan)',
        'EpisodeOfCare.type[0].coding[0]',
        'code-invalid',
      );
    checkupTypeId = item.id;
  }
  const firstAppointmentDate = centreDay(resource.period?.start, 'EpisodeOfCare.period.start');
  const closingDate = centreDay(resource.period?.end, 'EpisodeOfCare.period.end');
  const billing = resource.extension?.find((entry) => entry.url === BILLING_DATE_EXTENSION);
  const billingDate = centreDay(billing?.valueDate, 'EpisodeOfCare.extension');
  if (billing && !billing.valueDate)
    throw ruleBroken('The billing date is a valueDate', 'EpisodeOfCare.extension', 'value');
  if (state === 'IN_PROGRESS' && closingDate)
    throw ruleBroken(
      'A check-up in progress has no closing date',
      'EpisodeOfCare.period.end',
      'business-rule',
    );
  if (state !== 'IN_PROGRESS' && !closingDate)
    throw ruleBroken(
      'A closed or invoiced check-up has its closing date',
      'EpisodeOfCare.period.end',
      'required',
    );
  if (state === 'INVOICED' && !billingDate)
    throw ruleBroken('An invoiced check-up has its billing date', 'EpisodeOfCare.extension', 'required');
  if (state !== 'INVOICED' && billingDate)
    throw ruleBroken(
      'Only an invoiced check-up has a billing date',
      'EpisodeOfCare.extension',
      'business-rule',
    );
  if (firstAppointmentDate && closingDate && closingDate < firstAppointmentDate)
    throw ruleBroken(
      'The closing date is not before the first appointment',
      'EpisodeOfCare.period.end',
      'business-rule',
    );
  return {
    participantId: participant.id,
    establishmentId: establishment.id,
    companyId: establishment.companyId,
    groupId: establishment.groupId,
    checkupTypeId,
    state,
    firstAppointmentDate,
    closingDate,
    billingDate,
  };
}

/** One check-up in progress at a time (the home card shows it): a second one is refused by name. */
async function checkSingleInProgress(db: DbOrTx, participantId: number, exceptId: number | null) {
  const [other] = await db
    .select({ id: checkups.id })
    .from(checkups)
    .where(
      and(
        eq(checkups.participantId, participantId),
        eq(checkups.state, 'IN_PROGRESS'),
        exceptId === null ? sql`true` : ne(checkups.id, exceptId),
      ),
    );
  if (other)
    throw ruleBroken(
      `The participant already has a check-up in progress (EpisodeOfCare/${other.id}): close it first`,
      'EpisodeOfCare.status',
    );
}

/** The participant list's badge B (docs/participants.md#list) follows the check-ups the back office opens and closes. */
async function syncInProgressFlag(db: DbOrTx, participantId: number) {
  await db
    .update(participants)
    .set({
      checkupInProgress: sql`exists (select 1 from ${checkups} where ${checkups.participantId} = ${participantId} and ${checkups.state} = 'IN_PROGRESS')`,
    })
    .where(eq(participants.id, participantId));
}

export async function createEpisode(ctx: FhirContext, resource: EpisodeOfCare): Promise<EpisodeOfCare> {
  const columns = await columnsOf(ctx.db, resource);
  if (columns.state === 'IN_PROGRESS') await checkSingleInProgress(ctx.db, columns.participantId, null);
  const [row] = await ctx.db.insert(checkups).values(columns).returning();
  if (!row) throw new Error('check-up not stored');
  await syncInProgressFlag(ctx.db, row.participantId);
  await audit(ctx.db, {
    actorUserId: null,
    action: 'CHECKUP_CREATED',
    targetType: 'checkup',
    targetId: row.id,
    participantId: row.participantId,
    details: { client: ctx.client.name, state: row.state },
    ip: ctx.ip,
  });
  ctx.afterCommit(async () => ctx.changes?.announce('checkups'));
  return checkupToEpisode(row, await codeBook(ctx));
}

export async function updateEpisode(
  ctx: FhirContext,
  id: string,
  resource: EpisodeOfCare,
  expectedVersion: number | null,
): Promise<EpisodeOfCare | null> {
  const checkupId = portalId(id);
  if (checkupId === null) return null;
  const [current] = await ctx.db.select().from(checkups).where(eq(checkups.id, checkupId)).for('update');
  if (!current) return null;
  checkVersion('EpisodeOfCare', id, expectedVersion, current.version);
  const columns = await columnsOf(ctx.db, resource);
  // A check-up is the participant's for good: its documents and visits hang on it.
  if (columns.participantId !== current.participantId)
    throw ruleBroken('A check-up does not move to another participant', 'EpisodeOfCare.patient');
  if (columns.state === 'IN_PROGRESS') await checkSingleInProgress(ctx.db, columns.participantId, checkupId);
  const [row] = await ctx.db.update(checkups).set(columns).where(eq(checkups.id, checkupId)).returning();
  if (!row) return null;
  await syncInProgressFlag(ctx.db, row.participantId);
  await audit(ctx.db, {
    actorUserId: null,
    action: 'CHECKUP_UPDATED',
    targetType: 'checkup',
    targetId: row.id,
    participantId: row.participantId,
    details: { client: ctx.client.name, before: current.state, after: row.state },
    ip: ctx.ip,
  });
  // This instance's check-up pages go before the reply; the others hear the triggers (migration 0027).
  ctx.afterCommit(async () => ctx.changes?.announce('checkups'));
  return checkupToEpisode(row, await codeBook(ctx));
}
