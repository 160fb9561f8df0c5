import { mobileCheckParams, mobileCheckReply, postalCodeQuery, postalCodeReply } from '../schemas/addresses';
import { errorReply } from '../schemas/common';
import { type ApiRoute, route } from './route';

const READERS = ['ROLE_ADMIN', 'ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;

/** What the address and contact forms check while the user types (docs/interface-conventions.md#postal-code-lookup). */
export const addressApi = {
  localities: route({
    method: 'GET',
    path: '/api/adresse/code-postal',
    access: READERS,
    query: postalCodeQuery,
    replies: { 200: postalCodeReply, 400: errorReply },
    tag: 'addresses',
  }),
  mobileCheck: route({
    method: 'GET',
    path: '/api/user/verifIfPortableCorrecte/:portable',
    access: READERS,
    ids: { portable: 'value' },
    params: mobileCheckParams,
    replies: { 200: mobileCheckReply, 400: errorReply },
    tag: 'addresses',
    summary: 'Whether the number is a valid mobile (national French forms, +33, 0033, international)',
  }),
} satisfies Record<string, ApiRoute>;
