import type { Binary } from '@medplum/fhirtypes';
import { ATTACHMENT_BINARY_PREFIX } from '@portail/contract/integration/fhir-documents';
import { eq } from 'drizzle-orm';
import { fhirBinaries } from '../../db/schema';
import { type BinaryKind, readBinary } from './document-reference.queries';
import { parseDocumentId } from './document-reference.read';
import { dropStaleBinaries } from './document-reference.write';
import type { FhirContext, FhirResourceHandler } from './fhir-resource';
import { pdfBytes } from './pdf-content';

const ATTACHMENT = new RegExp(`^${ATTACHMENT_BINARY_PREFIX}-([1-9]\\d{0,9})$`);
/** A Binary created on its own, waiting for the DocumentReference that takes it. */
const STAGED = /^tmp-([1-9]\d{0,9})$/;

async function readStaged(ctx: FhirContext, id: number): Promise<Binary | null> {
  const [row] = await ctx.db.select().from(fhirBinaries).where(eq(fhirBinaries.id, id));
  if (!row) return null;
  return {
    resourceType: 'Binary',
    id: `tmp-${row.id}`,
    meta: { versionId: '1', lastUpdated: row.createdAt.toISOString() },
    contentType: row.contentType,
    data: Buffer.from(row.content).toString('base64'),
  };
}

/** `12` (a document's PDF), `annexe-5` (an attachment's), `fiche-3`, `rgpd-4`; null for anything else. */
export function parseBinaryId(text: string): { kind: BinaryKind; id: number } | null {
  const attachment = ATTACHMENT.exec(text);
  if (attachment) {
    const id = Number(attachment[1]);
    return id <= 2_147_483_647 ? { kind: 'attachment', id } : null;
  }
  return parseDocumentId(text);
}

/**
 * Binary (issue 19): the PDFs of the DocumentReferences, read only by id (their `content.attachment.url`
 * leads here), and created ahead of a DocumentReference. As FHIR JSON (contentType and base64 data) by default; the bytes themselves when the
 * client asks for the PDF (`Accept: application/pdf`). An attachment's Binary carries its document's
 * version: it changes with it.
 */
export const binaryHandler: FhirResourceHandler<Binary> = {
  type: 'Binary',
  documentation:
    'The PDFs of the DocumentReferences (N, annexe-N, fiche-N, rgpd-N); Accept: application/pdf answers the bytes',
  searchParams: [],
  read: async (ctx, id) => {
    const staged = STAGED.exec(id);
    if (staged) return readStaged(ctx, Number(staged[1]));
    const parsed = parseBinaryId(id);
    const stored = parsed && (await readBinary(ctx.db, parsed.kind, parsed.id));
    if (!stored) return null;
    return {
      resourceType: 'Binary',
      id,
      meta: { versionId: String(stored.version), lastUpdated: stored.updatedAt.toISOString() },
      contentType: stored.contentType,
      securityContext: { reference: `DocumentReference/${stored.documentReference}` },
      data: Buffer.from(stored.content).toString('base64'),
    };
  },
  /**
   * A PDF sent ahead of its DocumentReference (`tmp-N`; in a transaction, the DocumentReference names it
   * by urn:uuid). Creating the document takes the bytes and deletes the Binary; one nobody takes is
   * deleted a day later.
   */
  async create(ctx, resource) {
    const bytes = pdfBytes(resource.contentType, resource.data, 'Binary');
    await dropStaleBinaries(ctx.db);
    const [row] = await ctx.db
      .insert(fhirBinaries)
      .values({ contentType: 'application/pdf', content: bytes, clientId: ctx.client.clientId })
      .returning({ id: fhirBinaries.id });
    const created = row && (await readStaged(ctx, row.id));
    if (!created) throw new Error('the Binary was not stored');
    return created;
  },
  raw: (binary) =>
    binary.contentType && binary.data
      ? { contentType: binary.contentType, body: Buffer.from(binary.data, 'base64') }
      : null,
};
