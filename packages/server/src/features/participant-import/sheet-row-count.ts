/**
 * Opening tags that matter in a sheet's XML: a row, and what makes a row hold data (a value, an inline
 * string, a formula). An optional namespace prefix is allowed (`<x:row>`); closing tags do not match.
 */
const TAG = /<(?:[A-Za-z_][\w.-]*:)?(row|v|is|f)[\s/>]/g;

/**
 * Counts the rows holding data in a sheet's XML as it streams by, without parsing it: Excel writes a
 * `<row>` for a row that is only formatted, so a row counts when a value follows it before the next
 * row. `push` answers false once more than `max` rows have data, so the caller stops inflating there;
 * `finish` answers whether the whole sheet stayed within `max`.
 */
export function countDataRows(max: number) {
  const decoder = new TextDecoder();
  let carry = '';
  let rows = 0;
  let rowHasData = false;

  const scan = (text: string) => {
    for (const match of text.matchAll(TAG)) {
      if (match[1] === 'row') {
        if (rowHasData) rows++;
        rowHasData = false;
      } else rowHasData = true;
    }
  };

  return {
    push(chunk: Uint8Array): boolean {
      const text = carry + decoder.decode(chunk, { stream: true });
      // A tag cut by the chunk's end is scanned with the next chunk.
      const cut = text.lastIndexOf('<');
      scan(cut < 0 ? text : text.slice(0, cut));
      carry = cut < 0 ? '' : text.slice(cut);
      // A long run without any `<` would be carried whole: no real sheet has one, keep memory bounded.
      if (carry.length > 4096) carry = carry.slice(-64);
      return rows <= max;
    },
    finish(): boolean {
      scan(`${carry}${decoder.decode()}<row>`);
      carry = '';
      return rows <= max;
    },
  };
}
