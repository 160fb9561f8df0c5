import { errorReply } from '../schemas/common';
import { myDataBody, ZIP_MIME } from '../schemas/my-data';
import { type ApiRoute, route } from './route';

/** "My data" (docs/personal-details.md#my-data): everything the portal holds about the caller, in one ZIP. */
export const myDataApi = {
  archive: route({
    method: 'POST',
    path: '/api/user/mesDonnees',
    // Not a medical-record route: a participant who has not accepted the online record still gets their
    // administrative data; the documents and sheets are left out for them (the service decides).
    access: ['ROLE_PARTICIPANT'],
    body: myDataBody,
    replies: { 400: errorReply, 403: errorReply, 429: errorReply },
    file: { status: 200, types: [ZIP_MIME] },
    tag: 'account',
    summary:
      'Builds and streams the archive of everything the portal holds about the caller (AES-256 ZIP with a password)',
  }),
} satisfies Record<string, ApiRoute>;
