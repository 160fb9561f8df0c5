import { z } from 'zod';
import { DOCUMENT_PAGE_SIZE } from '../constants';
import { languageParam, listReply, messagesReply, sortParam } from './common';

/**
 * The participant's medical record (docs/documents-and-sheets.md#document-lists, docs/documents-and-sheets.md#sheets, docs/documents-and-sheets.md#viewer Document, docs/documents-and-sheets.md#api): document lists by category,
 * their types and years, the viewer's content, sending documents by mail, and the advice sheets.
 * Every route here answers only to a participant who accepted the medical record, for their own
 * documents (the server enforces it); admins pass the role check and own no documents.
 */

export const DOCUMENT_CATEGORIES = ['MEDICO_TECHNIQUE', 'CONS_MEDICAL', 'CONSULT_GYN', 'COURRIER'] as const;
export const documentCategory = z.enum(DOCUMENT_CATEGORIES, { error: 'errors.invalid' });
export type DocumentCategory = z.infer<typeof documentCategory>;

/** Which name a list shows (docs/documents-and-sheets.md#document-lists): libelleDocument for INFO_DOCUMENT, else nomDocument. */
export const NAME_DISPLAY_MODES = ['INFO_DOCUMENT', 'NOM_DOCUMENT'] as const;
export const nameDisplayMode = z.enum(NAME_DISPLAY_MODES);
export type NameDisplayMode = z.infer<typeof nameDisplayMode>;

/** Business message codes of this feature (translated under `messages.` on the web). */
export const DOCUMENT_MESSAGES = {
  sent: 'document.send.success',
  sendFailed: 'document.error.sendDocument',
  noDocument: 'document.error.selectdocument',
  tooLarge: 'document.error.tropVolumineux',
  mailMissing: 'document.error.mail',
  recordNotAccepted: 'document.error.dmcNonAccepte',
  reactivated: 'auth.reactivate',
  alreadyAccepted: 'dmc.error.dejaAccepte',
} as const;

/** At most this many documents and attachments in one mail, and this many bytes of PDFs in its ZIP. */
export const MAX_SENT_DOCUMENTS = 50;
export const MAX_SENT_BYTES = 20 * 1024 * 1024;

/** A JSON list in a query string (`anneeDocuments=[2025,2026]`, docs/documents-and-sheets.md#api). */
function jsonIdList(max: number, item: z.ZodType<number>) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z
      .array(item, { error: (issue) => (issue.input === undefined ? 'errors.required' : 'errors.invalid') })
      .min(1, 'errors.required')
      .max(max),
  );
}

const year = z.number({ error: 'errors.invalid' }).int().min(1900).max(2999);
const positiveId = z.number({ error: 'errors.invalid' }).int().positive().max(2_147_483_647);

/** GET document/list. Pages are counted from 1 here, as the specification's call says. */
export const documentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(DOCUMENT_PAGE_SIZE),
  /** Only `dateCreation` (ASC or DESC); the default is dateCreation,DESC. */
  sort: sortParam,
  /** Only active documents are ever listed; `actif=false` is refused. */
  actif: z.enum(['true'], { error: 'errors.invalid' }).default('true'),
  categorieExtraciem: documentCategory,
  anneeDocuments: jsonIdList(50, year),
  typesDocuments: jsonIdList(100, positiveId),
  /** The titles built from the document types (`libelleDocument`) are in this language. */
  langue: languageParam,
});
export type DocumentListQuery = z.input<typeof documentListQuery>;

export const documentTypeRef = z.object({
  id: z.number().int(),
  label: z.string(),
  /** English label; the French one when the centre gave none. */
  labelEn: z.string(),
  modeAffichageNomDocument: nameDisplayMode,
});

/** An attachment (annexe): EXTRACIEM ones can be sent with their document, LS ones only viewed. */
export const documentAttachment = z.object({
  id: z.number().int(),
  nomDocument: z.string(),
  dateCreation: z.string(),
});
export type DocumentAttachment = z.infer<typeof documentAttachment>;

export const documentRow = z.object({
  id: z.number().int(),
  /** ISO date-time. */
  dateCreation: z.string(),
  categorieExtraciem: documentCategory,
  typeDocument: documentTypeRef,
  nomDocument: z.string(),
  libelleDocument: z.string().nullable(),
  /** Overrides the type's mode when set (docs/documents-and-sheets.md#document-lists). */
  modeAffichageNomDocument: nameDisplayMode.nullable(),
  anneeBilan: z.number().int(),
  documentJointExtraciem: z.array(documentAttachment),
  documentJointLSExtraciem: z.array(documentAttachment),
  actif: z.boolean(),
});
export type DocumentRow = z.infer<typeof documentRow>;
export const documentListReply = listReply(documentRow);
export type DocumentListReply = z.infer<typeof documentListReply>;

/** GET abstractenum/typedocument/{categorie}: the types of one category, active ones, by label. */
export const documentTypesParams = z.object({ categorie: documentCategory });
export const documentTypesReply = z.array(documentTypeRef);

/** GET annees-bilans: the years of the participant's documents, newest first. */
export const documentYearsReply = z.array(z.number().int());

/**
 * GET document/{id}/ (a document), document/{id}/ls/ (an attachment, of either kind), fiche/{id}/
 * (an advice sheet): the content as base64 and the file name. Sent with Cache-Control: no-store.
 */
export const documentContent = z.object({
  bytes: z.string(),
  /** `application/pdf`, `image/png` or `image/jpeg`, from the content's leading bytes (docs/documents-and-sheets.md#filters). */
  contentType: z.string(),
  document: z.object({ nomDocument: z.string() }),
});
export type DocumentContent = z.infer<typeof documentContent>;

/** Why the content is fetched: recorded in the audit log (viewed or downloaded, ARCHITECTURE.md, Data). */
export const documentContentQuery = z.object({
  usage: z.enum(['view', 'download'], { error: 'errors.invalid' }).default('view'),
  /** The file name is the title the list shows in this language. */
  langue: languageParam,
});
export type DocumentContentQuery = z.input<typeof documentContentQuery>;

/**
 * The shortest password of an e-mailed archive. Whoever holds the mail can try passwords offline as
 * fast as their machine goes, so the server also refuses easily guessed ones (the estimator of
 * account passwords, auth/password-policy.ts); the dialog checks the length before sending.
 */
export const ARCHIVE_PASSWORD_MIN = 10;
export const archivePassword = z
  // Only a missing value is "required": the length checks keep their own message (minlength, 10).
  .string({ error: (issue) => (issue.code === 'invalid_type' ? 'errors.required' : undefined) })
  .min(1, 'errors.required')
  .min(ARCHIVE_PASSWORD_MIN)
  .max(128, 'errors.maxlength');

/** POST document/download: the chosen documents (and attachments), in one encrypted ZIP, by mail. */
export const sendDocumentsBody = z
  .object({
    mail: z.email({ error: (issue) => (issue.input ? 'errors.email' : 'errors.required') }).max(254),
    password: archivePassword,
    idDocuments: z.array(positiveId).max(MAX_SENT_DOCUMENTS).default([]),
    /** Selected EXTRACIEM attachments: their ids are attachment ids, not document ids. */
    idAnnexes: z.array(positiveId).max(MAX_SENT_DOCUMENTS).default([]),
    /** The archive's name and its files' titles are in this language. */
    langue: languageParam,
  })
  .refine((body) => body.idDocuments.length + body.idAnnexes.length > 0, {
    message: DOCUMENT_MESSAGES.noDocument,
    path: ['idDocuments'],
  })
  .refine((body) => body.idDocuments.length + body.idAnnexes.length <= MAX_SENT_DOCUMENTS, {
    message: 'errors.maxlength',
    path: ['idDocuments'],
  });
export type SendDocumentsBody = z.input<typeof sendDocumentsBody>;
export const sendDocumentsReply = messagesReply;

/** GET fiche/list (docs/documents-and-sheets.md#sheets): 20 a page from page 1, newest first, active only. */
export const sheetListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(DOCUMENT_PAGE_SIZE),
  sort: sortParam,
  actif: z.enum(['true'], { error: 'errors.invalid' }).default('true'),
});
export const sheetRow = z.object({
  id: z.number().int(),
  dateCreation: z.string(),
  /** French title, and the English one (the French again when the centre gave none). */
  nomDocument: z.string(),
  nomDocumentEn: z.string(),
});
export type SheetRow = z.infer<typeof sheetRow>;
export const sheetListReply = listReply(sheetRow);
export type SheetListReply = z.infer<typeof sheetListReply>;

/**
 * The content type a document's leading bytes say (docs/documents-and-sheets.md#filters: a PDF signature gives PDF, a JPEG or PNG
 * signature an image, anything else PDF). The exact image type is kept so the browser needs no sniffing.
 */
export function detectContentType(bytes: Uint8Array): 'application/pdf' | 'image/png' | 'image/jpeg' {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
    return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return 'application/pdf';
}

/** The name a list shows for a document (docs/documents-and-sheets.md#document-lists): the document's mode first, then its type's. */
export function displayedDocumentName(
  row: Pick<DocumentRow, 'modeAffichageNomDocument' | 'typeDocument' | 'libelleDocument' | 'nomDocument'>,
): string {
  return shownName({
    mode: row.modeAffichageNomDocument,
    typeMode: row.typeDocument.modeAffichageNomDocument,
    label: row.libelleDocument,
    name: row.nomDocument,
  });
}

/**
 * The same rule on the stored columns: the label when the document's mode, else its type's, is
 * INFO_DOCUMENT and there is one; the file name otherwise. Downloads and the sent ZIP use it too, so a
 * file is saved under the title the user saw (issue 18).
 */
export function shownName(document: {
  mode: DocumentRow['modeAffichageNomDocument'];
  typeMode: DocumentRow['typeDocument']['modeAffichageNomDocument'];
  label: string | null | undefined;
  name: string;
}): string {
  const mode = document.mode ?? document.typeMode;
  return mode === 'INFO_DOCUMENT' && document.label ? document.label : document.name;
}
