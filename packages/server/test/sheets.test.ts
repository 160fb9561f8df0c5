import { errorReply } from '@portail/contract/schemas/common';
import { documentContent, sheetListReply } from '@portail/contract/schemas/documents';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviceSheetContents, adviceSheets } from '../src/db/schema';
import { accountOf, get, JPEG, lastAuditOf } from './documents-fixtures';
import { createTestContext, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function activeSheets(descending = true) {
  const order = descending ? desc : asc;
  return ctx.database.db
    .select()
    .from(adviceSheets)
    .where(eq(adviceSheets.active, true))
    .orderBy(order(adviceSheets.createdAt), order(adviceSheets.id));
}

describe('advice sheet list', () => {
  it.each([
    ['participant.dmc', 'participant'],
    ['admin', 'staff'],
  ] as const)('lists the active sheets newest first for %s', async (login, kind) => {
    const stored = await activeSheets();
    const reply = await get(ctx, '/api/fiche/list', login, kind, { page: 1, size: 20, actif: 'true' });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = sheetListReply.parse(reply.json());
    expect(body.items.map((item) => item.id)).toEqual(stored.map((row) => row.id));
    expect(body.items[0]).toEqual({
      id: stored[0]?.id,
      dateCreation: stored[0]?.createdAt.toISOString(),
      nomDocument: stored[0]?.name,
      nomDocumentEn: stored[0]?.nameEn,
    });
    expect(stored[0]?.nameEn).toBeTruthy();
    expect(stored[0]?.nameEn).not.toBe(stored[0]?.name);
    expect(body.totalRows).toBe(stored.length);
    const [retired] = await ctx.database.db.select().from(adviceSheets).where(eq(adviceSheets.active, false));
    expect(retired).toBeDefined();
    expect(body.items.map((item) => item.id)).not.toContain(retired?.id);
  });

  it('sorts by date both ways, pages from 1 and refuses other sorts', async () => {
    const ascending = await activeSheets(false);
    const body = sheetListReply.parse(
      (
        await get(ctx, '/api/fiche/list', 'participant.dmc', 'participant', { sort: 'dateCreation,ASC' })
      ).json(),
    );
    expect(body.items.map((item) => item.id)).toEqual(ascending.map((row) => row.id));
    const second = sheetListReply.parse(
      (await get(ctx, '/api/fiche/list', 'participant.dmc', 'participant', { page: 2, size: 2 })).json(),
    );
    const descending = await activeSheets();
    expect(second.items.map((item) => item.id)).toEqual(descending.slice(2, 4).map((row) => row.id));
    expect(second.totalRows).toBe(descending.length);
    const refused: Record<string, string | number>[] = [
      { sort: 'nomDocument,ASC' },
      { page: 0 },
      { actif: 'false' },
    ];
    for (const query of refused) {
      const reply = await get(ctx, '/api/fiche/list', 'participant.dmc', 'participant', query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('advice sheet content', () => {
  it('serves a sheet to participants and admins, uncached and audited', async () => {
    const [sheet] = await activeSheets();
    if (!sheet) throw new Error('no sheet');
    for (const [login, kind] of [
      ['participant.dmc', 'participant'],
      ['admin', 'staff'],
    ] as const) {
      const reply = await get(ctx, `/api/fiche/${sheet.id}/`, login, kind, { usage: 'download' });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.headers.pragma).toBe('no-cache');
      const body = documentContent.parse(reply.json());
      const [stored] = await ctx.database.db
        .select()
        .from(adviceSheetContents)
        .where(eq(adviceSheetContents.sheetId, sheet.id));
      expect(Buffer.from(body.bytes, 'base64').equals(Buffer.from(stored?.content ?? []))).toBe(true);
      expect(body.contentType).toBe('application/pdf');
      expect(body.document.nomDocument).toMatch(/\.pdf$/);
      const { userId } = await accountOf(ctx, login);
      expect(await lastAuditOf(ctx, userId, 'SHEET_DOWNLOADED')).toMatchObject({
        targetType: 'sheet',
        targetId: String(sheet.id),
      });
    }
    await get(ctx, `/api/fiche/${sheet.id}/`);
    const { userId } = await accountOf(ctx, 'participant.dmc');
    expect(await lastAuditOf(ctx, userId, 'SHEET_VIEWED')).toMatchObject({ targetId: String(sheet.id) });
  });

  it('detects an image sheet by its bytes', async () => {
    const [sheet] = await activeSheets();
    if (!sheet) throw new Error('no sheet');
    const [before] = await ctx.database.db
      .select()
      .from(adviceSheetContents)
      .where(eq(adviceSheetContents.sheetId, sheet.id));
    await ctx.database.db
      .update(adviceSheetContents)
      .set({ content: JPEG })
      .where(eq(adviceSheetContents.sheetId, sheet.id));
    try {
      const body = documentContent.parse((await get(ctx, `/api/fiche/${sheet.id}/`)).json());
      expect(body.contentType).toBe('image/jpeg');
      expect(body.document.nomDocument).toMatch(/\.jpg$/);
    } finally {
      await ctx.database.db
        .update(adviceSheetContents)
        .set({ content: before?.content ?? new Uint8Array() })
        .where(eq(adviceSheetContents.sheetId, sheet.id));
    }
  });

  it('answers 404 for a retired sheet and an unknown one', async () => {
    const [retired] = await ctx.database.db.select().from(adviceSheets).where(eq(adviceSheets.active, false));
    for (const id of [retired?.id, 2_000_000_000]) {
      const reply = await get(ctx, `/api/fiche/${id}/`);
      expect(reply.statusCode).toBe(404);
      expect(errorReply.parse(reply.json()).message).toBe('http.404');
    }
  });

  it('refuses a participant without the medical record', async () => {
    const [sheet] = await activeSheets();
    const reply = await get(ctx, `/api/fiche/${sheet?.id}/`, 'participant.sansdmc');
    expect(reply.statusCode).toBe(403);
    expect(errorReply.parse(reply.json()).message).toBe('document.error.dmcNonAccepte');
  });
});
