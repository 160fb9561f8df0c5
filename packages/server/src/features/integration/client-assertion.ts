import { ASSERTION_ALGORITHMS } from '@portail/contract/integration/smart';
import { isPlainText } from '@portail/contract/rules/text';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import type { DbOrTx } from '../../db/client';
import { integrationAssertions } from '../../db/schema';
import { type ActiveClient, isClientId, loadActiveClientKeys } from './system-clients';

/** How far the client's clock may be from ours, for `exp` and `nbf` (and the five minutes below). */
export const CLOCK_TOLERANCE_S = 30;
/** SMART: an assertion's `exp` is no more than five minutes in the future. */
export const MAX_ASSERTION_LIFETIME_S = 300;
const JTI_MAX = 255;

/** Why an assertion was refused: a code for the audit log and words for the client's developers. */
export interface AssertionRefusal {
  reason: string;
  description: string;
  /** The client, once its id named a registered one (the audit log names it). */
  client?: ActiveClient;
}

export type AssertionOutcome = { ok: true; client: ActiveClient } | ({ ok: false } & AssertionRefusal);

const refuse = (reason: string, description: string, client?: ActiveClient): AssertionOutcome => ({
  ok: false,
  reason,
  description,
  ...(client ? { client } : {}),
});

const SIGNATURE = "the signature does not verify with the client's registered keys (check kid and key)";

/** A failure of jose's verification as a refusal. Nothing of it is the server's fault: none is a 500. */
function refusalOf(error: unknown, audience: string, client: ActiveClient): AssertionOutcome {
  if (error instanceof errors.JWTExpired) return refuse('expired', 'the assertion has expired', client);
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'aud':
        return refuse('audience', `aud must be the token endpoint, ${audience}`, client);
      case 'exp':
        return refuse('expiry', 'exp is required', client);
      case 'jti':
        return refuse('jti', 'jti is required', client);
      case 'nbf':
        return refuse('notYetValid', 'the assertion is not valid yet (nbf)', client);
      default:
        return refuse('claims', `the ${error.claim} claim is not valid`, client);
    }
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return refuse('algorithm', 'the assertion must be signed with RS384 or ES384', client);
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  )
    return refuse('signature', SIGNATURE, client);
  return refuse('malformed', 'client_assertion is not a valid signed JWT', client);
}

function decoded(assertion: string): { header: Record<string, unknown>; claims: JWTPayload } | null {
  try {
    return { header: decodeProtectedHeader(assertion), claims: decodeJwt(assertion) };
  } catch {
    return null;
  }
}

/**
 * Authenticates a client by its assertion (SMART "Client Authentication: Asymmetric", RFC 7523 §3): an
 * RS384 or ES384 JWT whose header names a registered key (`kid`; a `jku` is refused, keys are
 * registered with the centre), `iss` = `sub` = a registered, unrevoked client_id (and the form's
 * `client_id`, when given), `aud` = the token endpoint, `exp` within five minutes, and a `jti` never
 * seen before for this client. The `jti` is spent by one insert: of two concurrent uses, one wins.
 */
export async function authenticateClient(
  db: DbOrTx,
  assertion: string,
  formClientId: string | undefined,
  audience: string,
): Promise<AssertionOutcome> {
  const jwt = decoded(assertion);
  if (!jwt) return refuse('malformed', 'client_assertion is not a signed JWT');
  const { header, claims } = jwt;
  if (!ASSERTION_ALGORITHMS.some((alg) => alg === header.alg))
    return refuse('algorithm', 'the assertion must be signed with RS384 or ES384');
  if (header.jku !== undefined)
    return refuse('jku', 'jku is not accepted: the client keys are those registered with the centre');
  if (typeof header.kid !== 'string' || header.kid === '')
    return refuse('kid', 'the assertion header needs the kid of a registered key');
  const issuer = claims.iss;
  if (typeof issuer !== 'string' || issuer !== claims.sub)
    return refuse('issuer', 'iss and sub must both be the client_id');
  if (formClientId !== undefined && formClientId !== issuer)
    return refuse('clientId', "client_id is not the assertion's iss");
  const registered = isClientId(issuer) ? await loadActiveClientKeys(db, issuer) : null;
  if (!registered) return refuse('unknownClient', 'unknown or revoked client');
  const { jwks, ...client } = registered;

  let verified: JWTPayload;
  try {
    ({ payload: verified } = await jwtVerify(assertion, createLocalJWKSet(jwks), {
      algorithms: [...ASSERTION_ALGORITHMS],
      issuer: client.clientId,
      subject: client.clientId,
      audience,
      requiredClaims: ['exp', 'jti'],
      clockTolerance: CLOCK_TOLERANCE_S,
    }));
  } catch (error) {
    return refusalOf(error, audience, client);
  }
  const exp = Number(verified.exp);
  if (exp > Date.now() / 1000 + MAX_ASSERTION_LIFETIME_S + CLOCK_TOLERANCE_S)
    return refuse('expiry', 'exp must be at most 5 minutes ahead', client);
  const { jti } = verified;
  if (typeof jti !== 'string' || jti === '' || jti.length > JTI_MAX || !isPlainText(jti))
    return refuse('jti', `jti must be a unique string of at most ${JTI_MAX} characters`, client);
  const [spent] = await db
    .insert(integrationAssertions)
    .values({ clientId: client.clientId, jti, expiresAt: new Date((exp + CLOCK_TOLERANCE_S) * 1000) })
    .onConflictDoNothing()
    .returning({ jti: integrationAssertions.jti });
  if (!spent) return refuse('replay', 'this assertion was already used (jti): sign a new one', client);
  return { ok: true, client };
}
