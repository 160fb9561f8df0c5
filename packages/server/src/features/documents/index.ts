/** What other features may use of this one; everything else in the folder is its own. */

export type { ArchiveDocument, StoredFile } from './document.queries';
export {
  findAttachmentContent,
  findDocumentContent,
  listArchiveDocuments,
  listedDocumentColumns,
  ownActive,
  visibleNow,
} from './document.queries';
export { contentReply, nameTaker, safeFileName } from './document-files';
export type { TitleParts } from './document-title';
export { documentShownName, titleColumns } from './document-title';
export { readContext, uncached } from './documents.routes';
export type { ReadContext, Usage } from './documents.service';
export { descendingByDate, recordRead, toDocumentRow, totalOf } from './documents.service';
