import type { Parameters } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { issueActivationCode } from '../../auth/activation-codes';
import { participants, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { FhirError, notFoundResource } from './fhir-outcome';
import type { FhirContext } from './fhir-resource';
import { openAccount } from './patient-store';

/**
 * `POST /fhir/R4/Patient/N/$activation-code` (issue 19, with issue 17's rule): a participant the back
 * office created registers with the link mailed to them and an activation code the centre hands over
 * or posts itself, never the portal. This operation gives the back office that code for its own
 * letter: a new one each call (earlier ones stop working), valid ACTIVATION_CODE_TTL_S, answered once
 * in a `Parameters` and stored only hashed. A participant without an account yet (created by a bulk
 * import) gets one and its registration link, mailed after the commit. Refused for an inactive
 * participant (422) and for one who already registered (409).
 */
export async function issuePatientActivationCode(ctx: FhirContext, id: string): Promise<Parameters> {
  const participantId = /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
  if (participantId === null) throw notFoundResource('Patient', id.slice(0, 64));
  const [participant] = await ctx.db
    .select()
    .from(participants)
    .where(eq(participants.id, participantId))
    .for('update');
  if (!participant) throw notFoundResource('Patient', id);
  if (!participant.active)
    throw new FhirError(422, [
      {
        code: 'business-rule',
        diagnostics: 'The participant is terminated: re-admit them first',
        expression: ['Patient.active'],
      },
    ]);
  let [account] = await ctx.db
    .select({ id: users.id, active: users.active, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.participantId, participantId));
  if (account?.active && account.passwordHash !== null)
    throw new FhirError(409, [
      {
        code: 'business-rule',
        diagnostics: 'The participant has already registered: an activation code is of no use',
      },
    ]);
  if (!account) {
    if (!participant.email || !participant.mobile)
      throw new FhirError(422, [
        {
          code: 'required',
          diagnostics: 'The participant needs a mail and a mobile number to register',
          expression: ['Patient.telecom'],
        },
      ]);
    await openAccount(ctx, participant, { email: participant.email, mobile: participant.mobile });
    [account] = await ctx.db
      .select({ id: users.id, active: users.active, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.participantId, participantId));
  }
  if (!account) throw new Error('participant account not created');
  const ttlS = ctx.config.activationCodeTtlS;
  const code = await issueActivationCode(ctx.db, account.id, ttlS);
  await audit(ctx.db, {
    actorUserId: null,
    action: 'ACTIVATION_CODE_ISSUED',
    targetType: 'participant',
    targetId: participantId,
    details: { source: 'fhir', client: ctx.client.name },
    ip: ctx.ip,
  });
  return {
    resourceType: 'Parameters',
    parameter: [
      // As the centre's letters print it: two groups of four.
      { name: 'code', valueString: `${code.slice(0, 4)}-${code.slice(4)}` },
      { name: 'expires', valueInstant: new Date(Date.now() + ttlS * 1000).toISOString() },
    ],
  };
}
