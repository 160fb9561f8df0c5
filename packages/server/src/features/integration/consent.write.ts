import type { Consent } from '@medplum/fhirtypes';
import { portalCodeSystem } from '@portail/contract/integration/fhir';
import { eq } from 'drizzle-orm';
import { participants, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { instantOf, referencedParticipant } from './care-writes';
import { CONSENT_KINDS, type ConsentKind, readConsent } from './consent.resource';
import { ruleBroken } from './fhir-outcome';
import type { FhirContext } from './fhir-resource';

/** Which consent a resource records: the portal's code among its categories (DMC or DESISTEMENT). */
function kindOf(resource: Consent): ConsentKind {
  const codes = (resource.category ?? [])
    .flatMap((category) => category.coding ?? [])
    .filter((coding) => coding.system === portalCodeSystem('consent-kind'))
    .map((coding) => coding.code);
  const kinds = (Object.keys(CONSENT_KINDS) as ConsentKind[]).filter((kind) =>
    codes.includes(CONSENT_KINDS[kind].code),
  );
  if (kinds.length !== 1 || kinds[0] === undefined)
    throw ruleBroken(
      `One category of ${portalCodeSystem('consent-kind')} says which consent it is: DMC or DESISTEMENT`,
      'Consent.category',
      'code-invalid',
    );
  return kinds[0];
}

/**
 * POST Consent: the back office records an answer given on paper (the online medical record accepted
 * or refused, the withdrawal consent given or not). It becomes the participant's current answer, as if
 * given on the home screen: `dmc-<id>` or `retr-<id>` (stable ids, one of each), with the instant the
 * paper says (not in the future). An accepted or refused record reloads the participant's sessions,
 * so menus and document routes follow at once, as re-activate-dmc does.
 */
export async function createConsent(ctx: FhirContext, resource: Consent): Promise<Consent> {
  const kind = kindOf(resource);
  if (resource.status !== 'active' && resource.status !== 'rejected')
    throw ruleBroken(
      'A consent recorded here is active (given) or rejected (refused)',
      'Consent.status',
      'code-invalid',
    );
  const participant = await referencedParticipant(ctx.db, resource.patient, 'Consent.patient');
  const at = instantOf(resource.dateTime, 'Consent.dateTime') ?? new Date();
  if (at.getTime() > Date.now() + 60_000)
    throw ruleBroken('A consent is not given in the future', 'Consent.dateTime', 'business-rule');
  const agreed = resource.status === 'active';
  const [before] = await ctx.db
    .select({ dmcStatus: participants.dmcStatus, withdrawalAgreement: participants.withdrawalAgreement })
    .from(participants)
    .where(eq(participants.id, participant.id))
    .for('update');
  await ctx.db
    .update(participants)
    .set(
      kind === 'medicalRecord'
        ? { dmcStatus: agreed ? 'ACCEPTED' : 'REFUSED', dmcStatusAt: at }
        : { withdrawalAgreement: agreed, withdrawalAgreementAt: at },
    )
    .where(eq(participants.id, participant.id));
  await audit(ctx.db, {
    actorUserId: null,
    action: kind === 'medicalRecord' ? 'MEDICAL_RECORD_RECORDED' : 'WITHDRAWAL_CONSENT_RECORDED',
    targetType: 'participant',
    targetId: participant.id,
    details: {
      client: ctx.client.name,
      before: kind === 'medicalRecord' ? before?.dmcStatus : before?.withdrawalAgreement,
      after: agreed,
      at: 'integration',
    },
    ip: ctx.ip,
  });
  if (kind === 'medicalRecord') {
    const accounts = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.participantId, participant.id));
    for (const account of accounts) await ctx.sessions.userChanged(ctx.db, account.id);
  }
  const stored = await readConsent(
    ctx.db,
    `${kind === 'medicalRecord' ? 'dmc' : 'retr'}-${participant.id}`,
    ctx.baseUrl,
  );
  if (!stored) throw new Error('consent not stored');
  return stored;
}
