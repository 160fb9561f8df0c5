import type { Binary, Bundle, DocumentReference, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import {
  ATTACHMENT_KIND_SYSTEM,
  DOCUMENT_CATEGORY_SYSTEM,
  DOCUMENT_TYPE_SYSTEM,
  FHIR_PDF_MAX_BYTES,
} from '@portail/contract/integration/fhir-documents';
import { documentContent } from '@portail/contract/schemas/documents';
import { homeDetail } from '@portail/contract/schemas/home';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  checkups,
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  documentTypes,
  fhirBinaries,
} from '../src/db/schema';
import { DOCUMENT_EXTENSION } from '../src/features/integration/document-reference.mapping';
import { get, participantIdOf } from './documents-fixtures';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * Issue 19: the back office writes documents with a FHIR client no one here wrote (fhir-kit-client):
 * a DocumentReference with its PDF inline or as a Binary of the same transaction, attachments, a hold;
 * the new document on the participant's screens; every refusal an OperationOutcome, nothing written.
 */
let ctx: TestContext;
let client: Client;
let participant: number;
let typeId: number;
let otherTypeId: number;

/** fhir-kit-client types bodies as plain records; @medplum/fhirtypes' resources are the same JSON. */
type KitResource = Parameters<Client['create']>[0]['body'];
const kit = (resource: Resource) => resource as unknown as KitResource;

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
const base64 = (bytes: Buffer) => bytes.toString('base64');

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestContext({ participants: 10, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const writer = await systemClient(ctx, 'system/DocumentReference.cruds system/Binary.cr');
  client = new Client({
    baseUrl: `http://127.0.0.1:${port}${FHIR_BASE_PATH}`,
    bearerToken: await writer.token(),
  });
  participant = await participantIdOf(ctx, 'participant.dmc');
  const [type] = await ctx.database.db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(and(eq(documentTypes.category, 'MEDICO_TECHNIQUE'), eq(documentTypes.active, true)))
    .limit(1);
  const [other] = await ctx.database.db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(ne(documentTypes.category, 'MEDICO_TECHNIQUE'))
    .limit(1);
  if (!type || !other) throw new Error('no document types');
  typeId = type.id;
  otherTypeId = other.id;
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

/** A results document of participant.dmc with its PDF inline and two attachments. */
function newDocument(overrides: Partial<DocumentReference> = {}): DocumentReference {
  return {
    resourceType: 'DocumentReference',
    status: 'current',
    subject: { reference: `Patient/${participant}` },
    category: [{ coding: [{ system: DOCUMENT_CATEGORY_SYSTEM, code: 'MEDICO_TECHNIQUE' }] }],
    type: { coding: [{ system: DOCUMENT_TYPE_SYSTEM, code: String(typeId) }] },
    description: 'Bilan sanguin complet',
    content: [
      {
        attachment: { contentType: 'application/pdf', data: base64(pdf('main')), title: 'bilan-sanguin.pdf' },
      },
      {
        extension: [
          {
            url: DOCUMENT_EXTENSION.attachmentKind,
            valueCoding: { system: ATTACHMENT_KIND_SYSTEM, code: 'EXTRACIEM' },
          },
        ],
        attachment: { contentType: 'application/pdf', data: base64(pdf('annexe')), title: 'annexe.pdf' },
      },
      {
        extension: [
          {
            url: DOCUMENT_EXTENSION.attachmentKind,
            valueCoding: { system: ATTACHMENT_KIND_SYSTEM, code: 'LS' },
          },
        ],
        attachment: { contentType: 'application/pdf', data: base64(pdf('ls')), title: 'lecture-seule.pdf' },
      },
    ],
    ...overrides,
  };
}

const create = async (body: DocumentReference) =>
  (await client.create({
    resourceType: 'DocumentReference',
    body: kit(body),
  })) as unknown as DocumentReference;

async function homeIds(): Promise<number[]> {
  const body = homeDetail.parse((await get(ctx, '/api/get-detail-accueil')).json());
  return body.profil === 'PARTICIPANT' ? body.documents.map((doc) => doc.id) : [];
}

const documentCount = async () => (await ctx.database.db.select({ n: count() }).from(documents))[0]?.n;

describe('creating a DocumentReference', () => {
  it('stores the PDF and its attachments, and the participant sees it at once as new', async () => {
    const created = await create(newDocument());
    const id = Number(created.id);
    expect(created.meta?.versionId).toBe('1');
    expect(created.content.map((content) => content.attachment.title)).toEqual([
      'bilan-sanguin.pdf',
      'annexe.pdf',
      'lecture-seule.pdf',
    ]);
    const [stored] = await ctx.database.db.select().from(documents).where(eq(documents.id, id));
    expect(stored).toMatchObject({
      participantId: participant,
      category: 'MEDICO_TECHNIQUE',
      documentTypeId: typeId,
      name: 'bilan-sanguin.pdf',
      label: 'Bilan sanguin complet',
      active: true,
      availableFrom: null,
      unread: true,
    });
    const annexes = await ctx.database.db
      .select({ kind: documentAttachments.kind, content: documentAttachmentContents.content })
      .from(documentAttachments)
      .innerJoin(
        documentAttachmentContents,
        eq(documentAttachmentContents.attachmentId, documentAttachments.id),
      )
      .where(eq(documentAttachments.documentId, id))
      .orderBy(asc(documentAttachments.id));
    expect(annexes.map((a) => [a.kind, Buffer.from(a.content).toString()])).toEqual([
      ['EXTRACIEM', pdf('annexe').toString()],
      ['LS', pdf('ls').toString()],
    ]);

    expect(await homeIds()).toContain(id);
    const download = await get(ctx, `/api/document/${id}/`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(documentContent.parse(download.json()).bytes, 'base64').equals(pdf('main'))).toBe(
      true,
    );
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'FHIR_DOCUMENT_CREATED'), eq(auditLog.targetId, String(id))));
    expect(row?.details).toMatchObject({ participantId: participant, attachments: 2 });
  });

  it('takes a PDF of several megabytes, beyond the validator’s 1 MB limit on strings', async () => {
    const large = Buffer.concat([pdf('large'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const created = await create(
      newDocument({
        content: [
          { attachment: { contentType: 'application/pdf', data: base64(large), title: 'scanner.pdf' } },
        ],
      }),
    );
    expect(created.content[0]?.attachment.size).toBe(large.length);
    const [content] = await ctx.database.db
      .select()
      .from(documentContents)
      .where(eq(documentContents.documentId, Number(created.id)));
    expect(Buffer.from(content?.content ?? []).equals(large)).toBe(true);
  });

  it('holds a document until a day at the centre: hidden from its participant, stored as midnight in Paris', async () => {
    const created = await create(
      newDocument({ extension: [{ url: DOCUMENT_EXTENSION.availableFrom, valueDateTime: '2099-07-01' }] }),
    );
    const id = Number(created.id);
    const [stored] = await ctx.database.db.select().from(documents).where(eq(documents.id, id));
    // Summer time: midnight in Paris is 22:00 UTC the day before.
    expect(stored?.availableFrom?.toISOString()).toBe('2099-06-30T22:00:00.000Z');
    expect(created.extension).toContainEqual({
      url: DOCUMENT_EXTENSION.availableFrom,
      valueDateTime: '2099-06-30T22:00:00.000Z',
    });
    expect(await homeIds()).not.toContain(id);
    expect((await get(ctx, `/api/document/${id}/`)).statusCode).toBe(404);
  });

  it('takes the PDF from a Binary of the same transaction, named by urn:uuid, and keeps no copy of it', async () => {
    const binaryUrn = 'urn:uuid:6a1f3c8e-2b4d-4e5f-9a0b-1c2d3e4f5a6b';
    const body: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:0b9e8d7c-6f5e-4d3c-8b2a-1f0e9d8c7b6a',
          resource: newDocument({
            content: [
              { attachment: { contentType: 'application/pdf', url: binaryUrn, title: 'par-binary.pdf' } },
            ],
          }),
          request: { method: 'POST', url: 'DocumentReference' },
        },
        {
          fullUrl: binaryUrn,
          resource: { resourceType: 'Binary', contentType: 'application/pdf', data: base64(pdf('binary')) },
          request: { method: 'POST', url: 'Binary' },
        },
      ],
    };
    const response = (await client.transaction({ body: kit(body) })) as unknown as Bundle;
    expect(response.entry?.map((entry) => entry.response?.status)).toEqual(['201 Created', '201 Created']);
    const reference = response.entry?.[0]?.resource as DocumentReference;
    const id = Number(reference.id);
    const [content] = await ctx.database.db
      .select()
      .from(documentContents)
      .where(eq(documentContents.documentId, id));
    expect(Buffer.from(content?.content ?? []).equals(pdf('binary'))).toBe(true);
    expect(reference.content[0]?.attachment.url).toMatch(new RegExp(`/Binary/${id}$`));
    expect(await ctx.database.db.select().from(fhirBinaries)).toEqual([]);
    expect(await homeIds()).toContain(id);
  });

  it('refuses a transaction whose document is wrong, keeping neither it nor its Binary', async () => {
    const before = await documentCount();
    const binaryUrn = 'urn:uuid:7a1f3c8e-2b4d-4e5f-9a0b-1c2d3e4f5a6b';
    const refused = await refusal(
      client.transaction({
        body: kit({
          resourceType: 'Bundle',
          type: 'transaction',
          entry: [
            {
              fullUrl: binaryUrn,
              resource: { resourceType: 'Binary', contentType: 'application/pdf', data: base64(pdf('x')) },
              request: { method: 'POST', url: 'Binary' },
            },
            {
              resource: newDocument({
                subject: { reference: 'Patient/999999999' },
                content: [{ attachment: { contentType: 'application/pdf', url: binaryUrn, title: 'x.pdf' } }],
              }),
              request: { method: 'POST', url: 'DocumentReference' },
            },
          ],
        } as Bundle),
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.outcome.issue[0]?.expression).toEqual(['Bundle.entry[1].resource.subject']);
    expect(await documentCount()).toBe(before);
    expect(await ctx.database.db.select().from(fhirBinaries)).toEqual([]);
  });

  it('refuses what is not a PDF, too large, or not the portal’s, naming the element, and writes nothing', async () => {
    const [theirCheckup] = await ctx.database.db
      .select({ id: checkups.id })
      .from(checkups)
      .where(ne(checkups.participantId, participant))
      .limit(1);
    const before = await documentCount();
    const main = (attachment: Record<string, string>) => ({
      content: [{ attachment: { contentType: 'application/pdf', title: 'x.pdf', ...attachment } }],
    });
    const cases: [string, Partial<DocumentReference>, string][] = [
      [
        'a PNG',
        main({ data: base64(Buffer.from('\x89PNG\r\n\x1a\n....')) }),
        'DocumentReference.content[0].attachment.data',
      ],
      [
        'another type',
        main({ contentType: 'text/plain', data: base64(pdf('t')) }),
        'DocumentReference.content[0].attachment.contentType',
      ],
      [
        'over the limit',
        main({ data: base64(Buffer.concat([pdf('big'), Buffer.alloc(FHIR_PDF_MAX_BYTES)])) }),
        'DocumentReference.content[0].attachment.data',
      ],
      ['no PDF at all', main({}), 'DocumentReference.content[0].attachment.url'],
      [
        'an unknown participant',
        { subject: { reference: 'Patient/999999999' } },
        'DocumentReference.subject',
      ],
      [
        'a category of another system',
        { category: [{ coding: [{ system: 'http://loinc.org', code: '11502-2' }] }] },
        'DocumentReference.category',
      ],
      [
        'an advice sheet',
        { category: [{ coding: [{ system: DOCUMENT_CATEGORY_SYSTEM, code: 'FICHE_CONSEIL' }] }] },
        'DocumentReference.category',
      ],
      [
        'a type of another category',
        { type: { coding: [{ system: DOCUMENT_TYPE_SYSTEM, code: String(otherTypeId) }] } },
        'DocumentReference.type',
      ],
      [
        'another participant’s check-up',
        { context: { encounter: [{ reference: `EpisodeOfCare/${theirCheckup?.id}` }] } },
        'DocumentReference.context.encounter[0]',
      ],
      ['superseded', { status: 'superseded' }, 'DocumentReference.status'],
      [
        'a month as the hold',
        { extension: [{ url: DOCUMENT_EXTENSION.availableFrom, valueDateTime: '2099-07' }] },
        `DocumentReference.extension('${DOCUMENT_EXTENSION.availableFrom}').valueDateTime`,
      ],
    ];
    for (const [name, change, element] of cases) {
      const refused = await refusal(create(newDocument(change)));
      expect(refused.status, name).toBe(422);
      expect(refused.outcome.issue[0]?.expression, name).toEqual([element]);
    }
    const noKind = newDocument();
    delete noKind.content[1]?.extension;
    const refused = await refusal(create(noKind));
    expect(refused.outcome.issue[0]?.expression).toEqual(['DocumentReference.content[1].extension']);
    expect(await documentCount()).toBe(before);
  });

  it('refuses a Binary that is not a PDF, and serves one created alone until a document takes it', async () => {
    const refused = await refusal(
      client.create({
        resourceType: 'Binary',
        body: { resourceType: 'Binary', contentType: 'application/pdf', data: base64(Buffer.from('GIF89a')) },
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.outcome.issue[0]?.expression).toEqual(['Binary.data']);
    const staged = (await client.create({
      resourceType: 'Binary',
      body: { resourceType: 'Binary', contentType: 'application/pdf', data: base64(pdf('alone')) },
    })) as unknown as Binary;
    expect(staged.id).toMatch(/^tmp-\d+$/);
    const again = (await client.read({ resourceType: 'Binary', id: staged.id ?? '' })) as unknown as Binary;
    expect(Buffer.from(again.data ?? '', 'base64').equals(pdf('alone'))).toBe(true);
    const created = await create(
      newDocument({
        content: [
          { attachment: { contentType: 'application/pdf', url: `Binary/${staged.id}`, title: 'seul.pdf' } },
        ],
      }),
    );
    const [content] = await ctx.database.db
      .select()
      .from(documentContents)
      .where(eq(documentContents.documentId, Number(created.id)));
    expect(Buffer.from(content?.content ?? []).equals(pdf('alone'))).toBe(true);
    expect((await refusal(client.read({ resourceType: 'Binary', id: staged.id ?? '' }))).status).toBe(404);
  });
});

describe('updating a DocumentReference', () => {
  it('withdraws, holds and renames with If-Match; refuses a stale version and changes of what is fixed', async () => {
    const created = await create(newDocument());
    const id = created.id ?? '';
    const update = (body: DocumentReference, version?: string) =>
      client.update({
        resourceType: 'DocumentReference',
        id,
        body: kit(body),
        ...(version ? { options: { headers: { 'If-Match': `W/"${version}"` } } } : {}),
      }) as unknown as Promise<DocumentReference>;
    const renamed = structuredClone(created);
    const first = renamed.content[0];
    if (first) first.attachment.title = 'renomme.pdf';
    renamed.extension = [
      ...(renamed.extension ?? []),
      { url: DOCUMENT_EXTENSION.availableFrom, valueDateTime: '2099-01-15T08:00:00+01:00' },
    ];
    const held = await update(renamed, '1');
    expect(held.meta?.versionId).toBe('2');
    const [row] = await ctx.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, Number(id)));
    expect(row).toMatchObject({ name: 'renomme.pdf', active: true });
    expect(row?.availableFrom?.toISOString()).toBe('2099-01-15T07:00:00.000Z');
    expect(await homeIds()).not.toContain(Number(id));

    expect((await refusal(update({ ...held, status: 'entered-in-error' }, '1'))).status).toBe(412);
    const withdrawn = await update({ ...held, status: 'entered-in-error' }, '2');
    expect(withdrawn.status).toBe('entered-in-error');

    const moved = await refusal(update({ ...withdrawn, subject: { reference: 'Patient/999999' } }));
    expect(moved.status).toBe(422);
    expect(moved.outcome.issue[0]?.expression).toEqual(['DocumentReference.subject']);
    const newPdf = structuredClone(withdrawn);
    if (newPdf.content[0]) newPdf.content[0].attachment.data = base64(pdf('other'));
    const refusedPdf = await refusal(update(newPdf));
    expect(refusedPdf.outcome.issue[0]?.expression).toEqual(['DocumentReference.content[0].attachment.data']);
    const [after] = await ctx.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, Number(id)));
    expect(after?.version).toBe(3);
  });
});
