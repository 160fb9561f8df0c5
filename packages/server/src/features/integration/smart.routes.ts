import {
  ASSERTION_ALGORITHMS,
  type SmartConfiguration,
  smartConfiguration,
  systemTokenError,
  systemTokenReply,
  systemTokenRequest,
} from '@portail/contract/integration/smart';
import { isPlainText } from '@portail/contract/rules/text';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SCOPES_SUPPORTED } from './smart-scopes';
import {
  refuseToken,
  type SmartDeps,
  systemTokenGrant,
  type TokenOutcome,
  tokenEndpoint,
  tokenRequestsAllowed,
} from './smart-token.service';

/** A token request is a small form: an assertion is a few kilobytes at most. */
const TOKEN_BODY_LIMIT = 16 * 1024;
const PARAMETERS = Object.keys(systemTokenRequest.shape);

/** SMART App Launch 2.x, "Conformance": what a client discovers before asking for a token. */
function configurationOf(deps: SmartDeps): SmartConfiguration {
  return {
    token_endpoint: tokenEndpoint(deps.config),
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
    scopes_supported: SCOPES_SUPPORTED,
    capabilities: ['client-confidential-asymmetric', 'permission-v2', 'permission-v1'],
  };
}

function send(reply: FastifyReply, outcome: TokenOutcome) {
  if (outcome.ok) return reply.send(outcome.reply);
  if (outcome.retryAfterS !== undefined)
    reply.header('retry-after', String(Math.max(1, Math.ceil(outcome.retryAfterS))));
  return reply.code(outcome.status).send(outcome.error);
}

const isForm = (request: FastifyRequest) =>
  /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');

/** The parameters a refused form got wrong, by the schema's names (never a name the client made up). */
function wrongParameters(request: FastifyRequest): string {
  const issues: FastifySchemaValidationError[] = request.validationError?.validation ?? [];
  const paths = issues.map((issue) => issue.instancePath.split('/')[1] ?? '');
  const named = PARAMETERS.filter((name) => paths.includes(name));
  return named.length > 0 ? named.join(', ') : 'the form';
}

/**
 * `/.well-known/smart-configuration` (at the root and under the FHIR base, the same document) and the
 * token endpoint of SMART Backend Services. Neither is under `/api`: the API's guard does not see
 * them, and the token endpoint answers in RFC 6749's shape, even for what Fastify refuses before the
 * handler (a body too large, a content type it cannot read).
 */
export function smartRoutes(deps: SmartDeps) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const configuration = configurationOf(deps);

    // What Fastify refuses before the handler (a body too large, a content type it cannot parse, JSON
    // that does not parse) is a refused token request like the others: answered, audited and counted.
    instance.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status = error.statusCode;
      // 5xx (the database unreachable…) go on to the application's handler, which hides their details.
      if (typeof status !== 'number' || status < 400 || status >= 500) throw error;
      reply.header('cache-control', 'no-store');
      const description =
        status === 413
          ? `the body is larger than ${TOKEN_BODY_LIMIT} bytes`
          : 'the body must be an application/x-www-form-urlencoded form';
      return send(
        reply,
        await refuseToken(deps.db, request.ip, 'invalid_request', { reason: 'body', description }),
      );
    });

    for (const url of ['/.well-known/smart-configuration', '/fhir/R4/.well-known/smart-configuration']) {
      app.get(
        url,
        { schema: { tags: ['integration'], response: { 200: smartConfiguration } } },
        async () => configuration,
      );
    }

    app.post(
      '/fhir/R4/auth/token',
      {
        bodyLimit: TOKEN_BODY_LIMIT,
        attachValidation: true,
        schema: {
          tags: ['integration'],
          summary: 'SMART Backend Services: client-credentials grant with a signed JWT assertion',
          consumes: ['application/x-www-form-urlencoded'],
          body: systemTokenRequest,
          response: {
            200: systemTokenReply,
            400: systemTokenError,
            401: systemTokenError,
            429: systemTokenError,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        const { db } = deps;
        const gate = await tokenRequestsAllowed(db, request.ip);
        if (!gate.allowed) return send(reply, gate.outcome);
        if (!isForm(request)) {
          return send(
            reply,
            await refuseToken(db, request.ip, 'invalid_request', {
              reason: 'contentType',
              description: 'the body must be an application/x-www-form-urlencoded form',
            }),
          );
        }
        if (request.validationError) {
          const raw = request.body as Record<string, unknown> | undefined;
          const grant = raw?.grant_type;
          const otherGrant =
            typeof grant === 'string' && grant !== 'client_credentials' && isPlainText(grant);
          return send(
            reply,
            await refuseToken(
              db,
              request.ip,
              otherGrant ? 'unsupported_grant_type' : 'invalid_request',
              otherGrant
                ? { reason: 'grantType', description: 'grant_type must be client_credentials' }
                : {
                    reason: 'request',
                    description: `missing, repeated or malformed: ${wrongParameters(request)}`,
                  },
            ),
          );
        }
        return send(reply, await systemTokenGrant(deps, request.body, request.ip));
      },
    );
  };
}
