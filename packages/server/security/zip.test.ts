import { createHash } from 'node:crypto';
import {
  configure,
  Uint8ArrayReader,
  Uint8ArrayWriter,
  ZipReader,
  ZipWriter,
  type ZipWriterConstructorOptions,
} from '@zip.js/zip.js';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  users,
} from '../src/db/schema';
import type { OutgoingMail } from '../src/notify/notifier';
import { signIn } from '../test/helper';
import { figure, type Portal, startPortal } from './portal';

/**
 * Issue: "the e-mailed ZIP uses AES (not ZipCrypto) and its password never reaches the logs". The
 * participant chooses the password in the send form (POST document/download, `password`); the portal
 * only encrypts with it, and the mail says it is not in the message: the recipient gets it from the
 * participant by another channel. So it must appear in no log line, no mail, no text message, no audit
 * row and no reply, on the success path and on the error paths alike.
 */
configure({ useWebWorkers: false });

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => portal.close());

/** Distinctive, with characters a JSON log line escapes (a quote, a backslash, non-ASCII). */
const PASSWORD = 'Zip-Secret-7f3a9c "é\\ü" 2026';
const RECIPIENT = 'dr.zip@cabinet.example';

// ---- ZIP structure (PKWARE APPNOTE 4.3.7, 4.3.12, 4.3.16; WinZip AES extra field 0x9901) --------

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const AES_METHOD = 99;
const AES_EXTRA = 0x9901;

interface HeaderFacts {
  flags: number;
  method: number;
  /** The WinZip AES extra field: AE-1/AE-2, vendor 'AE', strength 1-3 (3 = 256-bit), real method. */
  aes: { version: number; vendor: string; strength: number; method: number } | null;
}

interface EntryFacts {
  name: string;
  central: HeaderFacts;
  local: HeaderFacts;
}

function extraFields(view: DataView, start: number, length: number): Map<number, DataView> {
  const fields = new Map<number, DataView>();
  for (let at = start; at + 4 <= start + length; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    fields.set(id, new DataView(view.buffer, view.byteOffset + at + 4, size));
    at += 4 + size;
  }
  return fields;
}

function headerFacts(view: DataView, flagsAt: number, extraAt: number, extraLength: number): HeaderFacts {
  const aes = extraFields(view, extraAt, extraLength).get(AES_EXTRA);
  return {
    flags: view.getUint16(flagsAt, true),
    method: view.getUint16(flagsAt + 2, true),
    aes:
      aes && aes.byteLength >= 7
        ? {
            version: aes.getUint16(0, true),
            vendor: String.fromCharCode(aes.getUint8(2), aes.getUint8(3)),
            strength: aes.getUint8(4),
            method: aes.getUint16(5, true),
          }
        : null,
  };
}

/** Every entry of the archive as its central directory and its local header describe it. */
function readZipStructure(bytes: Uint8Array): EntryFacts[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  // The end record sits in the last 22 bytes, plus a comment of at most 65,535 bytes.
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('no end of central directory record: not a ZIP');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff)
    throw new Error('ZIP64 archive: not expected for a few documents');
  const decoder = new TextDecoder();
  const entries: EntryFacts[] = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== CENTRAL_HEADER) throw new Error(`no central header at ${at}`);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    if (view.getUint32(localAt, true) !== LOCAL_HEADER) throw new Error(`no local header at ${localAt}`);
    const localNameLength = view.getUint16(localAt + 26, true);
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      central: headerFacts(view, at + 8, at + 46 + nameLength, extraLength),
      local: headerFacts(
        view,
        localAt + 6,
        localAt + 30 + localNameLength,
        view.getUint16(localAt + 28, true),
      ),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** What keeps an entry from being AES-256: ZipCrypto (bit 0 set, no 0x9901), no encryption, weaker AES. */
function aesProblems(entry: EntryFacts): string[] {
  return (['central', 'local'] as const).flatMap((where) => {
    const facts = entry[where];
    const problems: string[] = [];
    if ((facts.flags & 1) === 0) problems.push('not encrypted');
    if (facts.method !== AES_METHOD) problems.push(`method ${facts.method}, not 99 (AES)`);
    if (!facts.aes) problems.push('no WinZip AES extra field (ZipCrypto)');
    else {
      if (facts.aes.vendor !== 'AE' || ![1, 2].includes(facts.aes.version))
        problems.push('malformed AES field');
      if (facts.aes.strength !== 3) problems.push(`AES strength ${facts.aes.strength}, not 3 (256-bit)`);
    }
    return problems.map((problem) => `${entry.name} (${where}): ${problem}`);
  });
}

async function zipWith(options: ZipWriterConstructorOptions): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), options);
  await writer.add('a.pdf', new Uint8ArrayReader(new TextEncoder().encode('%PDF-1.4 test')));
  await writer.add('b.txt', new Uint8ArrayReader(new TextEncoder().encode('second entry')));
  return writer.close();
}

/** Decrypted entries, by the SHA-256 of their bytes (names are rewritten by the server, contents are not). */
async function decrypt(zip: Uint8Array, password?: string): Promise<string[]> {
  const reader = new ZipReader(new Uint8ArrayReader(zip), password === undefined ? {} : { password });
  try {
    const digests: string[] = [];
    for (const entry of await reader.getEntries()) {
      if (entry.directory) continue;
      const bytes = await entry.getData(new Uint8ArrayWriter());
      digests.push(createHash('sha256').update(bytes).digest('hex'));
    }
    return digests.sort();
  } finally {
    await reader.close();
  }
}
const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The forms the password could take in a text: as typed, JSON-escaped, and its distinctive core. */
const PASSWORD_FORMS = [PASSWORD, JSON.stringify(PASSWORD).slice(1, -1), 'Zip-Secret-7f3a9c'];
const mentions = (text: string) => PASSWORD_FORMS.some((form) => text.includes(form));

describe('the ZIP structure check', () => {
  it('fails on ZipCrypto, on no encryption and on AES-128, and passes AES-256', async () => {
    const problemsOf = async (options: ZipWriterConstructorOptions) =>
      readZipStructure(await zipWith(options)).flatMap(aesProblems);
    expect(await problemsOf({ password: 'x', zipCrypto: true })).toContain(
      'a.pdf (central): no WinZip AES extra field (ZipCrypto)',
    );
    expect(await problemsOf({})).toContain('a.pdf (local): not encrypted');
    expect(await problemsOf({ password: 'x', encryptionStrength: 1 })).toContain(
      'b.txt (central): AES strength 1, not 3 (256-bit)',
    );
    expect(await problemsOf({ password: 'x', encryptionStrength: 3 })).toEqual([]);
  });
});

describe('documents sent by mail', () => {
  it('arrive in an AES-256 ZIP that opens with the chosen password only, which reaches no log, mail or audit row', async () => {
    const { db } = portal.database;
    const [account] = await db.select().from(users).where(eq(users.login, 'participant.dmc'));
    const participantId = account?.participantId ?? -1;
    const own = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.participantId, participantId), eq(documents.active, true)))
      .orderBy(asc(documents.id))
      .limit(2);
    const [annex] = await db
      .select({ id: documentAttachments.id })
      .from(documentAttachments)
      .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
      .where(and(eq(documents.participantId, participantId), eq(documentAttachments.kind, 'EXTRACIEM')))
      .orderBy(asc(documentAttachments.id))
      .limit(1);
    if (own.length < 2 || !annex) throw new Error('participant.dmc lacks the demo documents');

    const { access } = await signIn(portal, 'participant.dmc', 'participant');
    const send = (payload: Record<string, unknown>) =>
      portal.http({
        method: 'POST',
        url: '/api/document/download',
        headers: { authorization: `Bearer ${access}` },
        payload,
      });
    const body = {
      mail: RECIPIENT,
      password: PASSWORD,
      idDocuments: own.map((doc) => doc.id),
      idAnnexes: [annex.id],
    };

    const reply = await send(body);
    expect(reply.statusCode, reply.body).toBe(200);
    const mail: OutgoingMail | undefined = portal.notifier.mails.filter((m) => m.to === RECIPIENT).at(-1);
    const zip = mail?.attachments?.[0];
    if (!zip) throw new Error('no ZIP was mailed');
    expect(zip.contentType).toBe('application/zip');

    // Every entry, in the central directory and in its local header: encrypted, method 99, AES-256.
    const entries = readZipStructure(zip.content);
    expect(entries).toHaveLength(3);
    expect(entries.flatMap(aesProblems)).toEqual([]);
    figure('zip.aesEntries', entries.length);

    // The content is the documents: it opens with the password, and only with it.
    const expected: string[] = [];
    for (const doc of own) {
      const [row] = await db.select().from(documentContents).where(eq(documentContents.documentId, doc.id));
      expected.push(digestOf(row?.content ?? new Uint8Array()));
    }
    const [annexRow] = await db
      .select()
      .from(documentAttachmentContents)
      .where(eq(documentAttachmentContents.attachmentId, annex.id));
    expected.push(digestOf(annexRow?.content ?? new Uint8Array()));
    expect(await decrypt(zip.content, PASSWORD)).toEqual(expected.sort());
    await expect(decrypt(zip.content, 'Zip-Secret-7f3a9c')).rejects.toThrow();
    await expect(decrypt(zip.content, `${PASSWORD} `)).rejects.toThrow();
    await expect(decrypt(zip.content)).rejects.toThrow();

    // The error paths log too: an id not the caller's (404), an invalid address (400), a failed send.
    expect((await send({ ...body, idDocuments: [999_999] })).statusCode).toBe(404);
    expect((await send({ ...body, mail: 'not-an-address' })).statusCode).toBe(400);
    const deliver = portal.notifier.mail;
    portal.notifier.mail = async () => {
      throw new Error('SMTP connection refused');
    };
    try {
      expect((await send(body)).statusCode).toBe(409);
    } finally {
      portal.notifier.mail = deliver;
    }

    // The search below read real lines: the requests and the failed send were logged.
    expect(portal.logs.some((line) => line.includes('/api/document/download'))).toBe(true);
    expect(portal.logs.some((line) => line.includes('documents not sent'))).toBe(true);
    const inLogs = portal.logs.filter(mentions);
    figure('zip.passwordInLogs', inLogs.length);
    expect(inLogs).toEqual([]);

    // Nor in a mail (subject, text), a text message, a reply or an audit row.
    expect(mail?.text).toMatch(/mot de passe/);
    expect(portal.notifier.mails.filter((m) => mentions(`${m.subject}\n${m.text}`))).toEqual([]);
    expect(portal.notifier.texts.filter((sms) => mentions(sms.text))).toEqual([]);
    expect(mentions(reply.body)).toBe(false);
    const audits = await db.select().from(auditLog);
    expect(audits.some((row) => row.action === 'DOCUMENTS_SENT')).toBe(true);
    expect(audits.filter((row) => mentions(JSON.stringify(row)))).toEqual([]);
  });
});
