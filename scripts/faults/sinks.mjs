// Where a production portal under test sends its messages: an SMS provider and a mail server on
// loopback that record what they receive (the production start refuses to run without both).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { root } from '../lib/portal.mjs';
import { json } from './common.mjs';

export const listen = (server, port) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
export const close = (server) => new Promise((resolve) => server.close(() => resolve()));

/** The SMS provider (notify/sms.ts: POST {to, text}, bearer token): records the texts. */
export function smsProvider(token) {
  const texts = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const ok = request.headers.authorization === `Bearer ${token}`;
      if (ok) texts.push(json(body));
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, texts };
}

export function smtpServer() {
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  // A portal killed in the middle of a mail (the sigkill scenario: its sender runs in the background)
  // resets the connection: that is the fault under test, not the sink's.
  server.on('error', () => undefined);
  return { server, mails };
}

/**
 * One SMS provider and one mail server for every portal of a run, and the production settings that
 * point at them (plus a strong random JWT secret, the public address and the example centre).
 */
export async function productionSinks({ sms: smsPort, smtp: smtpPort }) {
  const token = randomBytes(12).toString('hex');
  const sms = smsProvider(token);
  const smtp = smtpServer();
  await listen(sms.server, smsPort);
  await listen(smtp.server.server, smtpPort);
  return {
    env: {
      JWT_SECRET: randomBytes(36).toString('base64'),
      CODE_SECRET: randomBytes(36).toString('base64'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMS_PROVIDER_URL: `http://127.0.0.1:${smsPort}/sms`,
      SMS_PROVIDER_TOKEN: token,
      PUBLIC_URL: 'https://portail.faults.example',
      CENTRE_FILE: join(root, 'config/centre.example.json'),
    },
    texts: sms.texts,
    mails: smtp.mails,
    close: () => Promise.all([close(sms.server), close(smtp.server)]),
  };
}
