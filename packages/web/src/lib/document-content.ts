import { documentApi } from '@portail/contract/api/documents';
import { sheetApi } from '@portail/contract/api/sheets';
import type { ViewerTarget } from '../components/pdf-viewer-dialog';
import { call } from './api';
import { alreadyTold, failureKey } from './failure-key';
import { currentLanguage } from './i18n';
import { notify } from './notify';
import { base64Bytes, fileNameFor, saveFile } from './save-file';

/** What the viewer and the download buttons fetch: a document, an attachment (either kind), a sheet. */
export type ContentSource =
  | { kind: 'document'; id: number }
  | { kind: 'attachment'; id: number }
  | { kind: 'sheet'; id: number };

/** A fetched content, decoded. */
export interface LoadedContent {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  name: string;
}

function contentRoute(source: ContentSource) {
  switch (source.kind) {
    case 'document':
      return documentApi.content;
    case 'attachment':
      return documentApi.attachment;
    case 'sheet':
      return sheetApi.content;
  }
}

/**
 * `GET document/{id}/`, `document/{id}/ls/` or `fiche/{id}/` (docs/documents-and-sheets.md#viewer): the content as base64 and its
 * name. `usage` tells the server's audit whether it was read or downloaded. Failures are the
 * caller's to show (docs/documents-and-sheets.md#viewer: "Une erreur est survenue lors du téléchargement du document.").
 */
export async function fetchContent(
  source: ContentSource,
  usage: 'view' | 'download',
  signal?: AbortSignal,
): Promise<LoadedContent> {
  const reply = await call(contentRoute(source), {
    params: { id: source.id },
    // The file name is the title shown, in the interface language (README, "Languages").
    query: { usage, langue: currentLanguage() },
    signal,
    handle: 'all',
  });
  return {
    bytes: base64Bytes(reply.bytes),
    contentType: reply.contentType,
    name: reply.document.nomDocument,
  };
}

/** Downloads a content under its own name; a failure is told by a toast. */
export async function downloadContent(source: ContentSource): Promise<void> {
  try {
    const content = await fetchContent(source, 'download');
    saveFile(
      new Blob([content.bytes], { type: content.contentType }),
      fileNameFor(content.name, content.contentType),
    );
  } catch (error) {
    if (!alreadyTold(error)) notify(failureKey(error, 'pdfViewer.error'), 'error');
  }
}

/** The viewer's target for a content: viewed with `usage=view`, downloaded with `usage=download`. */
export function viewerTarget(source: ContentSource, title: string): ViewerTarget {
  return {
    title,
    load: (signal) => fetchContent(source, 'view', signal),
    onDownload: () => downloadContent(source),
  };
}
