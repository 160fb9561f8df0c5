import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { createMailTransport } from '../src/notify/mail';
import { CENTRE_EXAMPLE, TEST_CODE_SECRET, TEST_SECRET } from './helper';

/**
 * A mail server that accepts the connection and never greets (a hung relay, a firewall that answers
 * the handshake): the send must fail in 8 s, not after nodemailer's 30 s greeting default, since the
 * person who sent documents waits for the reply. The clock is faked; the socket is real.
 */
let silent: Server;
const connected: Socket[] = [];

beforeAll(async () => {
  silent = createServer((socket) => {
    connected.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  for (const socket of connected) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('mail transport and a silent SMTP server', () => {
  it('gives up after 8 s without a greeting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const transport = createMailTransport(
      loadConfig({
        JWT_SECRET: TEST_SECRET,
        CODE_SECRET: TEST_CODE_SECRET,
        SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        SMS_PROVIDER_URL: 'http://127.0.0.1:9/send',
        PUBLIC_URL: 'https://portail.example.fr',
        CENTRE_FILE: CENTRE_EXAMPLE,
      }),
    );
    const before = connected.length;
    let outcome: unknown = 'pending';
    const sending = transport.send({ to: 'medecin@example.org', subject: 'Documents', text: 'Bonjour' }).then(
      () => {
        outcome = 'sent';
      },
      (error: unknown) => {
        outcome = error;
      },
    );
    await vi.waitFor(() => expect(connected.length).toBe(before + 1), { interval: 5, timeout: 2000 });

    await vi.advanceTimersByTimeAsync(7500);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(600);
    await sending;
    expect(outcome).toMatchObject({
      code: 'ETIMEDOUT',
      message: expect.stringMatching(/Greeting never received/),
    });
  });
});
