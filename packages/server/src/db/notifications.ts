import pg from 'pg';

export interface ChannelHandlers {
  /** A notification's payload. */
  message(payload: string): void;
  /** The connection was lost or could not listen: notifications may have been missed. */
  lost(): void;
}

/**
 * LISTEN on a PostgreSQL channel from a dedicated connection (a pooled one would be handed to other
 * queries). A lost connection is reported, so the listener can drop what it may have missed, and is
 * re-established every second until it works again; once it listens again it reports `lost` once more,
 * for what was read while it was not yet listening. Returns the function that stops listening.
 */
export function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  log: { warn: (msg: string) => void },
): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reconnect = () => {
    clearTimeout(retry);
    if (!stopped) retry = setTimeout(() => void connect(), 1000);
  };
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      handlers.lost();
      reconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      client = next;
      // What was read before this LISTEN (after the last lost connection or failed attempt, when the
      // database already answered queries but not yet this channel) may have missed a notification.
      handlers.lost();
    } catch {
      log.warn(`${channel} notifications: cannot listen yet, retrying`);
      handlers.lost();
      await next.end().catch(() => undefined);
      reconnect();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
