import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import {
  forgotLoginBody,
  newPasswordBody,
  questionByMailQuery,
  questionByPhoneBody,
  recoveryQuestionReply,
  resetPasswordBody,
  tokenQuery,
  tokenValidReply,
} from '@portail/contract/schemas/recovery';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerByMail, answerByPhone } from './answer.service';
import { type NewPasswordDeps, passwordLinkIsValid, saveNewPassword } from './new-password.service';
import { questionByMail, questionByPhone } from './question.service';

const OPEN = { access: 'permit' } as const;
const TAGS = ['recovery'];
const refusals = { 400: errorReply, 429: errorReply };

/**
 * A body that is not JSON is invalid input like any other: it reaches the schema as text and gets 400
 * with fieldErrors, where Fastify would answer a bare 400 or 415.
 */
function acceptAnyBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', '*'], { parseAs: 'string' }, (_request, text, done) => {
    const raw = String(text);
    if (raw.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(null, raw);
    }
  });
}

/**
 * Account recovery (001 §2 Forgot password, Forgot identifier, Reset-password link screen; §7). Every
 * route is open and none tells whether an account exists.
 */
export function recoveryRoutes(deps: NewPasswordDeps) {
  return async (instance: FastifyInstance) => {
    acceptAnyBody(instance);
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/resetPassword/user/mail',
      {
        config: OPEN,
        schema: {
          tags: TAGS,
          summary: 'The secret question of the account an e-mail names (a plausible one for any other)',
          querystring: questionByMailQuery,
          response: { 200: recoveryQuestionReply, ...refusals },
        },
      },
      async (request) => questionByMail(deps, request.query, request.ip),
    );

    app.post(
      '/api/resetPassword',
      {
        config: OPEN,
        schema: {
          tags: TAGS,
          summary: 'Answers the secret question; a right answer mails a reset link',
          body: resetPasswordBody,
          response: { 200: messagesReply, ...refusals, 409: errorReply },
        },
      },
      async (request) => ({
        ciemException: { messages: await answerByMail(deps, request.body, request.ip) },
      }),
    );

    app.post(
      '/api/resetPassword/user/phone',
      {
        config: OPEN,
        schema: {
          tags: TAGS,
          summary: 'The secret question of the participant a mobile and birth date name',
          body: questionByPhoneBody,
          response: { 200: recoveryQuestionReply, ...refusals },
        },
      },
      async (request) => questionByPhone(deps, request.body, request.ip),
    );

    app.post(
      '/api/forgotLogin',
      {
        config: OPEN,
        schema: {
          tags: TAGS,
          summary: 'Answers the secret question; a right answer sends the identifier by SMS',
          body: forgotLoginBody,
          response: { 200: messagesReply, ...refusals, 409: errorReply },
        },
      },
      async (request) => ({
        ciemException: { messages: await answerByPhone(deps, request.body, request.ip) },
      }),
    );

    app.post(
      '/api/resetPassword/token',
      {
        config: OPEN,
        schema: {
          tags: TAGS,
          summary: 'Whether a reset or change-password link may still be used',
          querystring: tokenQuery,
          response: { 200: tokenValidReply, ...refusals },
        },
      },
      async (request) => passwordLinkIsValid(deps.db, request.query.token, request.ip),
    );

    for (const [url, mode] of [
      ['/api/savePassword', 'change'],
      ['/api/reinitpassword', 'reinit'],
    ] as const) {
      app.post(
        url,
        {
          config: OPEN,
          schema: {
            tags: TAGS,
            summary:
              mode === 'change'
                ? 'Sets a new password from a change-password link'
                : 'Sets a new password from a reset link',
            body: newPasswordBody,
            response: { 200: messagesReply, 400: errorReply, 409: errorReply },
          },
        },
        async (request) => ({
          ciemException: {
            messages: await saveNewPassword(deps, mode, request.body, { ip: request.ip, log: request.log }),
          },
        }),
      );
    }
  };
}
