import { centreInfo } from '../schemas/assistance';
import { type ApiRoute, route } from './route';

/** The assistance page and the centre's identity (docs/assistance.md). */
export const assistanceApi = {
  /**
   * The centre's identity from the configuration, open to anyone because the public assistance, legal
   * notice and accessibility pages show it.
   */
  centre: route({
    method: 'GET',
    path: '/api/centre',
    access: 'permit',
    replies: { 200: centreInfo },
    tag: 'assistance',
    summary: "The centre's identity: name, address, position, departments' e-mails, legal notice",
  }),
} satisfies Record<string, ApiRoute>;
