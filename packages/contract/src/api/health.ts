import { healthReply, readyReply } from '../schemas/health';
import { type ApiRoute, route } from './route';

/** Liveness and readiness, for the machines that run the portal (docs/operations-and-metrics.md). */
export const healthApi = {
  live: route({
    method: 'GET',
    path: '/api/health',
    access: 'permit',
    replies: { 200: healthReply },
    tag: 'health',
  }),
  ready: route({
    method: 'GET',
    path: '/api/health/ready',
    access: 'permit',
    replies: { 200: readyReply, 503: readyReply },
    tag: 'health',
  }),
} satisfies Record<string, ApiRoute>;
