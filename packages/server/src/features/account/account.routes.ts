import {
  addressQuery,
  contactForm,
  correspondantAddress,
  saveAddressBody,
  secretAnswerBody,
  secretQuestionsReply,
  userAccount,
} from '@portail/contract/schemas/account';
import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import {
  contactCancelBody,
  contactChangeReply,
  contactChannelBody,
  contactCodeBody,
} from '@portail/contract/schemas/contact-change';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import { activeQuestions } from '../../auth/secret-questions';
import { type AccountDeps, accountRequest } from './account-deps';
import { addressFor, saveAddress } from './address.service';
import { accountFor, saveContact } from './contact.service';
import { cancelContactChange, confirmContactChange, resendContactCode } from './contact-confirmation.service';
import { saveSecretQuestion } from './secret-question.service';

const ACCOUNT_HOLDERS = ['ROLE_ADMIN', 'ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;
const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;

/** The personal details page (001 §2, §7): account and contact, establishment address, secret question. */
export function accountRoutes(deps: AccountDeps) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = deps;

    app.get(
      '/api/user',
      {
        config: { access: ACCOUNT_HOLDERS },
        schema: { tags: ['account'], response: { 200: userAccount, 404: errorReply } },
      },
      async (request) => accountFor(db, requireCaller(request)),
    );

    app.post(
      '/api/user',
      {
        config: { access: ACCOUNT_HOLDERS },
        schema: {
          tags: ['account'],
          summary:
            'Asks, behind the current password, for a new contact e-mail or mobile: a code goes to each new value',
          body: contactForm,
          response: { 200: contactChangeReply, 400: errorReply, 403: errorReply, 404: errorReply },
        },
      },
      async (request) => saveContact(deps, accountRequest(request), request.body),
    );
    app.post(
      '/api/user/contact/confirmation',
      {
        config: { access: ACCOUNT_HOLDERS },
        schema: {
          tags: ['account'],
          summary: 'Confirms a new e-mail or mobile with the code sent to it; the other sessions end',
          body: contactCodeBody,
          response: { 200: contactChangeReply, 400: errorReply, 404: errorReply, 409: errorReply },
        },
      },
      async (request) => confirmContactChange(deps, accountRequest(request), request.body),
    );
    app.post(
      '/api/user/contact/resend',
      {
        config: { access: ACCOUNT_HOLDERS },
        schema: {
          tags: ['account'],
          summary: 'Sends the code of a waiting e-mail or mobile again (once a minute at most)',
          body: contactChannelBody,
          response: { 200: contactChangeReply, 400: errorReply, 409: errorReply, 429: errorReply },
        },
      },
      async (request) => resendContactCode(deps, accountRequest(request), request.body.canal),
    );
    app.post(
      '/api/user/contact/cancel',
      {
        config: { access: ACCOUNT_HOLDERS },
        schema: {
          tags: ['account'],
          summary: 'Drops the waiting e-mail or mobile (canal TOUS: both); the stored contact stays',
          body: contactCancelBody,
          response: { 200: contactChangeReply, 400: errorReply },
        },
      },
      async (request) => {
        const { canal } = request.body;
        return cancelContactChange(deps, accountRequest(request), canal === 'TOUS' ? null : canal);
      },
    );

    app.get(
      '/api/adresse',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['account'],
          summary: "The address record of the caller's establishment, or of one of their scope",
          querystring: addressQuery,
          response: { 200: correspondantAddress, 400: errorReply, 404: errorReply },
        },
      },
      async (request) => addressFor(db, requireCaller(request), request.query.idEtablissement),
    );

    app.post(
      '/api/adresse',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['account'],
          body: saveAddressBody,
          response: {
            200: messagesReply,
            400: errorReply,
            403: errorReply,
            404: errorReply,
            409: errorReply,
          },
        },
      },
      async (request) => ({
        ciemException: { messages: await saveAddress(deps, accountRequest(request), request.body) },
      }),
    );

    app.get(
      '/api/listeQuestion',
      {
        config: { access: ACCOUNT_HOLDERS },
        schema: { tags: ['account'], response: { 200: secretQuestionsReply } },
      },
      async () => activeQuestions(db),
    );

    app.post(
      '/api/user/question',
      {
        config: { access: ACCOUNT_HOLDERS },
        schema: {
          tags: ['account'],
          body: secretAnswerBody,
          response: { 200: messagesReply, 400: errorReply, 403: errorReply, 404: errorReply },
        },
      },
      async (request) => ({
        ciemException: { messages: await saveSecretQuestion(deps, accountRequest(request), request.body) },
      }),
    );
  };
}
