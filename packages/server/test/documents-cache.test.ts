import { type DocumentListReply, documentListReply } from '@portail/contract/schemas/documents';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentAttachments, documents, documentTypes } from '../src/db/schema';
import {
  type DocumentPageCache,
  documentPageKey,
  participantKey,
} from '../src/features/documents/document-page-cache';
import { get, participantIdOf } from './documents-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * The cached pages of the document lists never outlive a change: the triggers on documents, their
 * attachments and their types notify at commit, and the pages go (migration 0004).
 */
let ctx: TestContext;

/** The app's own documents list cache (its feature plugin creates it). */
const documentPageCache = () => ctx.app.listCaches.documents as DocumentPageCache;
let participantId: number;
let query: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  participantId = await participantIdOf(ctx, 'participant.dmc');
  const mine = await ctx.database.db
    .select({ year: documents.checkupYear, type: documents.documentTypeId })
    .from(documents)
    .where(and(eq(documents.participantId, participantId), eq(documents.category, 'CONS_MEDICAL')));
  query = {
    categorieExtraciem: 'CONS_MEDICAL',
    anneeDocuments: JSON.stringify([...new Set(mine.map((row) => row.year))]),
    typesDocuments: JSON.stringify([...new Set(mine.map((row) => row.type))]),
  };
});
afterAll(async () => ctx.close());

async function list(): Promise<DocumentListReply> {
  const reply = await get(ctx, '/api/document/list', 'participant.dmc', 'participant', query);
  expect(reply.statusCode).toBe(200);
  return documentListReply.parse(reply.json());
}

describe('document list cache', () => {
  it('holds a page, and drops it when a document of the participant changes', async () => {
    const before = await list();
    const first = before.items[0];
    if (!first) throw new Error('participant.dmc has consultations');
    // The page is held, so only the notification can make the change show.
    const years = JSON.parse(query.anneeDocuments ?? '[]') as number[];
    const typeIds = JSON.parse(query.typesDocuments ?? '[]') as number[];
    const key = documentPageKey(
      { category: 'CONS_MEDICAL', years, typeIds },
      { limit: 20, offset: 0 },
      true,
      'fr_FR',
    );
    expect(documentPageCache().get(participantKey(participantId), key)).toEqual(before);
    await ctx.database.db.update(documents).set({ name: 'Renommé.pdf' }).where(eq(documents.id, first.id));
    await vi.waitFor(async () => expect((await list()).items[0]?.nomDocument).toBe('Renommé.pdf'), {
      timeout: 2000,
    });
    await ctx.database.db.update(documents).set({ active: false }).where(eq(documents.id, first.id));
    await vi.waitFor(async () => expect((await list()).items.map((row) => row.id)).not.toContain(first.id), {
      timeout: 2000,
    });
    await ctx.database.db.update(documents).set({ active: true }).where(eq(documents.id, first.id));
  });

  it('drops the pages when an attachment or a type changes', async () => {
    const withAnnex = (await list()).items.find((row) => row.documentJointExtraciem.length > 0);
    if (!withAnnex) throw new Error('participant.dmc has a consultation with attachments');
    const annex = withAnnex.documentJointExtraciem[0];
    if (!annex) throw new Error('unreachable');
    await ctx.database.db
      .update(documentAttachments)
      .set({ name: 'ECG_renommé.pdf' })
      .where(eq(documentAttachments.id, annex.id));
    await vi.waitFor(
      async () =>
        expect(
          (await list()).items.flatMap((row) => row.documentJointExtraciem.map((a) => a.nomDocument)),
        ).toContain('ECG_renommé.pdf'),
      { timeout: 2000 },
    );
    const typeIds = JSON.parse(query.typesDocuments ?? '[]') as number[];
    await ctx.database.db
      .update(documentTypes)
      .set({ labelEn: 'Renamed type' })
      .where(inArray(documentTypes.id, typeIds));
    await vi.waitFor(
      async () =>
        expect((await list()).items.every((row) => row.typeDocument.labelEn === 'Renamed type')).toBe(true),
      { timeout: 2000 },
    );
  });
});
