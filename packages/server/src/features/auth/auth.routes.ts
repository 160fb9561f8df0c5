import { timingSafeEqual } from 'node:crypto';
import { WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@portail/contract/constants';
import {
  changePasswordRequest,
  confirmCodeReply,
  confirmCodeRequest,
  oauthError,
  principalReply,
  principalRequest,
  resendCodeReply,
  tokenReply,
  tokenRequest,
} from '@portail/contract/schemas/auth';
import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../auth/caller';
import { browserSummary } from '../../lib/browser';
import { type AuthDeps, logout, refreshGrant } from './auth.service';
import { changePassword } from './password.service';
import { passwordGrant } from './password-grant.service';
import { toSessionUser } from './principal.service';
import { confirmSignInCode, resendSignInCode } from './sign-in-code.service';

const ALL = ['ROLE_ADMIN', 'ROLE_OPERATOR', 'ROLE_PARTICIPANT', 'ROLE_CORRESPONDANT'] as const;
/** Who confirms a sign-in code: participants and the centre's staff (ROLE_OPERATOR and the roles above it). */
const CODE_HOLDERS = ['ROLE_PARTICIPANT', 'ROLE_OPERATOR'] as const;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Client basic authentication of the token endpoint (000 §7). */
function clientAuthenticated(request: FastifyRequest): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const cut = decoded.indexOf(':');
  return (
    cut > 0 &&
    sameText(decoded.slice(0, cut), WEB_CLIENT_ID) &&
    sameText(decoded.slice(cut + 1), WEB_CLIENT_SECRET)
  );
}

export function authRoutes(deps: AuthDeps) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/oauth/token',
      {
        config: { access: 'permit' },
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'Password or refresh-token grant (form body, client basic authentication)',
          consumes: ['application/x-www-form-urlencoded'],
          body: tokenRequest,
          response: { 200: tokenReply, 400: oauthError, 401: oauthError, 429: oauthError, 503: oauthError },
        },
      },
      async (request, reply) => {
        if (!clientAuthenticated(request)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Basic realm="portail"')
            .send({ error: 'invalid_client' });
        }
        if (request.validationError) {
          const grant = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
          const known = grant === 'password' || grant === 'refresh_token';
          return reply.code(400).send({ error: known ? 'invalid_request' : 'unsupported_grant_type' });
        }
        const body = request.body;
        const result =
          body.grant_type === 'password'
            ? await passwordGrant(
                deps,
                body.username,
                body.password,
                request.ip,
                browserSummary(request.headers['user-agent']),
              )
            : await refreshGrant(deps, body.refresh_token, request.ip);
        if (!result.ok) {
          if (result.retryAfterS !== undefined)
            reply.header('retry-after', String(Math.max(1, Math.ceil(result.retryAfterS))));
          return reply.code(result.status ?? 400).send(result.error);
        }
        return reply.send(result.reply);
      },
    );

    app.post(
      '/api/oauth/principal',
      {
        config: { access: ALL, allowUnconfirmed: true },
        schema: {
          tags: ['auth'],
          body: principalRequest.optional(),
          response: { 200: principalReply, 401: errorReply },
        },
      },
      async (request) => toSessionUser(requireCaller(request)),
    );

    app.post(
      '/api/oauth/logout',
      {
        config: { access: ALL, allowUnconfirmed: true },
        schema: { tags: ['auth'], response: { 204: z.null() } },
      },
      async (request, reply) => {
        await logout(deps, requireCaller(request), request.ip);
        return reply.code(204).send(null);
      },
    );

    // Keeps an active reader's session (issue 18): the browser calls it while the person reads or
    // types without any other server call. The guard has already refused an idle or ended session
    // and recorded this call as activity; there is nothing else to do.
    app.post(
      '/api/oauth/keepalive',
      {
        config: { access: ALL },
        schema: { tags: ['auth'], response: { 204: z.null(), 401: errorReply } },
      },
      async (_request, reply) => reply.code(204).send(null),
    );

    app.post(
      '/api/oauth/doubleAuthentification/confirmer-code',
      {
        config: { access: CODE_HOLDERS, allowUnconfirmed: true },
        schema: {
          tags: ['auth'],
          body: confirmCodeRequest,
          response: { 200: confirmCodeReply, 400: errorReply, 429: errorReply },
        },
      },
      async (request) => {
        const result = await confirmSignInCode(deps, requireCaller(request), request.body.code, request.ip);
        return { ok: result.ok, ciemException: { messages: result.messages } };
      },
    );

    app.post(
      '/api/oauth/doubleAuthentification/renvoyer-code',
      {
        config: { access: CODE_HOLDERS, allowUnconfirmed: true },
        schema: { tags: ['auth'], response: { 200: resendCodeReply, 429: errorReply } },
      },
      async (request) => {
        const { tel } = await resendSignInCode(deps, requireCaller(request));
        return { ok: true, tel, ciemException: { messages: [] } };
      },
    );

    app.post(
      '/api/oauth/changePassword',
      {
        config: { access: ALL },
        schema: {
          tags: ['auth'],
          body: changePasswordRequest,
          response: { 200: messagesReply, 400: errorReply, 403: errorReply },
        },
      },
      async (request) => {
        await changePassword(deps, requireCaller(request), request.body, request.ip, request.log);
        return {
          ciemException: { messages: [{ level: 'INFO' as const, errorCode: 'password.confirmationChange' }] },
        };
      },
    );
  };
}
