import { appendFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { startServer } from '../src/server';
import { openDemoDatabase, productionTestConfig, RecordingNotifier, type TestContext } from '../test/helper';

/**
 * The security suite's server: the production start (`main.ts` runs src/server.ts's startServer with a
 * configuration outside demo mode: no outbox, no API documentation unless API_DOCS says so), listening
 * on a TCP port of its own, with the production log level and format, on a copy of the demo's people
 * (unmarked, so the production start claims it). Its log lines are kept so tests can search them; text
 * messages and mails are recorded (the one substitution) so tests can read the codes.
 */
export interface Portal extends TestContext {
  base: string;
  /** Every log line written so far. */
  logs: string[];
  /** An HTTP request to the portal: `inject`'s shape, over a real socket. */
  http(request: HttpRequest): Promise<HttpReply>;
}

export interface HttpRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or bytes as they are. */
  payload?: unknown;
}

export interface HttpReply {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  /** The body's bytes (a workbook, a PDF). */
  bytes: Uint8Array;
  json<T = Record<string, unknown>>(): T;
}

export async function startPortal(
  options: { participants?: number; env?: Record<string, string> } = {},
): Promise<Portal> {
  const database = await openDemoDatabase(options.participants ?? 120);
  const config = productionTestConfig({ LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...options.env });
  const notifier = new RecordingNotifier();
  const logs: string[] = [];
  const app = await startServer({
    config,
    database,
    notifier,
    logStream: { write: (line) => logs.push(line) },
  });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const http = async (request: HttpRequest): Promise<HttpReply> => {
    const headers = { ...request.headers };
    let body: string | Uint8Array | undefined;
    if (typeof request.payload === 'string' || request.payload instanceof Uint8Array) body = request.payload;
    else if (request.payload !== undefined) {
      body = JSON.stringify(request.payload);
      headers['content-type'] ??= 'application/json';
    }
    const reply = await fetch(`${base}${request.url}`, { method: request.method ?? 'GET', headers, body });
    const bytes = new Uint8Array(await reply.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    return {
      statusCode: reply.status,
      headers: Object.fromEntries(reply.headers),
      body: text,
      bytes,
      json: <T>() => JSON.parse(text) as T,
    };
  };
  return {
    app,
    database,
    config,
    notifier,
    base,
    logs,
    http,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A figure for the summary line `npm run test:security` prints (scripts/security.mjs names the file in
 * SECURITY_FIGURES); nothing when the suite runs without it.
 */
export function figure(name: string, value: number): void {
  const file = process.env.SECURITY_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value })}\n`);
}
