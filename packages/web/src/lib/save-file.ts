/** Hands a file to the browser's downloads under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address can go after the current task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The bytes of a base64 text (the document replies carry their content so, docs/documents-and-sheets.md#viewer). */
export function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/** The name to save a file under: the given name, with the extension of its type when it has none. */
export function fileNameFor(name: string, contentType: string): string {
  const extension = EXTENSIONS[contentType] ?? '';
  const clean = name.trim().replace(/[\\/:*?"<>|]+/g, '_') || 'document';
  return /\.[A-Za-z0-9]{2,5}$/.test(clean) ? clean : `${clean}${extension}`;
}
