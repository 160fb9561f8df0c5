import { errorReply } from '@portail/contract/schemas/common';
import {
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  documentContent,
  documentListReply,
  documentTypesReply,
  documentYearsReply,
} from '@portail/contract/schemas/documents';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  documentTypes,
  users,
} from '../src/db/schema';
import { safeFileName } from '../src/features/documents/document-files';
import type { DocumentPageCache } from '../src/features/documents/document-page-cache';
import {
  accountOf,
  get,
  headersOf,
  JPEG,
  lastAuditOf,
  OTHER,
  PDF,
  PNG,
  participantIdOf,
  savedNameOf,
} from './documents-fixtures';
import { createTestContext, type TestContext } from './helper';

let ctx: TestContext;

/** The app's own documents list cache (its feature plugin creates it). */
const documentPageCache = () => ctx.app.listCaches.documents as DocumentPageCache;
let mine: number;
let theirs: number;
beforeAll(async () => {
  ctx = await createTestContext();
  mine = await participantIdOf(ctx, 'participant.dmc');
  theirs = await participantIdOf(ctx, 'participant.en');
});
afterAll(async () => ctx.close());

async function storedDocuments(participantId: number, category: DocumentCategory) {
  return ctx.database.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.participantId, participantId),
        eq(documents.category, category),
        eq(documents.active, true),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

async function typeIds(category: DocumentCategory) {
  const rows = await ctx.database.db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(eq(documentTypes.category, category));
  return rows.map((row) => row.id);
}

/** The list with every year and every type of the category, as the screen asks by default. */
async function listAll(
  category: DocumentCategory,
  extra: Record<string, string | number> = {},
  login?: string,
) {
  const query = {
    categorieExtraciem: category,
    anneeDocuments: JSON.stringify([2000, 2010, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]),
    typesDocuments: JSON.stringify(await typeIds(category)),
    ...extra,
  };
  return login
    ? get(ctx, '/api/document/list', login, 'staff', query)
    : get(ctx, '/api/document/list', 'participant.dmc', 'participant', query);
}

/** Runs `body` with one document's columns changed, then puts them back. */
async function withDocument(
  id: number,
  change: Partial<typeof documents.$inferInsert>,
  body: () => Promise<void>,
  content?: Uint8Array,
) {
  const [before] = await ctx.database.db.select().from(documents).where(eq(documents.id, id));
  const [bytes] = await ctx.database.db
    .select()
    .from(documentContents)
    .where(eq(documentContents.documentId, id));
  if (!before || !bytes) throw new Error(`no document ${id}`);
  await ctx.database.db.update(documents).set(change).where(eq(documents.id, id));
  if (content)
    await ctx.database.db
      .update(documentContents)
      .set({ content })
      .where(eq(documentContents.documentId, id));
  // Written behind the API's back: on PostgreSQL the triggers' notification reaches the page cache a
  // moment later (documents-cache.test.ts waits for it); these tests are about the lists' rules.
  documentPageCache().clear();
  try {
    await body();
  } finally {
    // visible_at is generated from the columns put back.
    const { visibleAt: _generated, ...columns } = before;
    await ctx.database.db.update(documents).set(columns).where(eq(documents.id, id));
    await ctx.database.db
      .update(documentContents)
      .set({ content: bytes.content })
      .where(eq(documentContents.documentId, id));
    documentPageCache().clear();
  }
}

const fieldsOf = (body: unknown) =>
  (errorReply.parse(body).fieldErrors ?? []).map((entry) => `${entry.field}:${entry.defaultMessage}`);

describe('document list', () => {
  it.each(DOCUMENT_CATEGORIES)('lists the caller’s active %s documents, newest first', async (category) => {
    const stored = await storedDocuments(mine, category);
    expect(stored.length).toBeGreaterThan(0);
    const reply = await listAll(category);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = documentListReply.parse(reply.json());
    expect(body.items.map((item) => item.id)).toEqual(stored.map((row) => row.id));
    expect(body.totalRows).toBe(stored.length);
    expect(body.subTotal).toBe(stored.length);
    for (const item of body.items) {
      expect(item.categorieExtraciem).toBe(category);
      expect(item.actif).toBe(true);
      const row = stored.find((entry) => entry.id === item.id);
      expect(item.nomDocument).toBe(row?.name);
      // No label of its own in the demo: the type's label and the check-up's day (document-title.ts).
      expect(item.libelleDocument).toMatch(/^.+ du \d{2}\/\d{2}\/\d{4}$/);
      expect(item.libelleDocument?.startsWith(item.typeDocument.label)).toBe(true);
      expect(item.anneeBilan).toBe(row?.checkupYear);
      expect(item.dateCreation).toBe(row?.createdAt.toISOString());
      expect(item.typeDocument.id).toBe(row?.documentTypeId);
    }
  });

  it('puts EXTRACIEM attachments and LS ones in their own arrays', async () => {
    const body = documentListReply.parse((await listAll('CONS_MEDICAL')).json());
    const withAttachments = body.items.filter((item) => item.documentJointExtraciem.length > 0);
    expect(withAttachments.length).toBeGreaterThan(0);
    for (const item of body.items) {
      const stored = await ctx.database.db
        .select()
        .from(documentAttachments)
        .where(eq(documentAttachments.documentId, item.id))
        .orderBy(asc(documentAttachments.id));
      const ids = (kind: string) => stored.filter((a) => a.kind === kind).map((a) => a.id);
      expect(item.documentJointExtraciem.map((a) => a.id)).toEqual(ids('EXTRACIEM'));
      expect(item.documentJointLSExtraciem.map((a) => a.id)).toEqual(ids('LS'));
    }
  });

  it('sorts by creation date both ways and refuses other sorts with a field error', async () => {
    const descending = documentListReply.parse((await listAll('MEDICO_TECHNIQUE')).json()).items;
    const ascending = documentListReply.parse(
      (await listAll('MEDICO_TECHNIQUE', { sort: 'dateCreation,ASC' })).json(),
    ).items;
    expect(ascending.map((item) => item.id)).toEqual(descending.map((item) => item.id).reverse());
    for (const sort of ['nomDocument,ASC', 'dateCreation', 'dateCreation,UP', 'id,DESC']) {
      const reply = await listAll('MEDICO_TECHNIQUE', { sort });
      expect(reply.statusCode, sort).toBe(400);
      expect(fieldsOf(reply.json())).toEqual(['sort:errors.sort']);
    }
  });

  it('pages from 1 with the same total on every page, past the end included', async () => {
    const all = documentListReply.parse((await listAll('MEDICO_TECHNIQUE')).json());
    expect(all.totalRows).toBe(3);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const body = documentListReply.parse((await listAll('MEDICO_TECHNIQUE', { page, size: 2 })).json());
      expect(body.totalRows).toBe(3);
      expect(body.subTotal).toBe(body.items.length);
      pages.push(...body.items.map((item) => item.id));
    }
    expect(pages).toEqual(all.items.map((item) => item.id));
    expect((await listAll('MEDICO_TECHNIQUE', { page: 0 })).statusCode).toBe(400);
    expect((await listAll('MEDICO_TECHNIQUE', { size: 101 })).statusCode).toBe(400);
  });

  it('filters on years and types', async () => {
    const stored = await storedDocuments(mine, 'CONS_MEDICAL');
    const year = stored[0]?.checkupYear ?? 0;
    const byYear = documentListReply.parse(
      (await listAll('CONS_MEDICAL', { anneeDocuments: JSON.stringify([year]) })).json(),
    );
    expect(byYear.items.map((item) => item.id)).toEqual(
      stored.filter((row) => row.checkupYear === year).map((row) => row.id),
    );
    const type = stored[0]?.documentTypeId ?? 0;
    const byType = documentListReply.parse(
      (await listAll('CONS_MEDICAL', { typesDocuments: JSON.stringify([type]) })).json(),
    );
    expect(byType.items.map((item) => item.id)).toEqual(
      stored.filter((row) => row.documentTypeId === type).map((row) => row.id),
    );
    // Types of another category select nothing of this one.
    const foreignTypes = JSON.stringify(await typeIds('COURRIER'));
    const none = documentListReply.parse(
      (await listAll('CONS_MEDICAL', { typesDocuments: foreignTypes })).json(),
    );
    expect(none).toEqual({ items: [], totalRows: 0, subTotal: 0 });
  });

  it('answers 400 with field errors for malformed JSON lists and other bad parameters', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ anneeDocuments: '[2025' }, ['anneeDocuments:errors.invalid']],
      [{ anneeDocuments: '[]' }, ['anneeDocuments:errors.required']],
      [{ anneeDocuments: '["2025"]' }, ['anneeDocuments.0:errors.invalid']],
      [{ typesDocuments: '{"a":1}' }, ['typesDocuments:errors.invalid']],
      [{ typesDocuments: '[1.5]' }, ['typesDocuments.0:errors.invalid']],
      [{ typesDocuments: 'abc' }, ['typesDocuments:errors.invalid']],
      [{ categorieExtraciem: 'AUTRE' }, ['categorieExtraciem:errors.invalid']],
      [{ actif: 'false' }, ['actif:errors.invalid']],
    ];
    for (const [query, expected] of cases) {
      const reply = await listAll('COURRIER', query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(fieldsOf(reply.json()), JSON.stringify(query)).toEqual(expected);
    }
    const missing = await get(ctx, '/api/document/list', 'participant.dmc', 'participant', {
      categorieExtraciem: 'COURRIER',
    });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing.json()).sort()).toEqual([
      'anneeDocuments:errors.required',
      'typesDocuments:errors.required',
    ]);
  });

  it('hides inactive documents from the list, the years and the viewer', async () => {
    const [target] = await storedDocuments(mine, 'CONS_MEDICAL');
    if (!target) throw new Error('no document');
    const [attachment] = await ctx.database.db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.documentId, target.id));
    await withDocument(target.id, { active: false }, async () => {
      const body = documentListReply.parse((await listAll('CONS_MEDICAL')).json());
      expect(body.items.map((item) => item.id)).not.toContain(target.id);
      expect((await get(ctx, `/api/document/${target.id}/`)).statusCode).toBe(404);
      if (attachment) expect((await get(ctx, `/api/document/${attachment.id}/ls/`)).statusCode).toBe(404);
    });
    const body = documentListReply.parse((await listAll('CONS_MEDICAL')).json());
    expect(body.items.map((item) => item.id)).toContain(target.id);
  });
});

describe('document types and years', () => {
  it('lists the active types of a category by label, for participants and admins', async () => {
    const stored = await ctx.database.db
      .select()
      .from(documentTypes)
      .where(and(eq(documentTypes.category, 'CONS_MEDICAL'), eq(documentTypes.active, true)))
      .orderBy(asc(documentTypes.label), asc(documentTypes.id));
    for (const [login, kind] of [
      ['participant.dmc', 'participant'],
      ['admin', 'staff'],
    ] as const) {
      const reply = await get(ctx, '/api/abstractenum/typedocument/CONS_MEDICAL', login, kind);
      expect(reply.statusCode, reply.body).toBe(200);
      const body = documentTypesReply.parse(reply.json());
      expect(body.map((type) => type.id)).toEqual(stored.map((type) => type.id));
      expect(body[0]?.labelEn).toBe(stored[0]?.labelEn ?? stored[0]?.label);
    }
    const [first] = stored;
    if (!first) throw new Error('no type');
    await ctx.database.db.update(documentTypes).set({ active: false }).where(eq(documentTypes.id, first.id));
    const without = documentTypesReply.parse(
      (await get(ctx, '/api/abstractenum/typedocument/CONS_MEDICAL')).json(),
    );
    expect(without.map((type) => type.id)).not.toContain(first.id);
    await ctx.database.db.update(documentTypes).set({ active: true }).where(eq(documentTypes.id, first.id));
    expect((await get(ctx, '/api/abstractenum/typedocument/AUTRE')).statusCode).toBe(400);
    // The one-segment enumeration route is still the enumerations'.
    const enums = await get(ctx, '/api/abstractenum/civilite');
    expect(enums.statusCode).toBe(200);
  });

  it('gives the years of the caller’s active documents, newest first', async () => {
    const rows = await ctx.database.db
      .selectDistinct({ year: documents.checkupYear })
      .from(documents)
      .where(and(eq(documents.participantId, mine), eq(documents.active, true)));
    const expected = rows.map((row) => row.year).sort((a, b) => b - a);
    const reply = await get(ctx, '/api/annees-bilans');
    expect(reply.statusCode).toBe(200);
    expect(documentYearsReply.parse(reply.json())).toEqual(expected);
    expect(expected.length).toBeGreaterThan(1);
  });
});

describe('document content', () => {
  it('serves the caller’s document with its bytes, uncached, audited and marked read', async () => {
    const [doc] = await storedDocuments(mine, 'MEDICO_TECHNIQUE');
    if (!doc) throw new Error('no document');
    await ctx.database.db.update(documents).set({ unread: true }).where(eq(documents.id, doc.id));
    const reply = await get(ctx, `/api/document/${doc.id}/`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers.pragma).toBe('no-cache');
    const body = documentContent.parse(reply.json());
    const [stored] = await ctx.database.db
      .select()
      .from(documentContents)
      .where(eq(documentContents.documentId, doc.id));
    expect(Buffer.from(body.bytes, 'base64').equals(Buffer.from(stored?.content ?? []))).toBe(true);
    expect(body.contentType).toBe('application/pdf');
    expect(body.document.nomDocument).toBe(await savedNameOf(ctx, doc.id));
    const [after] = await ctx.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(after?.unread).toBe(false);
    const { userId } = await accountOf(ctx, 'participant.dmc');
    const viewed = await lastAuditOf(ctx, userId, 'DOCUMENT_VIEWED');
    expect(viewed).toMatchObject({ targetType: 'document', targetId: String(doc.id) });

    const download = await get(ctx, `/api/document/${doc.id}/`, 'participant.dmc', 'participant', {
      usage: 'download',
    });
    expect(download.statusCode).toBe(200);
    const downloaded = await lastAuditOf(ctx, userId, 'DOCUMENT_DOWNLOADED');
    expect(downloaded).toMatchObject({ targetType: 'document', targetId: String(doc.id) });
    expect(downloaded?.id).toBeGreaterThan(viewed?.id ?? 0);
    const bad = await get(ctx, `/api/document/${doc.id}/`, 'participant.dmc', 'participant', {
      usage: 'print',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('names the content by the title the list shows, not the stored file name', async () => {
    const [doc] = await storedDocuments(mine, 'MEDICO_TECHNIQUE');
    if (!doc) throw new Error('no document');
    const nameOf = async () =>
      documentContent.parse(
        (
          await get(ctx, `/api/document/${doc.id}/`, 'participant.dmc', 'participant', { usage: 'download' })
        ).json(),
      ).document.nomDocument;
    const label = 'Résultats biologiques du 12/03/2026';
    await withDocument(
      doc.id,
      { name: 'BIO_20260312_42.pdf', label, nameDisplayMode: 'INFO_DOCUMENT' },
      async () => {
        expect(await nameOf()).toBe('Résultats biologiques du 12-03-2026.pdf');
      },
    );
    await withDocument(
      doc.id,
      { name: 'BIO_20260312_42.pdf', label, nameDisplayMode: 'NOM_DOCUMENT' },
      async () => {
        expect(await nameOf()).toBe('BIO_20260312_42.pdf');
      },
    );
  });

  it('serves attachments of both kinds by their own id on the /ls/ path', async () => {
    const rows = await ctx.database.db
      .select({ id: documentAttachments.id, kind: documentAttachments.kind, name: documentAttachments.name })
      .from(documentAttachments)
      .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
      .where(eq(documents.participantId, mine));
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['EXTRACIEM', 'LS']));
    const { userId } = await accountOf(ctx, 'participant.dmc');
    for (const row of rows.slice(0, 2)) {
      const reply = await get(ctx, `/api/document/${row.id}/ls/`);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      const body = documentContent.parse(reply.json());
      const [stored] = await ctx.database.db
        .select()
        .from(documentAttachmentContents)
        .where(eq(documentAttachmentContents.attachmentId, row.id));
      expect(Buffer.from(body.bytes, 'base64').equals(Buffer.from(stored?.content ?? []))).toBe(true);
      expect(body.document.nomDocument).toBe(row.name);
      expect(await lastAuditOf(ctx, userId, 'DOCUMENT_VIEWED')).toMatchObject({
        targetType: 'attachment',
        targetId: String(row.id),
      });
    }
  });

  it('answers another participant’s document or attachment exactly as an unknown id: 404', async () => {
    const [doc] = await storedDocuments(theirs, 'CONS_MEDICAL');
    const [attachment] = await ctx.database.db
      .select({ id: documentAttachments.id })
      .from(documentAttachments)
      .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
      .where(ne(documents.participantId, mine))
      .limit(1);
    if (!doc || !attachment) throw new Error('no foreign document');
    const unknown = await get(ctx, '/api/document/2000000000/');
    expect(unknown.statusCode).toBe(404);
    for (const url of [
      `/api/document/${doc.id}/`,
      `/api/document/${attachment.id}/ls/`,
      '/api/document/2000000000/ls/',
    ]) {
      const reply = await get(ctx, url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json()).toEqual(unknown.json());
    }
    // Written as the specification writes it, with the trailing slash; the id must be a number.
    expect((await get(ctx, '/api/document/abc/')).statusCode).toBe(400);
  });

  it('tells PDF, PNG and JPEG apart by their leading bytes, and makes the name a safe file name', async () => {
    const [doc] = await storedDocuments(mine, 'COURRIER');
    if (!doc) throw new Error('no document');
    const cases: [Uint8Array, string][] = [
      [PDF, 'application/pdf'],
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [OTHER, 'application/pdf'],
    ];
    for (const [bytes, contentType] of cases) {
      await withDocument(
        doc.id,
        { name: '../Compte "rendu"\u0007 évalué.pdf', nameDisplayMode: 'NOM_DOCUMENT' },
        async () => {
          const body = documentContent.parse((await get(ctx, `/api/document/${doc.id}/`)).json());
          expect(body.contentType).toBe(contentType);
          expect(Buffer.from(body.bytes, 'base64').equals(Buffer.from(bytes))).toBe(true);
          const expected = { 'application/pdf': '.pdf', 'image/png': '.png', 'image/jpeg': '.jpg' }[
            contentType
          ];
          expect(body.document.nomDocument).toBe(`_Compte rendu évalué${expected}`);
        },
        bytes,
      );
    }
  });
});

describe('safe file names', () => {
  it.each([
    ['Résultats_2025.pdf', 'application/pdf', 'Résultats_2025.pdf'],
    ['a/b\\c.PDF', 'application/pdf', 'a_b_c.pdf'],
    ['ordonnance', 'application/pdf', 'ordonnance.pdf'],
    ['photo.pdf', 'image/jpeg', 'photo.jpg'],
    ['photo.JPEG', 'image/jpeg', 'photo.jpeg'],
    ['scan.png.exe', 'image/png', 'scan.png'],
    ['x'.repeat(300), 'application/pdf', `${'x'.repeat(150)}.pdf`],
    ['  ..\u202eevil.pdf  ', 'application/pdf', 'evil.pdf'],
    ['"\'`<>:|?*', 'application/pdf', 'document.pdf'],
    ["Consommation d'alcool : les repères", 'application/pdf', 'Consommation d’alcool les repères.pdf'],
    ['L’aide à l’arrêt', 'application/pdf', 'L’aide à l’arrêt.pdf'],
    ["'cité' ", 'application/pdf', 'cité.pdf'],
    ['', 'image/png', 'document.png'],
  ] as const)('%j as %s gives %j', (name, type, expected) => {
    expect(safeFileName(name, type)).toBe(expected);
  });
});

describe('medical-record access', () => {
  const ROUTES = [
    '/api/document/list?categorieExtraciem=COURRIER&anneeDocuments=[2025]&typesDocuments=[1]',
    '/api/abstractenum/typedocument/COURRIER',
    '/api/annees-bilans',
    '/api/document/1/',
    '/api/document/1/ls/',
    '/api/fiche/list',
    '/api/fiche/1/',
    '/api/mail',
  ];

  it.each(['participant.sansdmc', 'participant.refus'])(
    'refuses %s, who has not accepted the medical record, on every route',
    async (login) => {
      for (const url of ROUTES) {
        const reply = await get(ctx, url, login);
        expect(reply.statusCode, url).toBe(403);
        expect(errorReply.parse(reply.json()).message).toBe('document.error.dmcNonAccepte');
      }
      const send = await ctx.app.inject({
        method: 'POST',
        url: '/api/document/download',
        headers: await headersOf(ctx, login),
        payload: { mail: 'a@b.fr', password: 'x', idDocuments: [1] },
      });
      expect(send.statusCode).toBe(403);
      expect(errorReply.parse(send.json()).message).toBe('document.error.dmcNonAccepte');
    },
  );

  it('refuses correspondants by role', async () => {
    for (const url of ROUTES) {
      const reply = await get(ctx, url, 'corr.etablissement', 'correspondant');
      expect(reply.statusCode, url).toBe(403);
      expect(errorReply.parse(reply.json()).message).toBe('http.403');
    }
  });

  it('gives an admin empty lists and 404 for any document, but the centre’s types', async () => {
    const list = documentListReply.parse((await listAll('CONS_MEDICAL', {}, 'admin')).json());
    expect(list).toEqual({ items: [], totalRows: 0, subTotal: 0 });
    expect((await get(ctx, '/api/annees-bilans', 'admin', 'staff')).json()).toEqual([]);
    const [doc] = await storedDocuments(mine, 'CONS_MEDICAL');
    expect((await get(ctx, `/api/document/${doc?.id}/`, 'admin', 'staff')).statusCode).toBe(404);
  });
});

describe('own mail', () => {
  it('answers the caller’s own mail as plain text', async () => {
    const { email } = await accountOf(ctx, 'participant.dmc');
    const reply = await get(ctx, '/api/mail');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body).toBe(email);
  });

  it('answers document.error.mail when the caller has none', async () => {
    const { userId } = await accountOf(ctx, 'participant.test1');
    await ctx.database.db.update(users).set({ email: null }).where(eq(users.id, userId));
    const reply = await get(ctx, '/api/mail', 'participant.test1');
    expect(reply.statusCode).toBe(404);
    expect(errorReply.parse(reply.json()).message).toBe('document.error.mail');
  });
});
