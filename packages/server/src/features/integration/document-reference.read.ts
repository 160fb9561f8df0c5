import type { DocumentReference } from '@medplum/fhirtypes';
import { DOCUMENT_PREFIX } from '@portail/contract/integration/fhir-documents';
import type { DbOrTx } from '../../db/client';
import { legalReference, medicalDocumentReference, sheetReference } from './document-reference.mapping';
import { readLegalDocuments, readMedicalDocuments, readSheets } from './document-reference.queries';

/** The three tables DocumentReference spans. */
export type DocumentKind = 'document' | 'sheet' | 'legal';

export const MAX_ID = 2_147_483_647;
/** A portal number as ids and searches write it (no sign, no leading zero). */
export const PORTAL_NUMBER = /^[1-9]\d{0,9}$/;
const PREFIXED = /^(fiche|rgpd)-([1-9]\d{0,9})$/;

/** `12` (a medical document), `fiche-3` or `rgpd-4` as the row they name, or null for anything else. */
export function parseDocumentId(text: string): { kind: DocumentKind; id: number } | null {
  if (PORTAL_NUMBER.test(text)) return Number(text) <= MAX_ID ? { kind: 'document', id: Number(text) } : null;
  const match = PREFIXED.exec(text);
  const id = Number(match?.[2]);
  if (!match || id > MAX_ID) return null;
  return { kind: match[1] === DOCUMENT_PREFIX.sheet ? 'sheet' : 'legal', id };
}

/** Reads the documents named, of any kind, as DocumentReferences in the order asked. */
export async function readDocumentReferences(
  db: DbOrTx,
  baseUrl: string,
  wanted: readonly { kind: DocumentKind; id: number }[],
): Promise<DocumentReference[]> {
  const ids = (kind: DocumentKind) => wanted.filter((w) => w.kind === kind).map((w) => w.id);
  const [medical, sheets, legal] = await Promise.all([
    readMedicalDocuments(db, ids('document')),
    readSheets(db, ids('sheet')),
    readLegalDocuments(db, ids('legal')),
  ]);
  const found = new Map<string, DocumentReference>([
    ...medical.map((row) => [`document-${row.id}`, medicalDocumentReference(row, baseUrl)] as const),
    ...sheets.map((row) => [`sheet-${row.id}`, sheetReference(row, baseUrl)] as const),
    ...legal.map((row) => [`legal-${row.id}`, legalReference(row, baseUrl)] as const),
  ]);
  return wanted.flatMap((w) => found.get(`${w.kind}-${w.id}`) ?? []);
}
