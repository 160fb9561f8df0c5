import { type DocumentContent, detectContentType } from '@portail/contract/schemas/documents';

type ContentType = ReturnType<typeof detectContentType>;

const EXTENSION: Record<ContentType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};
const MATCHING_EXTENSION: Record<ContentType, RegExp> = {
  'application/pdf': /\.pdf$/i,
  'image/png': /\.png$/i,
  'image/jpeg': /\.jpe?g$/i,
};
/** An extension that would contradict the content: replaced rather than kept in front of ours. */
const FILE_EXTENSION = /\.(pdf|png|jpe?g|gif|bmp|tiff?|webp|txt|html?|docx?|xlsx?|zip|exe|bat|cmd|js)$/i;
const MAX_STEM = 150;

/**
 * A stored name made safe as a file name on every system: no path separators, control or invisible
 * format characters (a right-to-left override could disguise the extension), quotes or characters
 * Windows refuses; accents are kept; an apostrophe inside a word (`d'alcool`, `d’alcool`) stays, as the
 * typographic ’ every system accepts in a name (a dropped one misspells the word); the extension always
 * says what the bytes are.
 */
export function safeFileName(name: string, contentType: ContentType): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    // A title's date (`du 12/03/2026`) keeps its shape: 12-03-2026.
    .replace(/(\d)\/(?=\d)/g, '$1-')
    .replace(/[/\\]/g, '_')
    .replace(/(?<=\p{L})['’](?=\p{L})/gu, '’')
    .replace(/["'`<>:|?*]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const withoutForeign = MATCHING_EXTENSION[contentType].test(cleaned)
    ? cleaned
    : cleaned.replace(FILE_EXTENSION, '');
  const own = MATCHING_EXTENSION[contentType].exec(withoutForeign);
  const stem = own ? withoutForeign.slice(0, own.index) : withoutForeign;
  const extension = own ? own[0].toLowerCase() : EXTENSION[contentType];
  const short = [...stem].slice(0, MAX_STEM).join('').trim();
  return `${short || 'document'}${extension}`;
}

/** What the viewer and the download button receive (docs/documents-and-sheets.md#viewer Document, docs/documents-and-sheets.md#filters content detection). */
export function contentReply(name: string, bytes: Uint8Array): DocumentContent {
  const contentType = detectContentType(bytes);
  return {
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    contentType,
    document: { nomDocument: safeFileName(name, contentType) },
  };
}

/**
 * Names unique inside one archive, case-insensitively, given one at a time (a streamed archive learns
 * each name as it reads the file): `x.pdf`, `x (2).pdf`, ...
 */
export function nameTaker(): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** Names unique inside one archive, case-insensitively: `x.pdf`, `x (2).pdf`, ... */
export function uniqueNames(names: string[]): string[] {
  return names.map(nameTaker());
}
