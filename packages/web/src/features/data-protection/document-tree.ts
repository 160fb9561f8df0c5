import type { DocumentCiem, DocumentCiemNode } from '@portail/contract/schemas/legal';
import { base64Bytes } from '../../lib/save-file';

/** A node of the tree that has a PDF: what the viewer can show. */
export type ShownDocument = DocumentCiem & { data: string };

/** The tree view's item id of a node (ids are unique across the whole tree: one table on the server). */
export const itemId = (node: DocumentCiem): string => String(node.id);

/** The label in the interface's language: the English one when there is one, else the French one. */
export function nodeLabel(node: DocumentCiem, language: string): string {
  return language === 'en_EN' && node.libelleEn ? node.libelleEn : node.libelle;
}

const isDocument = (node: DocumentCiem): node is ShownDocument => node.data !== null;

/** Every document, in the order the tree shows them (a top-level node, then its children). */
export function documentsInOrder(tree: readonly DocumentCiemNode[]): ShownDocument[] {
  return tree.flatMap((node) => [node, ...node.children].filter(isDocument));
}

/** The nodes that hold others, expanded on arrival (docs/documents-and-sheets.md#sheets: the documents are in sight at once). */
export function folderIds(tree: readonly DocumentCiemNode[]): string[] {
  return tree.filter((node) => node.children.length > 0).map(itemId);
}

const decoded = new WeakMap<ShownDocument, Uint8Array<ArrayBuffer>>();

/** A document's PDF bytes, decoded from base64 once per document however often it is shown again. */
export function documentBytes(document: ShownDocument): Uint8Array<ArrayBuffer> {
  const known = decoded.get(document);
  if (known) return known;
  const bytes = base64Bytes(document.data);
  decoded.set(document, bytes);
  return bytes;
}
