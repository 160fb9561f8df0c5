import { SYSTEM_TOKEN_TTL_S } from '@portail/contract/constants';
import {
  CLIENT_ASSERTION_TYPE,
  type SystemTokenError,
  type SystemTokenReply,
  type SystemTokenRequest,
} from '@portail/contract/integration/smart';
import { hit, peek, type ThrottleRule } from '../../auth/throttle';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { type AssertionRefusal, authenticateClient } from './client-assertion';
import { parseScopes, scopeWithin } from './smart-scopes';
import type { ActiveClient } from './system-clients';
import { signSystemToken } from './system-token';

export interface SmartDeps {
  db: Db;
  config: Config;
}

/** The URL of the token endpoint: where clients post, and the `aud` their assertions must carry. */
export const tokenEndpoint = (config: Config): string => `${config.publicUrl}/fhir/R4/auth/token`;

/**
 * Refused token requests per client address: a client's honest mistakes stay far below, while a
 * flood of forged assertions (each a signature check and an audit row) waits its window out.
 */
export const TOKEN_FAILURE_RULE: ThrottleRule = { limit: 30, windowS: 15 * 60 };
const failureKey = (ip: string) => `fhir-token:ip:${ip}`;

export type TokenOutcome =
  | { ok: true; reply: SystemTokenReply }
  | { ok: false; status: 400 | 401 | 429; error: SystemTokenError; retryAfterS?: number };

/** What a refusal answers: 401 for client authentication (RFC 6749 §5.2), 400 for the rest. */
const STATUS: Record<SystemTokenError['error'], 400 | 401 | 429> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_scope: 400,
  unsupported_grant_type: 400,
  temporarily_unavailable: 429,
};

/** Whether the address may try again now (its failures did not fill the window). */
export async function tokenRequestsAllowed(
  db: Db,
  ip: string,
): Promise<{ allowed: true } | { allowed: false; outcome: TokenOutcome }> {
  const outcome = await peek(db, failureKey(ip), TOKEN_FAILURE_RULE);
  if (outcome.allowed) return { allowed: true };
  return {
    allowed: false,
    outcome: {
      ok: false,
      status: 429,
      retryAfterS: outcome.retryAfterS,
      error: {
        error: 'temporarily_unavailable',
        error_description: 'too many refused token requests from this address: retry later',
      },
    },
  };
}

/**
 * Records a refusal (a hit of the address's failure counter and an audit row naming the client when it
 * is known, never the assertion) and answers it.
 */
export async function refuseToken(
  db: Db,
  ip: string,
  error: SystemTokenError['error'],
  refusal: AssertionRefusal,
): Promise<TokenOutcome> {
  await hit(db, failureKey(ip), TOKEN_FAILURE_RULE);
  const { client } = refusal;
  await audit(db, {
    actorUserId: null,
    action: 'SYSTEM_TOKEN_REFUSED',
    ...(client ? { targetType: 'integration_client', targetId: client.clientId } : {}),
    details: {
      error,
      reason: refusal.reason,
      ...(client ? { clientId: client.clientId, name: client.name } : {}),
    },
    ip,
  });
  return { ok: false, status: STATUS[error], error: { error, error_description: refusal.description } };
}

/** The scopes asked for, when each is well formed and within the client's registration. */
function grantedScopes(
  requested: string,
  client: ActiveClient,
): { ok: true; scopes: string[] } | { ok: false; refusal: AssertionRefusal } {
  const asked = parseScopes(requested);
  if (!asked.ok)
    return {
      ok: false,
      refusal: {
        reason: 'scope',
        description:
          asked.invalid.length > 0 ? `malformed scope: ${asked.invalid.join(' ')}` : 'scope names no scope',
        client,
      },
    };
  const registered = parseScopes(client.scopes.join(' '));
  const beyond = asked.scopes.filter((scope) => !(registered.ok && scopeWithin(scope, registered.scopes)));
  if (beyond.length > 0)
    return {
      ok: false,
      refusal: {
        reason: 'scopeNotRegistered',
        description: `not registered for this client: ${beyond.map((scope) => scope.text).join(' ')}`,
        client,
      },
    };
  return { ok: true, scopes: asked.scopes.map((scope) => scope.text) };
}

/**
 * The client-credentials grant of SMART Backend Services: the client authenticated by its signed
 * assertion, then an access token of SYSTEM_TOKEN_TTL_S seconds for the scopes it asked for, each
 * within its registration (the token carries exactly those: the narrowest that serves the call).
 */
export async function systemTokenGrant(
  deps: SmartDeps,
  body: SystemTokenRequest,
  ip: string,
): Promise<TokenOutcome> {
  const { db, config } = deps;
  if (body.grant_type !== 'client_credentials')
    return refuseToken(db, ip, 'unsupported_grant_type', {
      reason: 'grantType',
      description: 'grant_type must be client_credentials',
    });
  if (body.client_assertion_type !== CLIENT_ASSERTION_TYPE)
    return refuseToken(db, ip, 'invalid_client', {
      reason: 'assertionType',
      description: `client_assertion_type must be ${CLIENT_ASSERTION_TYPE} (private_key_jwt)`,
    });
  const authenticated = await authenticateClient(
    db,
    body.client_assertion,
    body.client_id,
    tokenEndpoint(config),
  );
  if (!authenticated.ok) return refuseToken(db, ip, 'invalid_client', authenticated);
  const { client } = authenticated;
  const granted = grantedScopes(body.scope, client);
  if (!granted.ok) return refuseToken(db, ip, 'invalid_scope', granted.refusal);
  const accessToken = signSystemToken(
    { clientId: client.clientId, scopes: granted.scopes },
    config.jwtSecret,
    SYSTEM_TOKEN_TTL_S,
  );
  await audit(db, {
    actorUserId: null,
    action: 'SYSTEM_TOKEN_ISSUED',
    targetType: 'integration_client',
    targetId: client.clientId,
    details: { clientId: client.clientId, name: client.name, scopes: granted.scopes },
    ip,
  });
  return {
    ok: true,
    reply: {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: SYSTEM_TOKEN_TTL_S,
      scope: granted.scopes.join(' '),
    },
  };
}
