import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../src/lib/content-disposition';

describe('Content-Disposition of a download (RFC 6266, RFC 5987)', () => {
  it('gives a plain name as is, in both parameters', () => {
    expect(attachmentDisposition('Bilans 2026-11-24.xlsx')).toBe(
      `attachment; filename="Bilans 2026-11-24.xlsx"; filename*=UTF-8''Bilans%202026-11-24.xlsx`,
    );
  });

  it('keeps accents in the UTF-8 name and drops them from the ASCII stand-in', () => {
    expect(attachmentDisposition('Résultats d’analyses (été).pdf')).toBe(
      `attachment; filename="Resultats d_analyses (ete).pdf"; ` +
        `filename*=UTF-8''R%C3%A9sultats%20d%E2%80%99analyses%20%28%C3%A9t%C3%A9%29.pdf`,
    );
  });

  it('cannot be broken out of by quotes, backslashes, line breaks or percent signs', () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x=1%.pdf');
    expect(header).toBe(
      `attachment; filename="a_b_c__Set-Cookie: x=1_.pdf"; ` +
        `filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%25.pdf`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('escapes the characters RFC 5987 does not allow unescaped', () => {
    expect(attachmentDisposition("it's (1)*!.ics")).toContain(`filename*=UTF-8''it%27s%20%281%29%2A%21.ics`);
  });
});
