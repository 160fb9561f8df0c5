import { z } from 'zod';
import { errorReply } from '../schemas/common';
import {
  demoIntegrationClient,
  demoIntegrationClientReply,
  demoProviders,
  demoProvidersUpdate,
  outboxQuery,
  outboxReply,
} from '../schemas/dev';
import { type ApiRoute, route } from './route';

/** Demo mode only (ARCHITECTURE.md, Notifications): what the portal would have sent, open to anyone. */
export const devApi = {
  outbox: route({
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'permit',
    demoOnly: true,
    query: outboxQuery,
    replies: { 200: outboxReply },
    tag: 'dev',
  }),
  /** The attachment's bytes under its own content type (the ZIP of sent documents…); 404 when none. */
  attachment: route({
    method: 'GET',
    path: '/api/dev/outbox/:id/attachments/:attachmentId',
    access: 'permit',
    demoOnly: true,
    ids: { id: 'outbox', attachmentId: 'outbox' },
    params: z.object({
      id: z.coerce.number().int().positive(),
      attachmentId: z.coerce.number().int().positive(),
    }),
    replies: {},
    file: { status: 200, types: ['application/zip'] },
    tag: 'dev',
  }),
  integrationClient: route({
    method: 'POST',
    path: '/api/dev/integration-client',
    access: 'permit',
    demoOnly: true,
    body: demoIntegrationClient,
    replies: { 200: demoIntegrationClientReply, 400: errorReply },
    tag: 'dev',
  }),
  providers: route({
    method: 'GET',
    path: '/api/dev/providers',
    access: 'permit',
    demoOnly: true,
    replies: { 200: demoProviders },
    tag: 'dev',
  }),
  switchProviders: route({
    method: 'PUT',
    path: '/api/dev/providers',
    access: 'permit',
    demoOnly: true,
    body: demoProvidersUpdate,
    replies: { 200: demoProviders },
    tag: 'dev',
  }),
} satisfies Record<string, ApiRoute>;
