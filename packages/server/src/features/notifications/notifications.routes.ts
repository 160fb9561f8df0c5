import { notificationApi } from '@portail/contract/api/notifications';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../auth/caller';
import { serve } from '../../lib/serve';
import { preferencesFor, savePreferences } from './notification-preferences.service';
import { type NotificationDeps, runNotifications } from './notification-worker';

/**
 * The notifications feature (docs/notifications-and-delivery.md#notifications): the preferences calls,
 * and this instance's worker unless NOTIFICATION_WORKER=false. Every NOTIFICATION_POLL_S seconds it runs
 * one round; an advisory lock lets one instance at a time run it. Stopped (its round finished) on close.
 */
export function notificationRoutes(
  deps: NotificationDeps & { config: { notificationWorker: boolean; notificationPollS: number } },
) {
  return async (app: FastifyInstance) => {
    serve(app, notificationApi.preferences, async (request) =>
      preferencesFor(deps.db, requireCaller(request)),
    );
    serve(app, notificationApi.savePreferences, async (request) =>
      savePreferences(deps.db, requireCaller(request), request.body, request.ip),
    );
    if (!deps.config.notificationWorker) return;
    let running: Promise<unknown> | null = null;
    let stopped = false;
    const round = () => {
      if (running || stopped) return;
      running = runNotifications(deps)
        .catch((error: unknown) => app.log.warn({ err: error }, 'notification round failed; tried again'))
        .finally(() => {
          running = null;
        });
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(round, deps.config.notificationPollS * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    });
  };
}
