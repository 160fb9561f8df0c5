import type { DocumentReference } from '@medplum/fhirtypes';
import { DOCUMENT_CATEGORY_SYSTEM, DOCUMENT_TYPE_SYSTEM } from '@portail/contract/integration/fhir-documents';
import { centreInstant } from '@portail/contract/rules/centre-time';
import { and, eq } from 'drizzle-orm';
import type { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../src/app';
import {
  documents,
  documentTypes,
  notificationPreferences,
  participants,
  pendingNotifications,
  users,
} from '../src/db/schema';
import { renderOutboxPage } from '../src/features/dev/outbox.page';
import { morningOutbox } from '../src/features/dev/outbox.queries';
import { insertMails } from '../src/notify/notifier';
import type { TestContext } from './helper';
import {
  after,
  mailsTo,
  notificationsApp,
  outboxOf,
  pendingOf,
  publishDocuments,
  quiet,
  round,
  textsTo,
  userOf,
} from './notifications-fixtures';

/**
 * Issue 23: a document published to a participant brings them back — one message however many
 * documents, never a word of what they are, never at night, only to accounts that can sign in.
 */
let ctx: TestContext;
let client: Client;
let dmc: Awaited<ReturnType<typeof userOf>>;

beforeAll(async () => {
  ({ ctx, client, dmc } = await notificationsApp(10, 'system/DocumentReference.cruds system/Binary.cr'));
}, 60_000);
afterAll(async () => ctx.close());
beforeEach(async () => quiet(ctx));

/** A weekday at 10:00 in Paris, well after now: every event recorded now is due then, no reminder is. */
const DAYTIME = centreInstant('2031-06-10', 10);
// The product's name says "Bilans": the document's own words are what must not show.
const MEDICAL = ['bilan sanguin', 'bilan-sanguin', 'sanguin', 'biolog', 'résultat', 'MEDICO'];

describe('a document published through the integration API', () => {
  it('is recorded in the write’s transaction and told in one mail without its name, linking to the portal', async () => {
    const [type] = await ctx.database.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(and(eq(documentTypes.category, 'MEDICO_TECHNIQUE'), eq(documentTypes.active, true)))
      .limit(1);
    const resource: DocumentReference = {
      resourceType: 'DocumentReference',
      status: 'current',
      subject: { reference: `Patient/${dmc.participantId}` },
      category: [{ coding: [{ system: DOCUMENT_CATEGORY_SYSTEM, code: 'MEDICO_TECHNIQUE' }] }],
      type: { coding: [{ system: DOCUMENT_TYPE_SYSTEM, code: String(type?.id) }] },
      description: 'Bilan sanguin complet',
      content: [
        {
          attachment: {
            contentType: 'application/pdf',
            data: Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64'),
            title: 'bilan-sanguin.pdf',
          },
        },
      ],
    };
    const created = (await client.create({
      resourceType: 'DocumentReference',
      body: resource as never,
    })) as unknown as DocumentReference;
    const [pending] = await pendingOf(ctx, [`document/${created.id}`]);
    expect(pending).toMatchObject({ userId: dmc.id, event: 'DOCUMENT', state: 'PENDING' });

    expect(await round(ctx, DAYTIME)).toBeGreaterThan(0);
    const [mail] = mailsTo(ctx, dmc.email);
    expect(mail?.text).toContain('Un nouveau document est disponible dans votre espace.');
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/home`);
    expect(mail?.notBefore).toBeUndefined();
    for (const word of MEDICAL)
      expect(`${mail?.subject} ${mail?.text}`.toLowerCase()).not.toContain(word.toLowerCase());
    // Documents go by mail by default, not by text message.
    expect(textsTo(ctx, dmc.mobile)).toEqual([]);
    expect((await outboxOf(ctx, dmc.id)).length).toBeGreaterThan(0);
    expect((await pendingOf(ctx, [`document/${created.id}`]))[0]?.state).toBe('SENT');
  });

  it('leaves nothing to tell when its write rolls back', async () => {
    let subjects: string[] = [];
    await expect(
      ctx.database.db.transaction(async (tx) => {
        const ids = await publishDocuments(tx, dmc.participantId ?? 0, 1);
        subjects = ids.map((id) => `document/${id}`);
        throw new Error('the write fails after the document');
      }),
    ).rejects.toThrow('the write fails');
    expect(subjects).toHaveLength(1);
    expect(await pendingOf(ctx, subjects)).toEqual([]);
  });
});

describe('grouping', () => {
  it('tells ten documents published at once in ONE message', async () => {
    await ctx.database.db.transaction((tx) => publishDocuments(tx, dmc.participantId ?? 0, 10));
    await round(ctx, DAYTIME);
    const mails = mailsTo(ctx, dmc.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('10 nouveaux documents sont disponibles dans votre espace.');
  });

  it('waits for the grouping window after the first event before telling', async () => {
    const [id] = await publishDocuments(ctx.database.db, dmc.participantId ?? 0, 1);
    // Recorded at 10:00 on a weekday (the test may run at night, when nothing is recorded).
    await ctx.database.db
      .update(pendingNotifications)
      .set({ dueAt: DAYTIME })
      .where(eq(pendingNotifications.subject, `document/${id}`));
    expect(await round(ctx, DAYTIME)).toBe(0);
    expect(mailsTo(ctx, dmc.email)).toEqual([]);
    await round(ctx, after(DAYTIME, 3));
    expect(mailsTo(ctx, dmc.email)).toHaveLength(1);
  });
});

describe('a held document', () => {
  it('is due at the end of its hold and told only then', async () => {
    const availableFrom = centreInstant('2031-06-12', 14);
    const [id] = await publishDocuments(ctx.database.db, dmc.participantId ?? 0, 1, { availableFrom });
    const [pending] = await pendingOf(ctx, [`document/${id}`]);
    expect(pending?.dueAt.toISOString()).toBe(availableFrom.toISOString());
    await round(ctx, DAYTIME);
    expect(mailsTo(ctx, dmc.email)).toEqual([]);
    await round(ctx, after(availableFrom));
    expect(mailsTo(ctx, dmc.email)).toHaveLength(1);
  });

  it('a withdrawn document is never told', async () => {
    const [id] = await publishDocuments(ctx.database.db, dmc.participantId ?? 0, 1, { active: false });
    expect(await pendingOf(ctx, [`document/${id}`])).toEqual([]);
  });
});

describe('quiet hours and language', () => {
  it('nothing is recorded at night: the events of 23:00 and 03:00 make one message per channel after 08:00', async () => {
    // Text messages for documents chosen too (mail only by default).
    await ctx.database.db
      .insert(notificationPreferences)
      .values({ userId: dmc.id, kind: 'DOCUMENTS', channel: 'SMS', enabled: true })
      .onConflictDoUpdate({
        target: [
          notificationPreferences.userId,
          notificationPreferences.kind,
          notificationPreferences.channel,
        ],
        set: { enabled: true },
      });
    onTestFinished(async () => {
      await ctx.database.db
        .delete(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, dmc.id), eq(notificationPreferences.channel, 'SMS')));
    });
    const [first] = await publishDocuments(ctx.database.db, dmc.participantId ?? 0, 1);
    expect(await round(ctx, centreInstant('2031-06-10', 23))).toBe(0);
    const morning = centreInstant('2031-06-11', 8);
    const [waiting] = await pendingOf(ctx, [`document/${first}`]);
    expect(waiting).toMatchObject({ state: 'PENDING', dueAt: morning });
    const [second] = await publishDocuments(ctx.database.db, dmc.participantId ?? 0, 1);
    const [withdrawn] = await publishDocuments(ctx.database.db, dmc.participantId ?? 0, 1);
    await ctx.database.db
      .update(documents)
      .set({ active: false })
      .where(eq(documents.id, withdrawn ?? 0));
    expect(await round(ctx, centreInstant('2031-06-11', 3))).toBe(0);
    expect(await round(ctx, centreInstant('2031-06-11', 7, 59))).toBe(0);
    expect(mailsTo(ctx, dmc.email)).toEqual([]);
    expect(textsTo(ctx, dmc.mobile)).toEqual([]);
    const states = await pendingOf(ctx, [`document/${second}`, `document/${withdrawn}`]);
    expect(states.map((row) => [row.subject, row.state]).sort()).toEqual([
      [`document/${second}`, 'PENDING'],
      [`document/${withdrawn}`, 'SKIPPED'],
    ]);

    // The demo outbox shows, during the night, what will leave in the morning, as it will be sent.
    const shown = await morningOutbox(ctx.database.db, ctx.config, {}, centreInstant('2031-06-11', 3));
    const mine = shown.filter((entry) => entry.recipient === dmc.email || entry.recipient === dmc.mobile);
    expect(mine.map((entry) => entry.channel).sort()).toEqual(['MAIL', 'SMS']);
    for (const entry of mine) {
      expect(entry).toMatchObject({ status: 'QUEUED', notBefore: morning.toISOString() });
      expect(entry.body).toContain('2 nouveaux documents sont disponibles dans votre espace.');
      for (const word of MEDICAL) expect(entry.body.toLowerCase()).not.toContain(word.toLowerCase());
    }
    expect(renderOutboxPage(mine, 'Portail Bilans', { sms: true, mail: true, refused: [] }, [])).toContain(
      '<strong>En attente</strong> : part le 11/06/2031 08:00:00',
    );
    expect(await morningOutbox(ctx.database.db, ctx.config, {}, DAYTIME)).toEqual([]);

    // 08:00 is the first event's time: the grouping window runs from then, and one message tells all.
    expect(await round(ctx, morning)).toBe(0);
    expect(await round(ctx, after(morning))).toBeGreaterThan(0);
    const mails = mailsTo(ctx, dmc.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('2 nouveaux documents sont disponibles dans votre espace.');
    expect(mails[0]?.notBefore).toBeUndefined();
    expect(textsTo(ctx, dmc.mobile)).toHaveLength(1);
  });

  it('a message recorded just before 21:00 leaves at once', async () => {
    await publishDocuments(ctx.database.db, dmc.participantId ?? 0, 1);
    expect(await round(ctx, centreInstant('2031-06-10', 20, 59))).toBeGreaterThan(0);
    const [mail] = mailsTo(ctx, dmc.email);
    expect(mail?.notBefore).toBeUndefined();
    const [row] = (await outboxOf(ctx, dmc.id)).sort((a, b) => b.id - a.id);
    expect(row?.notBefore).toBeNull();
  });

  it('an English-only participant is told in English', async () => {
    const en = await userOf(ctx, 'participant.en');
    await publishDocuments(ctx.database.db, en.participantId ?? 0, 2);
    await round(ctx, DAYTIME);
    const [mail] = mailsTo(ctx, en.email);
    expect(mail?.text).toContain('2 new documents are available in your space.');
    expect(mail?.subject).toContain('news in your space');
  });
});

describe('who is told nothing', () => {
  it('a participant who never activated their account (no password chosen yet)', async () => {
    const visites = await userOf(ctx, 'participant.visites');
    await ctx.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, visites.id));
    const ids = await publishDocuments(ctx.database.db, visites.participantId ?? 0, 1);
    expect(
      await pendingOf(
        ctx,
        ids.map((id) => `document/${id}`),
      ),
    ).toEqual([]);
    await round(ctx, DAYTIME);
    expect(mailsTo(ctx, visites.email)).toEqual([]);
  });

  it('a participant whose file was closed after the document, and a wrong address is skipped without error', async () => {
    const other = await userOf(ctx, 'participant.sansdmc');
    const [closed] = await publishDocuments(ctx.database.db, other.participantId ?? 0, 1);
    await ctx.database.db
      .update(participants)
      .set({ terminationDate: '2026-01-31' })
      .where(eq(participants.id, other.participantId ?? 0));
    const refus = await userOf(ctx, 'participant.refus');
    await ctx.database.db
      .update(users)
      .set({ email: 'not an address', mobile: null })
      .where(eq(users.id, refus.id));
    const [wrong] = await publishDocuments(ctx.database.db, refus.participantId ?? 0, 1);
    await round(ctx, DAYTIME);
    expect(mailsTo(ctx, other.email)).toEqual([]);
    expect(mailsTo(ctx, 'not an address')).toEqual([]);
    const states = await pendingOf(ctx, [`document/${closed}`, `document/${wrong}`]);
    expect(states.map((row) => row.state)).toEqual(['SKIPPED', 'SKIPPED']);
  });
});

describe('two instances on one database', () => {
  it('run the round once: one message, not two', async () => {
    const second = await buildApp({
      config: ctx.config,
      database: ctx.database,
      notifier: ctx.notifier,
      logger: false,
    });
    await second.ready();
    try {
      await publishDocuments(ctx.database.db, dmc.participantId ?? 0, 3);
      await Promise.all([round(ctx, DAYTIME), round(ctx, DAYTIME), round(ctx, DAYTIME)]);
      expect(mailsTo(ctx, dmc.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('the demo outbox', () => {
  it('shows a notification waiting for the morning as QUEUED with its not-before time', async () => {
    const notBefore = centreInstant('2031-06-11', 8);
    await insertMails(
      ctx.database.db,
      [{ to: 'nuit@example.fr', subject: 'S', text: 'T', notBefore, about: { purpose: 'NOTIFICATION' } }],
      'QUEUED',
    );
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?recipient=nuit@example.fr' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ items: [{ status: 'QUEUED', notBefore: notBefore.toISOString() }] });
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).toContain('part le 11/06/2031 08:00:00');
  });
});
