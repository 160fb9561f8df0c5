import { z } from 'zod';

/**
 * GET get-documents-ciem (docs/data-protection-and-legal.md#data-protection-documents Document, docs/data-protection-and-legal.md#data-protection-documents): the data-protection documents as the page's tree.
 * A document carries `data`, its PDF in base64 (a plain string: the reply serializer knows no base64
 * format); a folder has none and holds `children`, which are documents. `libelleEn` is the English
 * label when there is one (the page follows the interface's language).
 */
const node = {
  id: z.number().int(),
  libelle: z.string(),
  libelleEn: z.string().nullable(),
  data: z.string().nullable(),
};
export const documentCiem = z.object(node);
export type DocumentCiem = z.infer<typeof documentCiem>;

export const documentCiemNode = z.object({ ...node, children: z.array(documentCiem) });
export type DocumentCiemNode = z.infer<typeof documentCiemNode>;

export const documentsCiemReply = z.array(documentCiemNode);
export type DocumentsCiemReply = z.infer<typeof documentsCiemReply>;
