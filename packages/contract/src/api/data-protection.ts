import { documentsCiemReply } from '../schemas/legal';
import { type ApiRoute, route } from './route';

/** Everyone signed in: the data-protection entry shows in every menu, the centre's staff's included. */
const READERS = ['ROLE_OPERATOR', 'ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;

/** The data-protection documents page (docs/data-protection-and-legal.md). */
export const dataProtectionApi = {
  dataProtection: route({
    method: 'GET',
    path: '/api/get-documents-ciem',
    access: READERS,
    replies: { 200: documentsCiemReply },
    tag: 'legal',
    summary: 'The data-protection documents, as folders of PDFs (base64)',
  }),
} satisfies Record<string, ApiRoute>;
