import { timingSafeEqual } from 'node:crypto';
import { authApi } from '@portail/contract/api/auth';
import { WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@portail/contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../auth/caller';
import { browserSummary } from '../../lib/browser';
import { serve } from '../../lib/serve';
import { type AuthDeps, logout, refreshGrant } from './auth.service';
import { changePassword } from './password.service';
import { passwordGrant } from './password-grant.service';
import { toSessionUser } from './principal.service';
import { confirmSignInCode, resendSignInCode } from './sign-in-code.service';

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Client basic authentication of the token endpoint (docs/sign-in-and-sessions.md#password-grant). */
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

/** Sign-in, the session and the password (docs/sign-in-and-sessions.md). */
export function authRoutes(deps: AuthDeps) {
  return async (app: FastifyInstance) => {
    serve(
      app,
      authApi.token,
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
      { attachValidation: true },
    );
    serve(app, authApi.principal, async (request) => toSessionUser(requireCaller(request)));
    serve(app, authApi.logout, async (request, reply) => {
      await logout(deps, requireCaller(request), request.ip);
      return reply.code(204).send(null);
    });
    serve(app, authApi.keepAlive, async (_request, reply) => reply.code(204).send(null));
    serve(app, authApi.confirmCode, async (request) => {
      const result = await confirmSignInCode(deps, requireCaller(request), request.body.code, request.ip);
      return { ok: result.ok, ciemException: { messages: result.messages } };
    });
    serve(app, authApi.resendCode, async (request) => {
      const { tel } = await resendSignInCode(deps, requireCaller(request));
      return { ok: true, tel, ciemException: { messages: [] } };
    });
    serve(app, authApi.changePassword, async (request) => {
      await changePassword(deps, requireCaller(request), request.body, request.ip, request.log);
      return {
        ciemException: { messages: [{ level: 'INFO' as const, errorCode: 'password.confirmationChange' }] },
      };
    });
  };
}
