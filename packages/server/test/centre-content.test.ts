import { documentsCiemReply } from '@portail/contract/schemas/legal';
import { and, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { createTestContext, type SignedIn, signIn, type TestContext } from './helper';

let ctx: TestContext;
let admin: SignedIn;
let operator: SignedIn;
let participant: SignedIn;
let pdf: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signIn(ctx, 'admin', 'staff');
  operator = await signIn(ctx, 'operateur', 'staff');
  participant = await signIn(ctx, 'participant.dmc', 'participant');
  const document = await PDFDocument.create();
  document.addPage().drawText('Fiche conseil : le sommeil');
  pdf = Buffer.from(await document.save()).toString('base64');
});
afterAll(async () => ctx.close());

function call(as: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: as.headers,
    ...(payload ? { payload: payload as object } : {}),
  });
}

interface Content {
  sheets: {
    id: number;
    name: string;
    nameEn: string | null;
    publishedOn: string;
    active: boolean;
    size: number;
  }[];
  legal: {
    id: number;
    parentId: number | null;
    label: string;
    active: boolean;
    folder: boolean;
    sortOrder: number;
  }[];
}

async function sheetNames(): Promise<string[]> {
  const reply = await call(participant, 'GET', '/api/fiche/list?page=1&size=100');
  return reply.json<{ items: { nomDocument: string }[] }>().items.map((item) => item.nomDocument);
}

describe('content the centre publishes', () => {
  it('is for administrators only', async () => {
    expect((await call(operator, 'GET', '/api/centre/content')).statusCode).toBe(403);
    expect((await call(participant, 'GET', '/api/centre/content')).statusCode).toBe(403);
    const reply = await call(admin, 'GET', '/api/centre/content');
    expect(reply.statusCode).toBe(200);
    expect(reply.json<Content>().sheets.length).toBeGreaterThan(0);
  });

  it('publishes an advice sheet (a PDF) that participants then read, renames it, withdraws and restores it', async () => {
    const added = await call(admin, 'POST', '/api/centre/content/sheets', {
      name: 'Bien dormir',
      nameEn: 'Sleeping well',
      publishedOn: '2026-11-20',
      file: pdf,
    });
    expect(added.statusCode, added.body).toBe(200);
    const sheet = added.json<Content>().sheets.find((item) => item.name === 'Bien dormir');
    expect(sheet).toMatchObject({ nameEn: 'Sleeping well', publishedOn: '2026-11-20', active: true });
    expect(await sheetNames()).toContain('Bien dormir');
    const read = await call(participant, 'GET', `/api/fiche/${sheet?.id}/`);
    expect(
      Buffer.from(read.json<{ bytes: string }>().bytes, 'base64').equals(Buffer.from(pdf, 'base64')),
    ).toBe(true);

    await call(admin, 'PATCH', `/api/centre/content/sheets/${sheet?.id}`, {
      name: 'Bien dormir, bien vivre',
    });
    expect(await sheetNames()).toContain('Bien dormir, bien vivre');
    await call(admin, 'PATCH', `/api/centre/content/sheets/${sheet?.id}`, { active: false });
    expect(await sheetNames()).not.toContain('Bien dormir, bien vivre');
    expect((await call(participant, 'GET', `/api/fiche/${sheet?.id}/`)).statusCode).toBe(404);
    await call(admin, 'PATCH', `/api/centre/content/sheets/${sheet?.id}`, { active: true });
    expect(await sheetNames()).toContain('Bien dormir, bien vivre');

    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CONTENT_SHEET_CHANGED'), eq(auditLog.targetId, String(sheet?.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.details).toMatchObject({ after: { active: true } });
  });

  it('refuses what is not a PDF, a file too large and an empty title, and changes nothing', async () => {
    const before = (await call(admin, 'GET', '/api/centre/content')).json<Content>().sheets.length;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64');
    const notPdf = await call(admin, 'POST', '/api/centre/content/sheets', { name: 'Image', file: png });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({
      fieldErrors: [{ field: 'file', defaultMessage: 'centre.content.notPdf' }],
    });
    const large = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 1000, 0x20)]);
    const tooLarge = await call(admin, 'POST', '/api/centre/content/sheets', {
      name: 'Trop grand',
      file: large.toString('base64'),
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      fieldErrors: [{ field: 'file', defaultMessage: 'centre.content.tooLarge' }],
    });
    const huge = await call(admin, 'POST', '/api/centre/content/sheets', {
      name: 'Énorme',
      file: Buffer.alloc(12 * 1024 * 1024, 0x41).toString('base64'),
    });
    // Past the body limit: refused before it is read, with the portal's error shape.
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: 413, message: expect.stringMatching(/^http\./) });
    const untitled = await call(admin, 'POST', '/api/centre/content/sheets', { name: '  ', file: pdf });
    expect(untitled.statusCode).toBe(400);
    const garbage = await call(admin, 'POST', '/api/centre/content/sheets', {
      name: 'x',
      file: 'not base64!',
    });
    expect(garbage.statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/centre/content')).json<Content>().sheets).toHaveLength(before);
    expect(
      (await call(admin, 'PATCH', '/api/centre/content/sheets/999999', { active: false })).statusCode,
    ).toBe(404);
  });

  it('adds a data-protection folder and a document in it, orders them, and withdraws the folder', async () => {
    const folder = (
      await call(admin, 'POST', '/api/centre/content/legal', {
        parentId: null,
        label: 'Registre des traitements',
        labelEn: 'Record of processing',
      })
    )
      .json<Content>()
      .legal.find((node) => node.label === 'Registre des traitements');
    expect(folder).toMatchObject({ folder: true, active: true });
    const added = await call(admin, 'POST', '/api/centre/content/legal', {
      parentId: folder?.id,
      label: 'Registre 2026',
      file: pdf,
    });
    expect(added.statusCode, added.body).toBe(200);
    const document = added.json<Content>().legal.find((node) => node.label === 'Registre 2026');
    // A document is no folder: nothing goes in it.
    const inDocument = await call(admin, 'POST', '/api/centre/content/legal', {
      parentId: document?.id,
      label: 'Dedans',
      file: pdf,
    });
    expect(inDocument.json()).toMatchObject({
      fieldErrors: [{ field: 'parentId', defaultMessage: 'centre.content.noFolder' }],
    });

    const tree = async () =>
      documentsCiemReply.parse((await call(participant, 'GET', '/api/get-documents-ciem')).json());
    expect((await tree()).at(-1)).toMatchObject({
      libelle: 'Registre des traitements',
      children: [{ libelle: 'Registre 2026' }],
    });

    // Up among the top-level entries: it changes places with the one above.
    const moved = await call(admin, 'PATCH', `/api/centre/content/legal/${folder?.id}`, { move: 'up' });
    const roots = moved.json<Content>().legal.filter((node) => node.parentId === null);
    expect(roots.at(-2)?.id).toBe(folder?.id);
    expect((await tree()).at(-2)?.libelle).toBe('Registre des traitements');

    await call(admin, 'PATCH', `/api/centre/content/legal/${folder?.id}`, { active: false });
    expect((await tree()).map((node) => node.libelle)).not.toContain('Registre des traitements');
    expect(JSON.stringify(await tree())).not.toContain('Registre 2026');
  });
});
