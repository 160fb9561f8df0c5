import type { Binary } from '@medplum/fhirtypes';
import { ATTACHMENT_BINARY_PREFIX } from '@portail/contract/integration/fhir-documents';
import { type BinaryKind, readBinary } from './document-reference.queries';
import { parseDocumentId } from './document-reference.resource';
import type { FhirResourceHandler } from './fhir-resource';

const ATTACHMENT = new RegExp(`^${ATTACHMENT_BINARY_PREFIX}-([1-9]\\d{0,9})$`);

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
 * leads here). As FHIR JSON (contentType and base64 data) by default; the bytes themselves when the
 * client asks for the PDF (`Accept: application/pdf`). An attachment's Binary carries its document's
 * version: it changes with it.
 */
export const binaryHandler: FhirResourceHandler<Binary> = {
  type: 'Binary',
  documentation:
    'The PDFs of the DocumentReferences (N, annexe-N, fiche-N, rgpd-N); Accept: application/pdf answers the bytes',
  searchParams: [],
  read: async (ctx, id) => {
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
  raw: (binary) =>
    binary.contentType && binary.data
      ? { contentType: binary.contentType, body: Buffer.from(binary.data, 'base64') }
      : null,
};
