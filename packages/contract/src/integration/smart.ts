import { z } from 'zod';

/**
 * SMART Backend Services (SMART App Launch 2.x, "Client Authentication: Asymmetric"): how a system
 * client of the centre gets an access token for the integration API at `/fhir/R4`. Not a call of the
 * web app: its clients are the centre's own systems.
 */

/** The one client authentication the token endpoint takes (RFC 7523, `private_key_jwt`). */
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Signatures the token endpoint verifies: the two SMART names; HMAC and `none` never. */
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'] as const;
export type AssertionAlgorithm = (typeof ASSERTION_ALGORITHMS)[number];

/**
 * POST /fhir/R4/auth/token, form-encoded. Each parameter once (a repeated one arrives as a list and
 * fails); the values of `grant_type` and `client_assertion_type` are checked by the handler, so that
 * each mistake gets its own RFC 6749 error code.
 */
export const systemTokenRequest = z.object({
  grant_type: z.string().min(1).max(100),
  scope: z.string().min(1).max(2000),
  client_assertion_type: z.string().min(1).max(200),
  client_assertion: z.string().min(1).max(8000),
  /** Optional (RFC 7521 §4.2): when sent, it must be the assertion's issuer. */
  client_id: z.string().min(1).max(100).optional(),
});
export type SystemTokenRequest = z.infer<typeof systemTokenRequest>;

export const systemTokenReply = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds: SYSTEM_TOKEN_TTL_S. */
  expires_in: z.number().int(),
  /** The scopes granted, space-separated: those requested (each within the client's registration). */
  scope: z.string(),
});
export type SystemTokenReply = z.infer<typeof systemTokenReply>;

/** RFC 6749 §5.2, and 429 `temporarily_unavailable` while an address is throttled. */
export const systemTokenError = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_scope',
    'unsupported_grant_type',
    'temporarily_unavailable',
  ]),
  error_description: z.string(),
});
export type SystemTokenError = z.infer<typeof systemTokenError>;

/** GET /.well-known/smart-configuration and GET /fhir/R4/.well-known/smart-configuration. */
export const smartConfiguration = z.object({
  token_endpoint: z.string(),
  grant_types_supported: z.array(z.literal('client_credentials')),
  token_endpoint_auth_methods_supported: z.array(z.literal('private_key_jwt')),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.enum(ASSERTION_ALGORITHMS)),
  scopes_supported: z.array(z.string()),
  capabilities: z.array(z.string()),
});
export type SmartConfiguration = z.infer<typeof smartConfiguration>;
