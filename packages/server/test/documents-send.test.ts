import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import { DOCUMENT_MESSAGES, MAX_SENT_BYTES, MAX_SENT_DOCUMENTS } from '@portail/contract/schemas/documents';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  users,
} from '../src/db/schema';
import { HttpError } from '../src/lib/errors';
import type { OutgoingMail } from '../src/notify/notifier';
import { accountOf, headersOf, lastAuditOf, participantIdOf, savedNameOf } from './documents-fixtures';
import { createTestContext, type TestContext } from './helper';

let ctx: TestContext;
let mine: number;
beforeAll(async () => {
  ctx = await createTestContext();
  mine = await participantIdOf(ctx, 'participant.dmc');
});
afterAll(async () => ctx.close());

const PASSWORD = 'Sésame ouvre-toi 42!';

async function send(
  payload: Record<string, unknown>,
  login = 'participant.dmc',
  kind = 'participant' as const,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/document/download',
    headers: await headersOf(ctx, login, kind),
    payload,
  });
}

async function ownDocuments(participantId = mine) {
  return ctx.database.db
    .select()
    .from(documents)
    .where(and(eq(documents.participantId, participantId), eq(documents.active, true)))
    .orderBy(asc(documents.id));
}

async function attachmentsOf(participantId: number, kind: 'EXTRACIEM' | 'LS') {
  return ctx.database.db
    .select({ id: documentAttachments.id, name: documentAttachments.name })
    .from(documentAttachments)
    .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
    .where(and(eq(documents.participantId, participantId), eq(documentAttachments.kind, kind)))
    .orderBy(asc(documentAttachments.id));
}

async function unzip(mail: OutgoingMail | undefined, password?: string) {
  const zip = mail?.attachments?.[0];
  if (!zip) throw new Error('no attachment');
  const reader = new ZipReader(new Uint8ArrayReader(zip.content));
  try {
    const entries = await reader.getEntries();
    const files = new Map<string, Uint8Array>();
    for (const entry of entries) {
      if (entry.directory) continue;
      files.set(entry.filename, await entry.getData(new Uint8ArrayWriter(), password ? { password } : {}));
    }
    return files;
  } finally {
    await reader.close();
  }
}

const mailCount = () => ctx.notifier.mails.length;

describe('sending documents by mail', () => {
  it('mails the chosen documents and EXTRACIEM attachments in one ZIP that opens with the password', async () => {
    const docs = (await ownDocuments()).slice(0, 2);
    const [annex] = await attachmentsOf(mine, 'EXTRACIEM');
    if (docs.length < 2 || !annex) throw new Error('missing demo documents');
    await ctx.database.db
      .update(documents)
      .set({ unread: true })
      .where(
        inArray(
          documents.id,
          docs.map((doc) => doc.id),
        ),
      );
    const before = mailCount();
    const reply = await send({
      mail: 'Dr.House@Cabinet.Example',
      password: PASSWORD,
      idDocuments: docs.map((doc) => doc.id),
      idAnnexes: [annex.id],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(messagesReply.parse(reply.json())).toEqual({
      ciemException: { messages: [{ level: 'INFO', errorCode: DOCUMENT_MESSAGES.sent }] },
    });
    expect(mailCount()).toBe(before + 1);
    const mail = ctx.notifier.mails.at(-1);
    expect(mail?.to).toBe('Dr.House@Cabinet.Example');
    expect(mail?.subject).toMatch(/dossier médical/);
    expect(mail?.text).toMatch(/mot de passe/);
    expect(mail?.text).not.toContain(PASSWORD);
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments?.[0]).toMatchObject({ contentType: 'application/zip' });
    expect(mail?.attachments?.[0]?.fileName).toMatch(/\.zip$/);

    const files = await unzip(mail, PASSWORD);
    const names = await Promise.all(docs.map((doc) => savedNameOf(ctx, doc.id)));
    expect([...files.keys()]).toEqual([...names, annex.name]);
    for (const [i, doc] of docs.entries()) {
      const [stored] = await ctx.database.db
        .select()
        .from(documentContents)
        .where(eq(documentContents.documentId, doc.id));
      expect(Buffer.from(files.get(names[i] ?? '') ?? []).equals(Buffer.from(stored?.content ?? [1]))).toBe(
        true,
      );
    }
    const [annexBytes] = await ctx.database.db
      .select()
      .from(documentAttachmentContents)
      .where(eq(documentAttachmentContents.attachmentId, annex.id));
    expect(Buffer.from(files.get(annex.name) ?? []).equals(Buffer.from(annexBytes?.content ?? [1]))).toBe(
      true,
    );

    await expect(unzip(mail)).rejects.toThrow();
    await expect(unzip(mail, 'wrong password')).rejects.toThrow();

    const { userId } = await accountOf(ctx, 'participant.dmc');
    const row = await lastAuditOf(ctx, userId, 'DOCUMENTS_SENT');
    expect(row?.details).toEqual({
      documents: docs.map((doc) => doc.id),
      annexes: [annex.id],
      recipientDomain: 'cabinet.example',
    });
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain('Dr.House');
    const read = await ctx.database.db
      .select({ unread: documents.unread })
      .from(documents)
      .where(
        inArray(
          documents.id,
          docs.map((doc) => doc.id),
        ),
      );
    expect(read.every((doc) => !doc.unread)).toBe(true);
  });

  it('names each document in the archive by the title its list shows, and the archive by its content', async () => {
    const [first, second] = await ownDocuments();
    if (!first || !second) throw new Error('missing demo documents');
    const titled = {
      label: 'Résultats biologiques du 12/03/2026',
      nameDisplayMode: 'INFO_DOCUMENT',
    } as const;
    await ctx.database.db.update(documents).set(titled).where(eq(documents.id, first.id));
    await ctx.database.db
      .update(documents)
      .set({ nameDisplayMode: 'NOM_DOCUMENT' })
      .where(eq(documents.id, second.id));
    try {
      const reply = await send({
        mail: 'me@example.org',
        password: PASSWORD,
        idDocuments: [first.id, second.id],
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const mail = ctx.notifier.mails.at(-1);
      expect(mail?.attachments?.[0]?.fileName).toMatch(/^Documents médicaux \d{4}-\d{2}-\d{2}\.zip$/);
      const names = [...(await unzip(mail, PASSWORD)).keys()];
      expect(names).toEqual(['Résultats biologiques du 12-03-2026.pdf', second.name]);
    } finally {
      for (const doc of [first, second])
        await ctx.database.db
          .update(documents)
          .set({ label: doc.label, nameDisplayMode: doc.nameDisplayMode })
          .where(eq(documents.id, doc.id));
    }
  });

  it('gives files of the same name distinct names inside the archive', async () => {
    const [first, second] = await ownDocuments();
    if (!first || !second) throw new Error('missing demo documents');
    const same = { name: first.name, nameDisplayMode: 'NOM_DOCUMENT' } as const;
    await ctx.database.db
      .update(documents)
      .set(same)
      .where(inArray(documents.id, [first.id, second.id]));
    try {
      const reply = await send({
        mail: 'me@example.org',
        password: PASSWORD,
        idDocuments: [first.id, second.id],
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const names = [...(await unzip(ctx.notifier.mails.at(-1), PASSWORD)).keys()];
      expect(names).toEqual([first.name, first.name.replace(/\.pdf$/, ' (2).pdf')]);
    } finally {
      for (const doc of [first, second])
        await ctx.database.db
          .update(documents)
          .set({ name: doc.name, nameDisplayMode: doc.nameDisplayMode })
          .where(eq(documents.id, doc.id));
    }
  });

  it('writes to an English-only participant in English too', async () => {
    const [doc] = await ownDocuments(await participantIdOf(ctx, 'participant.en'));
    const reply = await send(
      { mail: 'me@example.org', password: PASSWORD, idDocuments: [doc?.id] },
      'participant.en',
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const mail = ctx.notifier.mails.at(-1);
    expect(mail?.subject).toMatch(/medical record/);
    expect(mail?.attachments?.[0]?.fileName).toMatch(/^Medical documents \d{4}-\d{2}-\d{2}\.zip$/);
    expect(mail?.text).toMatch(/password/);
    expect(mail?.text).toMatch(/mot de passe/);
  });

  it('sends nothing and answers 404 when any id is not the caller’s active document or EXTRACIEM attachment', async () => {
    const [doc] = await ownDocuments();
    const [theirDoc] = await ctx.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(ne(documents.participantId, mine), eq(documents.active, true)))
      .limit(1);
    const [ls] = await attachmentsOf(mine, 'LS');
    const [theirAnnex] = await attachmentsOf(await participantIdOf(ctx, 'participant.en'), 'EXTRACIEM');
    if (!doc || !theirDoc || !ls || !theirAnnex) throw new Error('missing demo documents');
    const before = mailCount();
    const cases = [
      { idDocuments: [doc.id, theirDoc.id] },
      { idDocuments: [doc.id], idAnnexes: [ls.id] },
      { idDocuments: [doc.id], idAnnexes: [theirAnnex.id] },
      { idDocuments: [2_000_000_000] },
      { idAnnexes: [2_000_000_000] },
    ];
    for (const ids of cases) {
      const reply = await send({ mail: 'me@example.org', password: PASSWORD, ...ids });
      expect(reply.statusCode, JSON.stringify(ids)).toBe(404);
      expect(errorReply.parse(reply.json()).message).toBe('http.404');
    }
    await ctx.database.db.update(documents).set({ active: false }).where(eq(documents.id, doc.id));
    const inactive = await send({ mail: 'me@example.org', password: PASSWORD, idDocuments: [doc.id] });
    await ctx.database.db.update(documents).set({ active: true }).where(eq(documents.id, doc.id));
    expect(inactive.statusCode).toBe(404);
    // Admins own no documents.
    expect(
      (
        await send(
          { mail: 'a@b.fr', password: PASSWORD, idDocuments: [doc.id] },
          'admin',
          'staff' as 'participant',
        )
      ).statusCode,
    ).toBe(404);
    expect(mailCount()).toBe(before);
  });

  it('validates the form: mail, password, at least one and at most the limit of ids', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mail: 'me@example.org', password: PASSWORD }, `idDocuments:${DOCUMENT_MESSAGES.noDocument}`],
      [
        { mail: 'me@example.org', password: PASSWORD, idDocuments: [] },
        `idDocuments:${DOCUMENT_MESSAGES.noDocument}`,
      ],
      [{ mail: 'not-a-mail', password: PASSWORD, idDocuments: [1] }, 'mail:errors.email'],
      [{ password: PASSWORD, idDocuments: [1] }, 'mail:errors.required'],
      [{ mail: 'me@example.org', password: '', idDocuments: [1] }, 'password:errors.required'],
      [{ mail: 'me@example.org', password: PASSWORD, idDocuments: ['1'] }, 'idDocuments.0:errors.invalid'],
      [
        {
          mail: 'me@example.org',
          password: PASSWORD,
          idDocuments: Array.from({ length: MAX_SENT_DOCUMENTS }, (_, i) => i + 1),
          idAnnexes: [1],
        },
        'idDocuments:errors.maxlength',
      ],
    ];
    const before = mailCount();
    for (const [payload, expected] of cases) {
      const reply = await send(payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = (errorReply.parse(reply.json()).fieldErrors ?? []).map(
        (e) => `${e.field}:${e.defaultMessage}`,
      );
      expect(fields, JSON.stringify(payload)).toContain(expected);
    }
    expect(mailCount()).toBe(before);
  });

  it('refuses a short or easily guessed archive password on its field, and sends nothing', async () => {
    const [doc] = await ownDocuments();
    if (!doc) throw new Error('participant.dmc has no document');
    const [account] = await ctx.database.db
      .select({ lastName: users.lastName, firstName: users.firstName })
      .from(users)
      .where(eq(users.login, 'participant.dmc'));
    if (!account) throw new Error('no account participant.dmc');
    const cases: [string, string][] = [
      ['Azerty1!', 'errors.minlength|10'],
      ['azertyuiop', 'errors.passwordFaible'],
      ['Motdepasse1!', 'errors.passwordFaible'],
      // The account's own names are easy guesses too.
      [
        `${account.lastName.toLowerCase()}${account.firstName.toLowerCase()}`.padEnd(10, '1'),
        'errors.passwordFaible',
      ],
    ];
    const before = mailCount();
    const audits = await ctx.database.db.$count(auditLog);
    for (const [password, expected] of cases) {
      const reply = await send({ mail: 'me@example.org', password, idDocuments: [doc.id] });
      expect(reply.statusCode, password).toBe(400);
      const fields = (errorReply.parse(reply.json()).fieldErrors ?? []).map((e) =>
        [`${e.field}:${e.defaultMessage}`, ...(e.args ?? [])].join('|'),
      );
      expect(fields, password).toEqual([`password:${expected}`]);
    }
    expect(mailCount()).toBe(before);
    expect(await ctx.database.db.$count(auditLog)).toBe(audits);
    // A passphrase of unrelated words passes, without capitals, digits or symbols.
    const ok = await send({
      mail: 'me@example.org',
      password: 'velo rouge citron lune',
      idDocuments: [doc.id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(mailCount()).toBe(before + 1);
  });

  it('refuses more than the size limit with tropVolumineux, before loading anything', async () => {
    const [doc] = await ownDocuments();
    if (!doc) throw new Error('no document');
    const [stored] = await ctx.database.db
      .select()
      .from(documentContents)
      .where(eq(documentContents.documentId, doc.id));
    // Built by the database itself: sending 20 MB of parameters to PGlite takes seconds.
    await ctx.database.db.execute(
      sql`update document_contents set content = convert_to('%PDF-1.7' || repeat('0', ${MAX_SENT_BYTES - 7}), 'UTF8')
          where document_id = ${doc.id}`,
    );
    const before = mailCount();
    try {
      const reply = await send({ mail: 'me@example.org', password: PASSWORD, idDocuments: [doc.id] });
      expect(reply.statusCode).toBe(409);
      expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
        { level: 'ERROR', errorCode: DOCUMENT_MESSAGES.tooLarge },
      ]);
      expect(mailCount()).toBe(before);
    } finally {
      await ctx.database.db
        .update(documentContents)
        .set({ content: stored?.content ?? new Uint8Array() })
        .where(eq(documentContents.documentId, doc.id));
    }
  });

  it.each([
    ['the mail transport is unavailable', new HttpError(503, 'notify.unavailable')],
    ['the notifier fails unexpectedly', new Error('boom')],
  ])('answers sendDocument, never a 500, when %s', async (_label, failure) => {
    const [doc] = await ownDocuments();
    const original = ctx.notifier.mail;
    ctx.notifier.mail = async () => {
      throw failure;
    };
    try {
      const reply = await send({ mail: 'me@example.org', password: PASSWORD, idDocuments: [doc?.id] });
      expect(reply.statusCode).toBe(409);
      expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
        { level: 'ERROR', errorCode: DOCUMENT_MESSAGES.sendFailed },
      ]);
    } finally {
      ctx.notifier.mail = original;
    }
    const { userId } = await accountOf(ctx, 'participant.dmc');
    const failed = await lastAuditOf(ctx, userId, 'DOCUMENTS_SEND_FAILED');
    expect(failed?.details).toMatchObject({ documents: [doc?.id], recipientDomain: 'example.org' });
  });
});
