import type {
  Binary,
  Bundle,
  CapabilityStatement,
  DocumentReference,
  OperationOutcome,
} from '@medplum/fhirtypes';
import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import {
  ATTACHMENT_KIND_SYSTEM,
  DOCUMENT_CATEGORY_SYSTEM,
  DOCUMENT_ID_SYSTEM,
  DOCUMENT_TYPE_SYSTEM,
} from '@portail/contract/integration/fhir-documents';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adviceSheetContents,
  adviceSheets,
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  legalDocuments,
} from '../src/db/schema';
import { DOCUMENT_EXTENSION } from '../src/features/integration/document-reference.mapping';
import { checkAgainstDefinitions } from '../src/features/integration/fhir-definitions';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * Issue 19: DocumentReference and Binary read by a FHIR client no one here wrote (fhir-kit-client),
 * over HTTP against the listening server.
 */
let ctx: TestContext;
let baseUrl: string;
let client: Client;
let token: string;

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestContext({ participants: 20, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}${FHIR_BASE_PATH}`;
  const reader = await systemClient(ctx, 'system/DocumentReference.rs system/Binary.r');
  token = await reader.token();
  client = new Client({ baseUrl, bearerToken: token });
}, 60_000);
afterAll(async () => ctx.close());

async function refusal(call: Promise<unknown>): Promise<{ status: number; outcome: OperationOutcome }> {
  try {
    await call;
  } catch (error) {
    const { response } = error as { response: { status: number; data: OperationOutcome } };
    return { status: response.status, outcome: response.data };
  }
  throw new Error('the call was not refused');
}

const read = async (id: string) =>
  (await client.read({ resourceType: 'DocumentReference', id })) as unknown as DocumentReference;
const search = async (searchParams: Record<string, string | number>) =>
  (await client.search({
    resourceType: 'DocumentReference',
    searchParams,
  })) as unknown as Bundle<DocumentReference>;
const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource?.id);

/** A medical document with attachments of both kinds. */
async function documentWithAttachments() {
  const [row] = await ctx.database.db
    .select({ document: documents })
    .from(documents)
    .where(
      sql`exists (select 1 from ${documentAttachments} a where a.document_id = ${documents.id} and a.kind = 'LS')
        and exists (select 1 from ${documentAttachments} a where a.document_id = ${documents.id} and a.kind = 'EXTRACIEM')`,
    )
    .orderBy(asc(documents.id))
    .limit(1);
  if (!row) throw new Error('no document with both kinds of attachments');
  return row.document;
}

describe('CapabilityStatement', () => {
  it('lists DocumentReference (read, search and its parameters, create, update, history) and Binary (read, create)', async () => {
    const statement = (await new Client({ baseUrl }).capabilityStatement()) as unknown as CapabilityStatement;
    const resources = statement.rest?.[0]?.resource ?? [];
    const documentReference = resources.find((resource) => resource.type === 'DocumentReference');
    expect(documentReference?.interaction?.map((i) => i.code)).toEqual([
      'read',
      'vread',
      'search-type',
      'create',
      'update',
      'history-type',
    ]);
    expect(documentReference?.searchParam?.map((param) => param.name)).toEqual([
      '_id',
      'identifier',
      'patient',
      'subject',
      'category',
      'type',
      'date',
      '_lastUpdated',
    ]);
    const binary = resources.find((resource) => resource.type === 'Binary');
    expect(binary?.interaction?.map((i) => i.code)).toEqual(['read', 'vread', 'create']);
    expect(binary?.searchParam).toBeUndefined();
  });
});

describe('DocumentReference', () => {
  it('reads a medical document as a valid R4 DocumentReference: category, type, subject, check-up, PDF and attachments', async () => {
    const row = await documentWithAttachments();
    const reference = await read(String(row.id));
    expect(checkAgainstDefinitions(reference)).toEqual([]);
    expect(reference).toMatchObject({
      id: String(row.id),
      meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
      identifier: [{ system: DOCUMENT_ID_SYSTEM.document, value: String(row.id) }],
      status: 'current',
      docStatus: 'final',
      subject: { reference: `Patient/${row.participantId}` },
      date: row.createdAt.toISOString(),
      type: { coding: [{ system: DOCUMENT_TYPE_SYSTEM, code: String(row.documentTypeId) }] },
      category: [{ coding: [{ system: DOCUMENT_CATEGORY_SYSTEM, code: row.category }] }],
    });
    if (row.checkupId !== null)
      expect(reference.context?.encounter).toEqual([{ reference: `EpisodeOfCare/${row.checkupId}` }]);
    expect(reference.extension).toContainEqual({
      url: DOCUMENT_EXTENSION.checkupYear,
      valueInteger: row.checkupYear,
    });
    const [pdf, ...annexes] = reference.content;
    const [bytes] = await ctx.database.db
      .select()
      .from(documentContents)
      .where(eq(documentContents.documentId, row.id));
    expect(pdf?.attachment).toMatchObject({
      contentType: 'application/pdf',
      url: `${baseUrl}/Binary/${row.id}`,
      size: bytes?.content.length,
      title: row.name,
    });
    const stored = await ctx.database.db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.documentId, row.id))
      .orderBy(asc(documentAttachments.createdAt), asc(documentAttachments.id));
    expect(
      annexes.map((annex) => [annex.attachment.url, annex.attachment.title, annex.extension?.[0]]),
    ).toEqual(
      stored.map((attachment) => [
        `${baseUrl}/Binary/annexe-${attachment.id}`,
        attachment.name,
        {
          url: DOCUMENT_EXTENSION.attachmentKind,
          valueCoding: expect.objectContaining({ system: ATTACHMENT_KIND_SYSTEM, code: attachment.kind }),
        },
      ]),
    );
  });

  it('shows a withdrawn document as entered-in-error and a held one with its date, each change a new version', async () => {
    const row = await documentWithAttachments();
    const until = new Date('2031-05-06T08:30:00.000Z');
    await ctx.database.db
      .update(documents)
      .set({ active: false, availableFrom: until })
      .where(eq(documents.id, row.id));
    const changed = await read(String(row.id));
    expect(changed.status).toBe('entered-in-error');
    expect(changed.extension).toContainEqual({
      url: DOCUMENT_EXTENSION.availableFrom,
      valueDateTime: until.toISOString(),
    });
    expect(changed.meta?.versionId).toBe(String(row.version + 1));
    await ctx.database.db
      .update(documents)
      .set({ active: true, availableFrom: null })
      .where(eq(documents.id, row.id));
    expect((await read(String(row.id))).status).toBe('current');
  });

  it('reads advice sheets (fiche-N) and data-protection documents (rgpd-N) with their own categories', async () => {
    const [sheet] = await ctx.database.db.select().from(adviceSheets).orderBy(asc(adviceSheets.id)).limit(1);
    const [legal] = await ctx.database.db
      .select()
      .from(legalDocuments)
      .where(isNotNull(legalDocuments.content))
      .orderBy(asc(legalDocuments.id))
      .limit(1);
    if (!sheet || !legal) throw new Error('no sheet or data-protection document');
    const sheetReference = await read(`fiche-${sheet.id}`);
    expect(checkAgainstDefinitions(sheetReference)).toEqual([]);
    expect(sheetReference).toMatchObject({
      category: [{ coding: [{ code: 'FICHE_CONSEIL' }] }],
      description: sheet.name,
      content: [{ attachment: { url: `${baseUrl}/Binary/fiche-${sheet.id}` } }],
    });
    expect(sheetReference.subject).toBeUndefined();
    const legalReference = await read(`rgpd-${legal.id}`);
    expect(checkAgainstDefinitions(legalReference)).toEqual([]);
    expect(legalReference).toMatchObject({
      category: [{ coding: [{ code: 'PROTECTION_DONNEES' }] }],
      description: legal.label,
    });
    // A folder is no document.
    const [folder] = await ctx.database.db
      .select()
      .from(legalDocuments)
      .where(sql`${legalDocuments.content} is null`)
      .limit(1);
    if (folder) expect((await refusal(read(`rgpd-${folder.id}`))).status).toBe(404);
  });

  it('searches by patient, category, type, date (a day at the centre), identifier, _id and _lastUpdated', async () => {
    const row = await documentWithAttachments();
    const [mine] = await ctx.database.db
      .select({ n: count() })
      .from(documents)
      .where(eq(documents.participantId, row.participantId));
    const byPatient = await search({ patient: `Patient/${row.participantId}`, _count: 500 });
    expect(byPatient.total).toBe(mine?.n);
    expect(
      byPatient.entry?.every((e) => e.resource?.subject?.reference === `Patient/${row.participantId}`),
    ).toBe(true);
    expect((await search({ subject: `Patient/${row.participantId}`, _count: 1 })).total).toBe(mine?.n);

    const [ofCategory] = await ctx.database.db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.participantId, row.participantId), eq(documents.category, row.category)));
    const byCategory = await search({
      patient: String(row.participantId),
      category: `${DOCUMENT_CATEGORY_SYSTEM}|${row.category}`,
    });
    expect(byCategory.total).toBe(ofCategory?.n);

    const [sheets] = await ctx.database.db.select({ n: count() }).from(adviceSheets);
    expect((await search({ category: 'FICHE_CONSEIL' })).total).toBe(sheets?.n);
    const [pdfs] = await ctx.database.db
      .select({ n: count() })
      .from(legalDocuments)
      .where(isNotNull(legalDocuments.content));
    expect((await search({ category: 'PROTECTION_DONNEES,FICHE_CONSEIL' })).total).toBe(
      (pdfs?.n ?? 0) + (sheets?.n ?? 0),
    );

    const byType = await search({
      type: `${DOCUMENT_TYPE_SYSTEM}|${row.documentTypeId}`,
      patient: row.participantId,
    });
    expect(byType.entry?.map((e) => e.resource?.id)).toContain(String(row.id));
    expect(
      byType.entry?.every((e) => e.resource?.type?.coding?.[0]?.code === String(row.documentTypeId)),
    ).toBe(true);

    // 23:30 UTC on 1 March is 00:30 on 2 March in Paris: the day at the centre decides.
    await ctx.database.db
      .update(documents)
      .set({ createdAt: new Date('2019-03-01T23:30:00Z') })
      .where(eq(documents.id, row.id));
    expect(idsOf(await search({ date: '2019-03-02' }))).toEqual([String(row.id)]);
    expect(idsOf(await search({ date: '2019-03-01' }))).toEqual([]);
    expect(idsOf(await search({ date: 'lt2019-03-02' }))).toEqual([]);
    expect(idsOf(await search({ date: 'le2019-03-02' }))).toEqual([String(row.id)]);
    expect(idsOf(await search({ date: 'lt2019-03-01T23:30:01Z' }))).toEqual([String(row.id)]);

    expect(idsOf(await search({ identifier: `${DOCUMENT_ID_SYSTEM.document}|${row.id}` }))).toEqual([
      String(row.id),
    ]);
    expect(idsOf(await search({ _id: String(row.id) }))).toEqual([String(row.id)]);
    const changed = await read(String(row.id));
    const recent = await search({ _lastUpdated: `ge${changed.meta?.lastUpdated}`, _count: 500 });
    expect(idsOf(recent)).toContain(String(row.id));
    expect(
      recent.entry?.every((e) => (e.resource?.meta?.lastUpdated ?? '') >= (changed.meta?.lastUpdated ?? '')),
    ).toBe(true);
  });

  it('refuses malformed parameters with an OperationOutcome naming them', async () => {
    for (const [name, value] of [
      ['category', 'RADIO'],
      ['category', 'http://other|COURRIER'],
      ['patient', 'Group/1'],
      ['type', 'abc'],
      ['date', '2026-13-40'],
      ['identifier', 'http://other|1'],
      ['_id', 'doc-1'],
    ] as const) {
      const refused = await refusal(search({ [name]: value }));
      expect(refused.status, `${name}=${value}`).toBe(400);
      expect(refused.outcome.issue[0]?.expression).toEqual([name]);
    }
    expect((await refusal(read('fiche-0'))).status).toBe(404);
    expect((await refusal(read('99999999'))).status).toBe(404);
  });
});

describe('Binary', () => {
  it('answers the PDF as FHIR JSON (base64), and as the bytes to Accept: application/pdf', async () => {
    const row = await documentWithAttachments();
    const [bytes] = await ctx.database.db
      .select()
      .from(documentContents)
      .where(eq(documentContents.documentId, row.id));
    const binary = (await client.read({ resourceType: 'Binary', id: String(row.id) })) as unknown as Binary;
    expect(checkAgainstDefinitions(binary)).toEqual([]);
    expect(binary.contentType).toBe('application/pdf');
    expect(binary.securityContext).toEqual({ reference: `DocumentReference/${row.id}` });
    expect(Buffer.from(binary.data ?? '', 'base64').equals(Buffer.from(bytes?.content ?? []))).toBe(true);

    const raw = await fetch(`${baseUrl}/Binary/${row.id}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/pdf' },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('application/pdf');
    expect(raw.headers.get('etag')).toBe(`W/"${binary.meta?.versionId}"`);
    const body = Buffer.from(await raw.arrayBuffer());
    expect(body.equals(Buffer.from(bytes?.content ?? []))).toBe(true);
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('serves attachments, sheets and data-protection PDFs by the ids their DocumentReferences give', async () => {
    const row = await documentWithAttachments();
    const [annex] = await ctx.database.db
      .select()
      .from(documentAttachmentContents)
      .innerJoin(documentAttachments, eq(documentAttachments.id, documentAttachmentContents.attachmentId))
      .where(eq(documentAttachments.documentId, row.id))
      .limit(1);
    const [sheet] = await ctx.database.db.select().from(adviceSheetContents).limit(1);
    if (!annex || !sheet) throw new Error('no attachment or sheet');
    const annexBinary = (await client.read({
      resourceType: 'Binary',
      id: `annexe-${annex.document_attachments.id}`,
    })) as unknown as Binary;
    expect(
      Buffer.from(annexBinary.data ?? '', 'base64').equals(
        Buffer.from(annex.document_attachment_contents.content),
      ),
    ).toBe(true);
    expect(annexBinary.securityContext).toEqual({ reference: `DocumentReference/${row.id}` });
    const sheetBinary = (await client.read({
      resourceType: 'Binary',
      id: `fiche-${sheet.sheetId}`,
    })) as unknown as Binary;
    expect(Buffer.from(sheetBinary.data ?? '', 'base64').equals(Buffer.from(sheet.content))).toBe(true);
    for (const id of ['annexe-99999999', 'annexe-0', 'fiche-x', '0'])
      expect((await refusal(client.read({ resourceType: 'Binary', id }))).status, id).toBe(404);
  });

  it('takes its own scope: DocumentReference’s does not open Binary, nor the other way round', async () => {
    const row = await documentWithAttachments();
    const only = async (scope: string, url: string) => {
      const holder = await systemClient(ctx, scope);
      return ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${await holder.token()}` },
      });
    };
    expect((await only('system/DocumentReference.rs', `${FHIR_BASE_PATH}/Binary/${row.id}`)).statusCode).toBe(
      403,
    );
    expect((await only('system/Binary.r', `${FHIR_BASE_PATH}/DocumentReference/${row.id}`)).statusCode).toBe(
      403,
    );
    expect((await only('system/Binary.r', `${FHIR_BASE_PATH}/Binary/${row.id}`)).statusCode).toBe(200);
  });
});
