import { errorReply } from '../schemas/common';
import {
  factorsReply,
  secondStepMethodsReply,
  smsFactorReply,
  smsFactorRequest,
} from '../schemas/second-factors';
import { type ApiRoute, route } from './route';

const ALL = ['ROLE_ADMIN', 'ROLE_OPERATOR', 'ROLE_PARTICIPANT', 'ROLE_CORRESPONDANT'] as const;

/**
 * Second factors (issue 24, docs/second-factors.md): the second step's methods, the account's factors
 * and the text-message code's switch. Passkeys (`passkeys.ts`) and the authenticator app
 * (`authenticator-app.ts`) have their own declarations.
 */
export const secondFactorApi = {
  methods: route({
    method: 'GET',
    path: '/api/oauth/doubleAuthentification/methodes',
    access: ALL,
    allowUnconfirmed: true,
    replies: { 200: secondStepMethodsReply },
    tag: 'auth',
    summary: "The methods that may pass this session's second step, strongest first",
  }),
  factors: route({
    method: 'GET',
    path: '/api/user/facteurs',
    access: ALL,
    // Before the second step only for a correspondant who must enrol first (the service checks).
    allowUnconfirmed: true,
    replies: { 200: factorsReply, 403: errorReply },
    tag: 'account',
    summary: "The signed-in account's passkeys, authenticator app and text-message code",
  }),
  sms: route({
    method: 'PUT',
    path: '/api/user/facteurs/sms',
    access: ALL,
    body: smsFactorRequest,
    replies: { 200: smsFactorReply, 400: errorReply, 403: errorReply, 409: errorReply },
    tag: 'account',
    summary: 'Turns the text-message code off (a passkey or an app enrolled) or back on, with the password',
  }),
} satisfies Record<string, ApiRoute>;
