// Scenario 3: the message providers fail, outside demo mode (issue 20: the delivery queue).
//  a) The SMS provider refuses the first tries (503) of a participant's sign-in code: the sign-in
//     answers at once; the code arrives later by itself (nobody asks again), once; the outbox row went
//     RETRYING with the provider's error, then SENT; the participant confirms that code.
//  b) "Send documents" while the mail server is unreachable (nothing listens), then silent (accepts the
//     connection, never greets): the participant is told at once that the mail is on its way; nothing
//     is lost; once SMTP is back the mail arrives by itself, once, with the ZIP the outbox recorded.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { join } from 'node:path';
import { confirmCode, root, signIn } from '../lib/portal.mjs';
import { Bounds, json, sleep, startPortal, timedCall, withClient } from './common.mjs';
import { close, listen, smtpServer } from './sinks.mjs';

/** The user waits in front of a spinner: a reply comes within this whatever the providers do. */
const REPLY_MS = 2_000;
/** How long the queue may take to deliver once the provider is back (retries every 1–3 s here). */
const ARRIVAL_MS = 20_000;
const RECIPIENT = 'medecin.faults@example.org';
/** The SMS provider refuses this many tries of each text before it takes it. */
const REFUSALS = 2;

/** An SMS provider that answers 503 to the first REFUSALS tries of each text, then takes it. */
function flakySmsProvider(token) {
  const texts = [];
  const tries = new Map();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${token}`) {
        response.writeHead(401).end('{}');
        return;
      }
      const message = json(body);
      const seen = (tries.get(body) ?? 0) + 1;
      tries.set(body, seen);
      if (seen <= REFUSALS) {
        response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"overloaded"}');
        return;
      }
      texts.push({ ...message, at: Date.now(), tries: seen });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, texts };
}

/** A mail server that accepts connections and never says a word: a firewall or a hung relay. */
function blackhole() {
  const sockets = new Set();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  return {
    server,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return close(server);
    },
  };
}

/** The base64 body of the MIME part named `*.zip` in a raw message. */
function zipOf(raw) {
  const part = raw.split(/\r?\n--/).find((chunk) => /application\/zip/i.test(chunk));
  const body = part
    ?.split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return body ? Buffer.from(body, 'base64') : null;
}

async function until(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) return null;
    await sleep(100);
  }
}

export async function providersScenario({ databaseUrl, ports }) {
  const bounds = new Bounds();
  const smsToken = randomBytes(12).toString('hex');
  const sms = flakySmsProvider(smsToken);
  await listen(sms.server, ports.sms);
  const portal = await startPortal(ports.smtpPortal, {
    DATABASE_URL: databaseUrl,
    DEMO_MODE: 'false',
    JWT_SECRET: randomBytes(36).toString('base64'),
    CODE_SECRET: randomBytes(36).toString('base64'),
    PUBLIC_URL: `http://127.0.0.1:${ports.smtpPortal}`,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    SMS_PROVIDER_URL: `http://127.0.0.1:${ports.sms}/sms`,
    SMS_PROVIDER_TOKEN: smsToken,
    CENTRE_FILE: join(root, 'config/centre.example.json'),
    DELIVERY_RETRY_DELAY_S: '1',
    DELIVERY_RETRY_DELAY_MAX_S: '3',
  });
  const servers = [];
  try {
    // What the earlier scenarios left in the queue (their portals were stopped or killed): this
    // portal sends it too, to these failing providers, and the code must not wait behind it.
    const backlog = await withClient(databaseUrl, async (sql) => {
      const { rows } = await sql.query(
        `select channel, count(*)::int as n from outbox where status <> 'SENT' group by channel order by channel`,
      );
      return rows.map((row) => `${row.n} ${row.channel}`).join(', ') || 'none';
    });
    // a) The sign-in code through a provider that refuses its first tries.
    const signInStart = Date.now();
    const token = await signIn(portal.base, 'participant.dmc', false);
    const signInMs = Date.now() - signInStart;
    bounds.check(`sign-in answers within ${REPLY_MS / 1000} s`, signInMs <= REPLY_MS, `${signInMs} ms`);
    const codeRow = await withClient(databaseUrl, (sql) =>
      until(async () => {
        const { rows } = await sql.query(
          `select o.id, o.status, o.attempts, o.last_error from outbox o join users u on u.id = o.user_id
            where u.login = 'participant.dmc' and o.purpose = 'SIGN_IN_CODE' order by o.id desc limit 1`,
        );
        return rows[0]?.status === 'RETRYING' ? rows[0] : null;
      }, ARRIVAL_MS),
    );
    bounds.check(
      'the refused code is RETRYING with the provider’s error',
      codeRow !== null && /503/.test(codeRow.last_error ?? ''),
      JSON.stringify(codeRow),
    );
    const text = await until(() => sms.texts.find((entry) => /\b\d{6}\b/.test(entry.text)), ARRIVAL_MS);
    const arrivedMs = text ? text.at - signInStart : null;
    bounds.check(
      `the code arrives by itself within ${ARRIVAL_MS / 1000} s, on try ${REFUSALS + 1}`,
      text !== null && text.tries === REFUSALS + 1,
      JSON.stringify(text),
    );
    bounds.check('the code arrives once', sms.texts.length === 1, `${sms.texts.length} texts`);
    const code = text?.text.match(/\b(\d{6})\b/)?.[1];
    let confirmed = false;
    try {
      await confirmCode(portal.base, token, code, 'participant.dmc');
      confirmed = true;
    } catch {
      // reported below
    }
    bounds.check('the participant confirms the code that arrived late', confirmed);
    const sentRow = await withClient(databaseUrl, (sql) =>
      sql.query('select status, attempts from outbox where id = $1', [codeRow?.id ?? 0]),
    );
    bounds.check(
      `the outbox row is SENT after ${REFUSALS + 1} attempts`,
      sentRow.rows[0]?.status === 'SENT' && sentRow.rows[0]?.attempts === REFUSALS + 1,
      JSON.stringify(sentRow.rows[0]),
    );

    // b) Documents mailed while the mail server is away.
    const documentIds = await withClient(databaseUrl, async (sql) => {
      const { rows } = await sql.query(
        `select d.id from documents d join users u on u.participant_id = d.participant_id
          where u.login = 'participant.dmc' and d.active order by d.id limit 2`,
      );
      return rows.map((row) => row.id);
    });
    if (documentIds.length === 0) throw new Error('participant.dmc has no document');
    const send = () =>
      timedCall(
        `${portal.base}/api/document/download`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            mail: RECIPIENT,
            password: 'Sésame ouvre-toi 42!',
            idDocuments: documentIds,
            idAnnexes: [],
          }),
        },
        60_000,
      );
    const sent = await send();
    const sentCode = json(sent.text)?.ciemException?.messages?.[0]?.errorCode;
    bounds.check(
      `with SMTP unreachable, the send answers success within ${REPLY_MS / 1000} s`,
      sent.status === 200 && sentCode === 'document.send.success' && sent.end - sent.start <= REPLY_MS,
      `${sent.status} ${sentCode} in ${Math.round(sent.end - sent.start)} ms`,
    );
    const mailRow = await withClient(databaseUrl, (sql) =>
      until(async () => {
        const { rows } = await sql.query(
          `select id, status, attempts, last_error from outbox where recipient = $1 order by id desc limit 1`,
          [RECIPIENT],
        );
        return rows[0]?.status === 'RETRYING' ? rows[0] : null;
      }, ARRIVAL_MS),
    );
    bounds.check(
      'the mail waits, RETRYING, with the connection error',
      mailRow !== null,
      JSON.stringify(mailRow),
    );
    // The mail server answers the connection and never greets: still retried, never lost.
    const hole = blackhole();
    await listen(hole.server, ports.smtp);
    await sleep(12_000);
    await hole.close();
    const smtp = smtpServer();
    servers.push(smtp.server);
    await listen(smtp.server.server, ports.smtp);
    const mail = await until(() => smtp.mails.find((m) => m.to.includes(RECIPIENT)), 60_000);
    const row = await withClient(databaseUrl, async (sql) => {
      const { rows } = await sql.query(
        `select o.status, o.attempts, a.content from outbox o join outbox_attachments a on a.outbox_id = o.id
          where o.id = $1`,
        [mailRow?.id ?? 0],
      );
      return rows[0];
    });
    const zip = mail ? zipOf(mail.raw) : null;
    bounds.check(
      'SMTP back: the mail arrives by itself with the ZIP the outbox recorded, and the row is SENT',
      Boolean(zip && row?.content && zip.equals(row.content)) && row?.status === 'SENT',
      `${smtp.mails.length} mail(s), row ${row?.status} after ${row?.attempts} attempts`,
    );
    await sleep(3000);
    bounds.check(
      'the mail arrives once',
      smtp.mails.filter((m) => m.to.includes(RECIPIENT)).length === 1,
      `${smtp.mails.length}`,
    );
    console.log(
      `providers backlog at start: ${backlog}; sign-in answered in ${signInMs} ms with the SMS provider refusing ${REFUSALS} tries; ` +
        `code arrived ${arrivedMs === null ? 'never' : `after ${(arrivedMs / 1000).toFixed(1)} s`} (try ${text?.tries ?? '-'}), confirmed: ${confirmed}; ` +
        `documents sent with SMTP down: ${sent.status} in ${Math.round(sent.end - sent.start)} ms; ` +
        `mail delivered after SMTP came back: ${mail ? 'yes' : 'no'}, row ${row?.status} after ${row?.attempts} attempts`,
    );
    return { name: 'providers', failures: bounds.failures };
  } finally {
    await portal.stop();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await close(sms.server);
  }
}
