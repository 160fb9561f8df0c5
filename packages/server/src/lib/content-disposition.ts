/**
 * `Content-Disposition: attachment` for a file name in any language (RFC 6266): `filename*` carries the
 * name in UTF-8 (RFC 5987), and `filename` an ASCII stand-in for old clients, its accents dropped and
 * anything else that could break the quoted string replaced.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // encodeURIComponent leaves ' ( ) * ! unescaped, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
