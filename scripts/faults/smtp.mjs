// Scenario 3: "send documents" (participant.dmc, POST /api/document/download) outside demo mode while the
// mail server is unreachable (nothing listens), then silent (accepts the connection, never greets), then
// back. The participant must get the translated error, in bounded time; nothing may be lost (the outbox
// row, FAILED, keeps the mail and its ZIP); once SMTP is back, sending again delivers the ZIP.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createTcpServer } from 'node:net';
import { join } from 'node:path';
import { confirmCode, root, signIn } from '../lib/portal.mjs';
import { Bounds, json, startPortal, timedCall, withClient } from './common.mjs';
import { close, listen, smsProvider, smtpServer } from './sinks.mjs';

/**
 * The reply to a send must come within this even when the mail server never answers: the user waits
 * in front of a spinner. mail.ts gives SMTP 8 s to connect and greet.
 */
const REPLY_MS = 10_000;
const RECIPIENT = 'medecin.faults@example.org';
const SEND_FAILED = 'document.error.sendDocument';
const CATALOGUES = ['fr_FR', 'en_EN'].map((name) =>
  JSON.parse(readFileSync(join(root, `packages/web/src/i18n/${name}.json`), 'utf8')),
);

/** The text a catalogue gives a dotted key, or undefined. */
const translation = (catalogue, key) =>
  key
    .split('.')
    .reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), catalogue);

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

/** Sign-in of a participant outside demo mode: the code comes through the SMS provider. */
async function signInParticipant(base, login, texts) {
  const token = await signIn(base, login, false);
  const code = texts.at(-1)?.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code reached the SMS provider');
  await confirmCode(base, token, code, login);
  return token;
}

/** The outbox rows of mails to RECIPIENT after `afterId`, with their attachments. */
async function outboxRows(sql, afterId) {
  const { rows } = await sql.query(
    `select o.id, o.status, o.attempts, o.last_error, a.file_name, a.content_type, a.content
       from outbox o left join outbox_attachments a on a.outbox_id = o.id
      where o.channel = 'MAIL' and o.recipient = $1 and o.id > $2 order by o.id`,
    [RECIPIENT, afterId],
  );
  return rows;
}

export async function smtpScenario({ databaseUrl, ports }) {
  const bounds = new Bounds();
  const smsToken = randomBytes(12).toString('hex');
  const sms = smsProvider(smsToken);
  await listen(sms.server, ports.sms);
  const smtpUrl = `smtp://127.0.0.1:${ports.smtp}`;
  const portal = await startPortal(ports.smtpPortal, {
    DATABASE_URL: databaseUrl,
    DEMO_MODE: 'false',
    JWT_SECRET: randomBytes(36).toString('base64'),
    CODE_SECRET: randomBytes(36).toString('base64'),
    PUBLIC_URL: `http://127.0.0.1:${ports.smtpPortal}`,
    SMTP_URL: smtpUrl,
    SMS_PROVIDER_URL: `http://127.0.0.1:${ports.sms}/sms`,
    SMS_PROVIDER_TOKEN: smsToken,
    CENTRE_FILE: join(root, 'config/centre.example.json'),
  });
  const servers = [];
  try {
    const token = await signInParticipant(portal.base, 'participant.dmc', sms.texts);
    const { documentIds, lastOutbox } = await withClient(databaseUrl, async (sql) => {
      const docs = await sql.query(
        `select d.id from documents d join users u on u.participant_id = d.participant_id
          where u.login = 'participant.dmc' and d.active order by d.id limit 2`,
      );
      const last = await sql.query('select coalesce(max(id), 0)::int as id from outbox');
      return { documentIds: docs.rows.map((row) => row.id), lastOutbox: last.rows[0].id };
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
    const checkRefusal = (label, reply) => {
      const code = json(reply.text)?.ciemException?.messages?.[0]?.errorCode;
      const key = `messages.${code}`;
      bounds.check(
        `${label}: the reply is the send error`,
        reply.status === 409 && code === SEND_FAILED,
        `${reply.status} ${reply.text.slice(0, 160)}`,
      );
      bounds.check(
        `${label}: its message is translated in both catalogues`,
        CATALOGUES.every((catalogue) => typeof translation(catalogue, key) === 'string'),
        key,
      );
      bounds.check(
        `${label}: reply within ${REPLY_MS / 1000} s`,
        reply.end - reply.start <= REPLY_MS,
        `${Math.round(reply.end - reply.start)} ms`,
      );
    };

    // 1. Nothing listens on the SMTP port.
    const refused = await send();
    checkRefusal('SMTP refused', refused);
    // 2. A server that accepts and never greets.
    const hole = blackhole();
    await listen(hole.server, ports.smtp);
    const silent = await send();
    await hole.close();
    checkRefusal('SMTP silent', silent);
    // 3. The mail server is back: the participant sends again.
    const smtp = smtpServer();
    servers.push(smtp.server);
    await listen(smtp.server.server, ports.smtp);
    const retried = await send();
    const retriedCode = json(retried.text)?.ciemException?.messages?.[0]?.errorCode;
    bounds.check(
      'SMTP back: sending again succeeds',
      retried.status === 200 && retriedCode === 'document.send.success',
      `${retried.status} ${retried.text.slice(0, 160)}`,
    );

    const rows = await withClient(databaseUrl, (sql) => outboxRows(sql, lastOutbox));
    const failed = rows.filter((row) => row.status === 'FAILED');
    const sent = rows.filter((row) => row.status === 'SENT');
    const isZip = (bytes) =>
      Boolean(bytes) && bytes.length > 22 && bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04'));
    bounds.check(
      'nothing lost: both failed sends are in the outbox, FAILED, with their ZIP',
      failed.length === 2 &&
        failed.every(
          (row) => row.attempts === 1 && row.last_error && /\.zip$/.test(row.file_name) && isZip(row.content),
        ),
      JSON.stringify(rows.map(({ content, ...row }) => ({ ...row, bytes: content?.length }))),
    );
    const mail = smtp.mails.find((m) => m.to.includes(RECIPIENT));
    const delivered = mail ? zipOf(mail.raw) : null;
    bounds.check(
      'the mail arrives with the ZIP the outbox recorded (SENT)',
      sent.length === 1 && isZip(delivered) && delivered.equals(sent[0].content),
      `${smtp.mails.length} mail(s), outbox ${rows.map((row) => row.status).join(',')}`,
    );
    const reasons = failed.map((row) => row.last_error.slice(0, 60)).join(' | ');
    console.log(
      `smtp      send with SMTP refused: ${refused.status} ${json(refused.text)?.ciemException?.messages?.[0]?.errorCode} in ${Math.round(refused.end - refused.start)} ms; ` +
        `SMTP silent: ${silent.status} in ${Math.round(silent.end - silent.start)} ms; outbox ${failed.length} FAILED with ZIP (${reasons}); ` +
        `SMTP back, sent again: ${retried.status} in ${Math.round(retried.end - retried.start)} ms, ` +
        `${smtp.mails.length} mail received, ZIP ${delivered ? `${delivered.length} bytes, same as the outbox row: ${Boolean(sent[0] && delivered.equals(sent[0].content))}` : 'missing'}`,
    );
    return { name: 'smtp', failures: bounds.failures };
  } finally {
    await portal.stop();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await close(sms.server);
  }
}
