import type { DocumentReference } from '@medplum/fhirtypes';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  checkups,
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  documentTypes,
  fhirBinaries,
  participants,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { recordDocumentPublished } from '../notifications';
import {
  availableFromOf,
  type DocumentInput,
  defaultCheckupYear,
  documentInput,
  labelOf,
  nameModeOf,
  nameOf,
  type PdfSource,
  statusActive,
} from './document-reference.input';
import { readDocumentReferences } from './document-reference.read';
import { ruleBroken, versionConflict } from './fhir-outcome';
import type { FhirContext } from './fhir-resource';

const AT = 'DocumentReference';

/** The bytes of a PDF: inline, or a Binary this client created first, taken (and deleted) now. */
async function bytesOf(ctx: FhirContext, source: PdfSource, at: string): Promise<Buffer> {
  if ('bytes' in source) return source.bytes;
  const [row] = await ctx.db
    .delete(fhirBinaries)
    .where(and(eq(fhirBinaries.id, source.staged), eq(fhirBinaries.clientId, ctx.client.clientId)))
    .returning({ content: fhirBinaries.content });
  if (!row)
    throw ruleBroken(
      `Binary/tmp-${source.staged} is not a Binary this client created and no document took`,
      `${at}.url`,
      'value',
    );
  return Buffer.from(row.content);
}

/** The participant, the type (of the category) and the check-up (the participant's) exist. */
async function checkReferences(db: DbOrTx, input: DocumentInput): Promise<void> {
  const [[participant], [type], [checkup]] = await Promise.all([
    db.select({ id: participants.id }).from(participants).where(eq(participants.id, input.participantId)),
    db
      .select({ category: documentTypes.category, active: documentTypes.active })
      .from(documentTypes)
      .where(eq(documentTypes.id, input.typeId)),
    input.checkupId === null
      ? [null]
      : db
          .select({ participantId: checkups.participantId })
          .from(checkups)
          .where(eq(checkups.id, input.checkupId)),
  ]);
  if (!participant)
    throw ruleBroken(`Patient/${input.participantId} is not known`, `${AT}.subject`, 'not-found');
  if (!type?.active || type.category !== input.category)
    throw ruleBroken(
      `type ${input.typeId} is not an active document type of category ${input.category}`,
      `${AT}.type`,
      'code-invalid',
    );
  if (input.checkupId !== null && checkup?.participantId !== input.participantId)
    throw ruleBroken(
      `EpisodeOfCare/${input.checkupId} is not a check-up of Patient/${input.participantId}`,
      `${AT}.context.encounter[0]`,
      'value',
    );
}

/**
 * POST DocumentReference (inside the router's transaction): a participant's medical document with its
 * PDF and attachments. Shown on the participant's screens at once (new, on the home page), or from the
 * end of its hold.
 */
export async function createDocument(
  ctx: FhirContext,
  resource: DocumentReference,
): Promise<DocumentReference> {
  const input = documentInput(resource);
  await checkReferences(ctx.db, input);
  const createdAt = input.createdAt ?? new Date();
  const main = await bytesOf(ctx, input.main, `${AT}.content[0].attachment`);
  const [row] = await ctx.db
    .insert(documents)
    .values({
      participantId: input.participantId,
      checkupId: input.checkupId,
      checkupYear: input.checkupYear ?? defaultCheckupYear(createdAt),
      category: input.category,
      documentTypeId: input.typeId,
      name: input.name,
      label: input.label,
      nameDisplayMode: input.mode,
      createdAt,
      active: input.active,
      availableFrom: input.availableFrom,
    })
    .returning({ id: documents.id });
  if (!row) throw new Error('the document was not stored');
  await ctx.db
    .insert(documentContents)
    .values({ documentId: row.id, mimeType: 'application/pdf', content: main });
  for (const [index, attachment] of input.attachments.entries()) {
    const bytes = await bytesOf(ctx, attachment.source, `${AT}.content[${index + 1}].attachment`);
    const [stored] = await ctx.db
      .insert(documentAttachments)
      .values({
        documentId: row.id,
        kind: attachment.kind,
        name: attachment.name,
        createdAt: attachment.createdAt ?? createdAt,
      })
      .returning({ id: documentAttachments.id });
    if (!stored) throw new Error('the attachment was not stored');
    await ctx.db
      .insert(documentAttachmentContents)
      .values({ attachmentId: stored.id, mimeType: 'application/pdf', content: bytes });
  }
  await audit(ctx.db, {
    actorUserId: null,
    action: 'FHIR_DOCUMENT_CREATED',
    targetType: 'document',
    targetId: row.id,
    // Whose record it joined: the participant's "My activity" tells it (docs/activity.md#events).
    participantId: input.participantId,
    details: {
      client: ctx.client.name,
      clientId: ctx.client.clientId,
      participantId: input.participantId,
      attachments: input.attachments.length,
      ...(input.availableFrom ? { availableFrom: input.availableFrom.toISOString() } : {}),
    },
    ip: ctx.ip,
  });
  // The participant is told, without a word of what it is, once it is visible (notifications feature).
  await recordDocumentPublished(ctx.db, row.id);
  const [created] = await readDocumentReferences(ctx.db, ctx.baseUrl, [{ kind: 'document', id: row.id }]);
  if (!created) throw new Error('the document was not stored');
  return created;
}

/** The elements an update may not change, each with its path. */
const fixed = (reference: DocumentReference): [string, string][] => [
  ['subject', reference.subject?.reference ?? ''],
  [
    'category',
    (reference.category ?? [])
      .flatMap((c) => c.coding ?? [])
      .map((c) => `${c.system}|${c.code}`)
      .join(),
  ],
  ['type', (reference.type?.coding ?? []).map((c) => `${c.system}|${c.code}`).join()],
  ['context.encounter', (reference.context?.encounter ?? []).map((e) => e.reference).join()],
];

/**
 * PUT DocumentReference/N: what the back office may change of a document once made: withdrawn or shown
 * again (`status`), the hold, the label (`description`), the name (first content's title) and its
 * mode. The participant, category, type, check-up and PDFs stay (a corrected PDF is a new document,
 * the old one withdrawn): a change of them is refused, naming the element. Null: no such document.
 */
export async function updateDocument(
  ctx: FhirContext,
  id: number,
  resource: DocumentReference,
  expectedVersion: number | null,
): Promise<DocumentReference | null> {
  const [locked] = await ctx.db
    .select({ version: documents.version, participantId: documents.participantId })
    .from(documents)
    .where(eq(documents.id, id))
    .for('update');
  if (!locked) return null;
  if (expectedVersion !== null && expectedVersion !== locked.version)
    throw versionConflict('DocumentReference', String(id), expectedVersion, locked.version);
  const [current] = await readDocumentReferences(ctx.db, ctx.baseUrl, [{ kind: 'document', id }]);
  if (!current) return null;
  const was = new Map(fixed(current));
  for (const [element, value] of fixed(resource))
    if (was.get(element) !== value)
      throw ruleBroken(
        'The participant, category, type and check-up of a document do not change (withdraw it and create another)',
        `${AT}.${element}`,
      );
  const contents = resource.content ?? [];
  if (contents.length !== current.content.length)
    throw ruleBroken(
      'The contents are those the document has (its PDF, then its attachments)',
      `${AT}.content`,
    );
  for (const [index, content] of contents.entries()) {
    if (content.attachment.data !== undefined)
      throw ruleBroken(
        'The PDFs of a document do not change (create a new document and withdraw this one)',
        `${AT}.content[${index}].attachment.data`,
      );
  }
  await ctx.db
    .update(documents)
    .set({
      active: statusActive(resource.status),
      availableFrom: availableFromOf(resource),
      name: nameOf(resource),
      label: labelOf(resource),
      nameDisplayMode: nameModeOf(resource),
    })
    .where(eq(documents.id, id));
  await audit(ctx.db, {
    actorUserId: null,
    action: 'FHIR_DOCUMENT_UPDATED',
    targetType: 'document',
    targetId: id,
    participantId: locked.participantId,
    details: { client: ctx.client.name, clientId: ctx.client.clientId },
    ip: ctx.ip,
  });
  await recordDocumentPublished(ctx.db, id);
  const [updated] = await readDocumentReferences(ctx.db, ctx.baseUrl, [{ kind: 'document', id }]);
  return updated ?? null;
}

/** Unclaimed Binaries older than a day go (a transaction that failed after them left nothing: it rolled back). */
export async function dropStaleBinaries(db: DbOrTx): Promise<void> {
  await db.delete(fhirBinaries).where(sql`${fhirBinaries.createdAt} < now() - interval '1 day'`);
}
