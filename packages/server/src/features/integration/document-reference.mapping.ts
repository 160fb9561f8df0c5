import type { DocumentReference, DocumentReferenceContent, Extension } from '@medplum/fhirtypes';
import { portalExtension } from '@portail/contract/integration/fhir';
import {
  ATTACHMENT_BINARY_PREFIX,
  ATTACHMENT_KIND_DISPLAY,
  ATTACHMENT_KIND_SYSTEM,
  DOCUMENT_ID_SYSTEM,
  DOCUMENT_PREFIX,
  DOCUMENT_TYPE_SYSTEM,
} from '@portail/contract/integration/fhir-documents';
import type { AttachmentKind, DocumentCategory, NameDisplayMode } from '../../db/schema';
import { documentShownName, type TitleParts } from '../documents';
import { documentCategoryCoding } from './codes';

/** The portal's extensions on DocumentReference (README "Integration API: resources"). */
export const DOCUMENT_EXTENSION = {
  availableFrom: portalExtension('document-available-from'),
  nameMode: portalExtension('document-name-mode'),
  shownName: portalExtension('document-shown-name'),
  checkupYear: portalExtension('document-checkup-year'),
  attachmentKind: portalExtension('document-attachment-kind'),
} as const;

/** A medical document as document-reference.queries.ts reads it, with its attachments' sizes. */
export interface MedicalDocumentRow extends TitleParts {
  id: number;
  participantId: number;
  checkupId: number | null;
  checkupYear: number;
  category: DocumentCategory;
  typeId: number;
  typeMode: NameDisplayMode;
  name: string;
  mode: NameDisplayMode | null;
  createdAt: Date;
  availableFrom: Date | null;
  active: boolean;
  version: number;
  updatedAt: Date;
  contentType: string | null;
  size: number | null;
  attachments: { id: number; kind: AttachmentKind; name: string; createdAt: string; size: number | null }[];
}

export interface SheetRow {
  id: number;
  name: string;
  createdAt: Date;
  active: boolean;
  version: number;
  updatedAt: Date;
  contentType: string | null;
  size: number | null;
}

export interface LegalRow {
  id: number;
  label: string;
  folder: string | null;
  version: number;
  updatedAt: Date;
  contentType: string | null;
  size: number | null;
}

export const sheetId = (id: number) => `${DOCUMENT_PREFIX.sheet}-${id}`;
export const legalId = (id: number) => `${DOCUMENT_PREFIX.legal}-${id}`;
export const attachmentBinaryId = (id: number) => `${ATTACHMENT_BINARY_PREFIX}-${id}`;

const meta = (row: { version: number; updatedAt: Date }) => ({
  versionId: String(row.version),
  lastUpdated: row.updatedAt.toISOString(),
});

/** The PDF of a document: its Binary, by absolute URL, with what a client needs before fetching it. */
function pdfContent(
  baseUrl: string,
  binaryId: string,
  file: { contentType: string | null; size: number | null },
  title: string,
  creation?: string,
): DocumentReferenceContent {
  return {
    attachment: {
      contentType: file.contentType ?? 'application/pdf',
      url: `${baseUrl}/Binary/${binaryId}`,
      ...(file.size !== null ? { size: file.size } : {}),
      title,
      ...(creation ? { creation } : {}),
    },
  };
}

/**
 * A participant's medical document (docs/integration-fhir.md#mapping Document) as a DocumentReference. `status` is `current`
 * while the document is active and `entered-in-error` once withdrawn: the portal deletes nothing, and
 * a withdrawn document is one its participant must no longer see nor anyone rely on (R4: "should not
 * have been created / should not be used"); `superseded` would need the replacing document, which the
 * portal does not record. The hold (`available_from`) is an extension: R4 has no element for "not shown
 * to the subject before".
 */
export function medicalDocumentReference(row: MedicalDocumentRow, baseUrl: string): DocumentReference {
  const extension: Extension[] = [
    { url: DOCUMENT_EXTENSION.checkupYear, valueInteger: row.checkupYear },
    ...(row.mode ? [{ url: DOCUMENT_EXTENSION.nameMode, valueCode: row.mode }] : []),
    { url: DOCUMENT_EXTENSION.shownName, valueString: documentShownName(row, 'fr_FR') },
    ...(row.availableFrom
      ? [{ url: DOCUMENT_EXTENSION.availableFrom, valueDateTime: row.availableFrom.toISOString() }]
      : []),
  ];
  const attachments = row.attachments.map(
    (attachment): DocumentReferenceContent => ({
      ...pdfContent(
        baseUrl,
        attachmentBinaryId(attachment.id),
        { contentType: 'application/pdf', size: attachment.size },
        attachment.name,
        new Date(attachment.createdAt).toISOString(),
      ),
      extension: [
        {
          url: DOCUMENT_EXTENSION.attachmentKind,
          valueCoding: {
            system: ATTACHMENT_KIND_SYSTEM,
            code: attachment.kind,
            display: ATTACHMENT_KIND_DISPLAY[attachment.kind],
          },
        },
      ],
    }),
  );
  return {
    resourceType: 'DocumentReference',
    id: String(row.id),
    meta: meta(row),
    extension,
    identifier: [{ system: DOCUMENT_ID_SYSTEM.document, value: String(row.id) }],
    status: row.active ? 'current' : 'entered-in-error',
    docStatus: 'final',
    type: {
      coding: [{ system: DOCUMENT_TYPE_SYSTEM, code: String(row.typeId), display: row.typeLabel }],
    },
    category: [{ coding: [documentCategoryCoding(row.category)] }],
    subject: { reference: `Patient/${row.participantId}` },
    date: row.createdAt.toISOString(),
    ...(row.label ? { description: row.label } : {}),
    content: [
      pdfContent(baseUrl, String(row.id), row, row.name, row.createdAt.toISOString()),
      ...attachments,
    ],
    ...(row.checkupId !== null
      ? { context: { encounter: [{ reference: `EpisodeOfCare/${row.checkupId}` }] } }
      : {}),
  };
}

/** An advice sheet (docs/documents-and-sheets.md#sheets): the same for every participant, so no subject. */
export function sheetReference(row: SheetRow, baseUrl: string): DocumentReference {
  return {
    resourceType: 'DocumentReference',
    id: sheetId(row.id),
    meta: meta(row),
    identifier: [{ system: DOCUMENT_ID_SYSTEM.sheet, value: String(row.id) }],
    status: row.active ? 'current' : 'entered-in-error',
    docStatus: 'final',
    category: [{ coding: [documentCategoryCoding('FICHE_CONSEIL')] }],
    date: row.createdAt.toISOString(),
    description: row.name,
    content: [pdfContent(baseUrl, sheetId(row.id), row, row.name, row.createdAt.toISOString())],
  };
}

/** A data-protection document (docs/integration-fhir.md#mapping Document; its folder as the type's text). */
export function legalReference(row: LegalRow, baseUrl: string): DocumentReference {
  return {
    resourceType: 'DocumentReference',
    id: legalId(row.id),
    meta: meta(row),
    identifier: [{ system: DOCUMENT_ID_SYSTEM.legal, value: String(row.id) }],
    status: 'current',
    docStatus: 'final',
    ...(row.folder ? { type: { text: row.folder } } : {}),
    category: [{ coding: [documentCategoryCoding('PROTECTION_DONNEES')] }],
    description: row.label,
    content: [pdfContent(baseUrl, legalId(row.id), row, row.label)],
  };
}
