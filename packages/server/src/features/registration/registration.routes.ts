import { secretQuestionsReply } from '@portail/contract/schemas/account';
import { errorReply } from '@portail/contract/schemas/common';
import {
  connectionDataBody,
  identityBody,
  identityResult,
  otpCheckBody,
  otpSentReply,
  REGISTRATION_PROOF_HEADER,
  registrationForm,
  registrationProofHeaders,
  registrationResult,
  registrationState as registrationStateReply,
  registrationTokenQuery,
  resendReply,
} from '@portail/contract/schemas/registration';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activeQuestions } from '../../auth/secret-questions';
import { checkRegistrationCode, sendRegistrationCode } from './registration-code.service';
import { checkConnectionData, confirmRegistration } from './registration-confirm.service';
import { type RegistrationDeps, registrationRequest } from './registration-deps';
import { checkIdentity } from './registration-identity.service';
import { registrationState, resendLink } from './registration-state.service';

const TAGS = ['registration'];

/**
 * The proof of identity the call carries (`x-registration-proof`): the secret registration/identite
 * gave the participant's browser. Absent or malformed, the call proves nothing.
 */
function proofOf(request: FastifyRequest): string | undefined {
  const value = request.headers[REGISTRATION_PROOF_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Registration by link (001 §2, §7): open calls, each naming its link by `?token=`; a participant's
 * calls after the identity check also carry the proof it gave their browser (`x-registration-proof`).
 */
export function registrationRoutes(deps: RegistrationDeps) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = deps;

    app.post(
      '/api/registration/token',
      {
        config: { access: 'permit' },
        schema: {
          tags: TAGS,
          summary: "The link's state (not found, found but expired, valid) and what the steps show",
          querystring: registrationTokenQuery,
          headers: registrationProofHeaders,
          response: { 200: registrationStateReply, 400: errorReply },
        },
      },
      async (request) => registrationState(db, request.query.token, proofOf(request)),
    );

    app.post(
      '/api/registration/identite',
      {
        config: { access: 'permit' },
        schema: {
          tags: TAGS,
          summary:
            "A participant's birth date and the activation code the centre gave them (tries limited per account and address)",
          querystring: registrationTokenQuery,
          body: identityBody,
          response: { 200: identityResult, 400: errorReply, 429: errorReply },
        },
      },
      async (request) => checkIdentity(deps, registrationRequest(request), request.query.token, request.body),
    );

    app.post(
      '/api/registration/otp',
      {
        config: { access: 'permit' },
        schema: {
          tags: TAGS,
          summary: 'Sends a code by text message to the mobile on file; answers it masked, or empty',
          querystring: registrationTokenQuery,
          headers: registrationProofHeaders,
          response: { 200: otpSentReply, 400: errorReply, 429: errorReply },
        },
      },
      async (request) =>
        sendRegistrationCode(deps, registrationRequest(request), request.query.token, proofOf(request)),
    );

    app.put(
      '/api/registration/otp',
      {
        config: { access: 'permit' },
        schema: {
          tags: TAGS,
          summary: 'Checks the code (three tries)',
          querystring: registrationTokenQuery,
          headers: registrationProofHeaders,
          body: otpCheckBody,
          response: { 200: registrationResult, 400: errorReply },
        },
      },
      async (request) =>
        checkRegistrationCode(
          deps,
          registrationRequest(request),
          request.query.token,
          proofOf(request),
          request.body.code,
        ),
    );

    app.get(
      '/api/registration/listeQuestion',
      {
        config: { access: 'permit' },
        schema: {
          tags: TAGS,
          summary: 'The secret questions offered',
          querystring: registrationTokenQuery.partial(),
          response: { 200: secretQuestionsReply, 400: errorReply },
        },
      },
      async () => activeQuestions(db),
    );

    app.post(
      '/api/registration/validerDonnesConnexion',
      {
        config: { access: 'permit' },
        schema: {
          tags: TAGS,
          summary: "Checks the participant's personal mobile and e-mail (writes nothing)",
          querystring: registrationTokenQuery,
          headers: registrationProofHeaders,
          body: connectionDataBody,
          response: { 200: registrationResult, 400: errorReply },
        },
      },
      async (request) => checkConnectionData(deps, request.query.token, proofOf(request), request.body),
    );

    app.post(
      '/api/registration/confirmation',
      {
        config: { access: 'permit' },
        schema: {
          tags: TAGS,
          summary: 'Sets the password and secret question, records the consent and activates the account',
          querystring: registrationTokenQuery,
          headers: registrationProofHeaders,
          body: registrationForm,
          response: { 200: registrationResult, 400: errorReply },
        },
      },
      async (request) =>
        confirmRegistration(
          deps,
          registrationRequest(request),
          request.query.token,
          proofOf(request),
          request.body,
        ),
    );

    app.post(
      '/api/registration/resend',
      {
        config: { access: 'permit' },
        schema: {
          tags: TAGS,
          summary: 'Mails a new link in place of an expired one',
          querystring: registrationTokenQuery,
          response: { 200: resendReply, 400: errorReply, 429: errorReply },
        },
      },
      async (request) => resendLink(deps, registrationRequest(request), request.query.token),
    );
  };
}
