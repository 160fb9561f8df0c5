import { errorReply } from '@portail/contract/schemas/common';
import {
  type DocumentCategory,
  documentListReply,
  documentYearsReply,
} from '@portail/contract/schemas/documents';
import { homeDetail } from '@portail/contract/schemas/home';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { documentAttachments, documents, documentTypes } from '../src/db/schema';
import type { DocumentPageCache } from '../src/features/documents/document-page-cache';
import { get, headersOf, participantIdOf } from './documents-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * Issue 19: a document held until a date (results held until the doctor has spoken to the participant)
 * does not exist for its participant before that date, on every path a participant has to documents:
 * the lists, the years, the home's new documents, the viewer and downloads, attachments, sending. From
 * the date on it is new, dated and sorted by its release.
 */
let ctx: TestContext;

/** The app's own documents list cache (its feature plugin creates it). */
const documentPageCache = () => ctx.app.listCaches.documents as DocumentPageCache;
let mine: number;
let held: { id: number; category: DocumentCategory; annexId: number };
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await participantIdOf(ctx, 'participant.dmc');
  // One of the participant's documents with an attachment the send dialog may select.
  const [row] = await ctx.database.db
    .select({ id: documents.id, category: documents.category, annexId: documentAttachments.id })
    .from(documents)
    .innerJoin(documentAttachments, eq(documentAttachments.documentId, documents.id))
    .where(
      and(
        eq(documents.participantId, mine),
        eq(documents.active, true),
        eq(documentAttachments.kind, 'EXTRACIEM'),
      ),
    )
    .orderBy(asc(documents.id))
    .limit(1);
  if (!row) throw new Error('no document with an EXTRACIEM attachment');
  held = row;
});
afterAll(async () => ctx.close());

/** Changes the held document behind the API's back (as the back office's write would), cache dropped. */
async function setHeld(change: Partial<typeof documents.$inferInsert>) {
  await ctx.database.db.update(documents).set(change).where(eq(documents.id, held.id));
  documentPageCache().clear();
}

beforeEach(async () => setHeld({ availableFrom: null, unread: true }));

async function listOf(category: DocumentCategory) {
  const types = await ctx.database.db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(eq(documentTypes.category, category));
  const reply = await get(ctx, '/api/document/list', 'participant.dmc', 'participant', {
    page: 1,
    size: 100,
    categorieExtraciem: category,
    anneeDocuments: JSON.stringify(Array.from({ length: 40 }, (_, i) => 2000 + i)),
    typesDocuments: JSON.stringify(types.map((type) => type.id)),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return documentListReply.parse(reply.json());
}

async function homeDocuments() {
  const reply = await get(ctx, '/api/get-detail-accueil');
  expect(reply.statusCode, reply.body).toBe(200);
  const body = homeDetail.parse(reply.json());
  if (body.profil !== 'PARTICIPANT') throw new Error('expected the participant part');
  return body.documents;
}

async function sendHeld() {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/document/download',
    headers: await headersOf(ctx, 'participant.dmc'),
    payload: { mail: 'me@example.org', password: 'Sésame ouvre-toi 42!', idDocuments: [held.id] },
  });
}

describe('a document held until a later date', () => {
  it('is missing from the list and its total, the home’s new documents, and the years it alone has', async () => {
    const before = await listOf(held.category);
    expect(before.items.map((item) => item.id)).toContain(held.id);
    expect((await homeDocuments()).map((doc) => doc.id)).toContain(held.id);

    await setHeld({ availableFrom: new Date(Date.now() + 2 * DAY), checkupYear: 2011 });
    const after = await listOf(held.category);
    expect(after.items.map((item) => item.id)).not.toContain(held.id);
    expect(after.totalRows).toBe(before.totalRows - 1);
    expect((await homeDocuments()).map((doc) => doc.id)).not.toContain(held.id);
    const years = documentYearsReply.parse((await get(ctx, '/api/annees-bilans')).json());
    expect(years).not.toContain(2011);

    await setHeld({ availableFrom: null });
    const released = documentYearsReply.parse((await get(ctx, '/api/annees-bilans')).json());
    expect(released).toContain(2011);
  });

  it('answers 404 to the viewer, the download, its attachment and sending, as an unknown id does', async () => {
    await setHeld({ availableFrom: new Date(Date.now() + 60_000) });
    const mails = ctx.notifier.mails.length;
    for (const url of [
      `/api/document/${held.id}/`,
      `/api/document/${held.id}/?usage=download`,
      `/api/document/${held.annexId}/ls/`,
    ]) {
      const reply = await get(ctx, url);
      expect(reply.statusCode, url).toBe(404);
      expect(errorReply.parse(reply.json()).message).toBe('http.404');
    }
    const sent = await sendHeld();
    expect(sent.statusCode).toBe(404);
    expect(ctx.notifier.mails.length).toBe(mails);
    // Nothing was marked read: it will be new when it is released.
    const [row] = await ctx.database.db
      .select({ unread: documents.unread })
      .from(documents)
      .where(eq(documents.id, held.id));
    expect(row?.unread).toBe(true);

    await setHeld({ availableFrom: null });
    expect((await get(ctx, `/api/document/${held.id}/`)).statusCode).toBe(200);
    expect((await get(ctx, `/api/document/${held.annexId}/ls/`)).statusCode).toBe(200);
  });

  it('once released is new, dated and sorted by its release, its attachments too', async () => {
    // Made a month ago, released a minute ago: newer than everything else of the participant.
    const release = new Date(Date.now() - 60_000);
    await setHeld({ createdAt: new Date(Date.now() - 30 * DAY), availableFrom: release });
    const list = await listOf(held.category);
    expect(list.items[0]?.id).toBe(held.id);
    expect(list.items[0]?.dateCreation).toBe(release.toISOString());
    for (const annex of [
      ...(list.items[0]?.documentJointExtraciem ?? []),
      ...(list.items[0]?.documentJointLSExtraciem ?? []),
    ])
      expect(new Date(annex.dateCreation).getTime()).toBeGreaterThanOrEqual(release.getTime());
    const home = await homeDocuments();
    expect(home[0]?.id).toBe(held.id);
    expect(home[0]?.dateCreation).toBe(release.toISOString());
    // Ascending order puts it last, by the same date.
    const ascending = await get(ctx, '/api/document/list', 'participant.dmc', 'participant', {
      page: 1,
      size: 100,
      sort: 'dateCreation,ASC',
      categorieExtraciem: held.category,
      anneeDocuments: JSON.stringify(Array.from({ length: 40 }, (_, i) => 2000 + i)),
      typesDocuments: JSON.stringify(list.items.map((item) => item.typeDocument.id)),
    });
    expect(documentListReply.parse(ascending.json()).items.at(-1)?.id).toBe(held.id);
  });

  it('is released by the database’s clock, at the instant it says', async () => {
    // Half a second ahead of the database: hidden, then there without any write in between.
    const [clock] = await rowsOf<{ now: string }>(ctx.database.db, sql`select now()::text as now`);
    const release = new Date(new Date(String(clock?.now)).getTime() + 500);
    await setHeld({ availableFrom: release });
    expect((await get(ctx, `/api/document/${held.id}/`)).statusCode).toBe(404);
    // The database's clock must pass the instant: poll it rather than sleep a guessed time.
    await vi.waitFor(
      async () => {
        const [row] = await rowsOf<{ past: boolean }>(
          ctx.database.db,
          sql`select now() >= ${release.toISOString()}::timestamptz as past`,
        );
        expect(row?.past).toBe(true);
      },
      { timeout: 5_000, interval: 20 },
    );
    expect((await get(ctx, `/api/document/${held.id}/`)).statusCode).toBe(200);
  });

  it('is refused to correspondants like every document: they see none', async () => {
    await setHeld({ availableFrom: null });
    const reply = await get(ctx, `/api/document/${held.id}/`, 'corr.etablissement', 'correspondant');
    expect(reply.statusCode).toBe(403);
  });
});

describe('versions of documents', () => {
  it('gives a new version when the back office changes a document, not when its participant opens it', async () => {
    const version = async () => {
      const [row] = await ctx.database.db
        .select({ version: documents.version, updatedAt: documents.updatedAt })
        .from(documents)
        .where(eq(documents.id, held.id));
      if (!row) throw new Error('no document');
      return row;
    };
    const before = await version();
    expect((await get(ctx, `/api/document/${held.id}/`)).statusCode).toBe(200);
    expect((await version()).version).toBe(before.version);
    await setHeld({ availableFrom: new Date(Date.now() + DAY) });
    const after = await version();
    expect(after.version).toBe(before.version + 1);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
  });
});
