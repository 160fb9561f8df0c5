import { describe, expect, it } from 'vitest';
import { isPlainText } from '../src/rules/text';

const name = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

describe('plain text (issue 17, item 10): characters no text of the portal may hold', () => {
  it.each(Array.from({ length: 32 }, (_, code) => [name(code), code]))(
    'a text holding the control character %s is refused',
    (_, code) => {
      expect(isPlainText(`Dupont${String.fromCharCode(code)}Martin`)).toBe(false);
    },
  );

  it('a text holding DEL (U+007F) is refused', () => {
    expect(isPlainText('Dupont\u007F')).toBe(false);
  });

  it('a text holding a lone high surrogate is refused, at the end or before another character', () => {
    expect(isPlainText('Dupont\uD83D')).toBe(false);
    expect(isPlainText('\uD83Da')).toBe(false);
    // The ends of the high range.
    expect(isPlainText('\uD800')).toBe(false);
    expect(isPlainText('\uDBFF')).toBe(false);
  });

  it('a text holding a lone low surrogate is refused, at the start or after another character', () => {
    expect(isPlainText('\uDE00Dupont')).toBe(false);
    expect(isPlainText('a\uDE00')).toBe(false);
    // The ends of the low range.
    expect(isPlainText('\uDC00')).toBe(false);
    expect(isPlainText('\uDFFF')).toBe(false);
  });

  it('a surrogate pair (an emoji) is accepted', () => {
    expect(isPlainText('Zoé 😀')).toBe(true);
  });

  it('accents, apostrophes, hyphens and letters of other alphabets are accepted', () => {
    expect(isPlainText('Élodie d’Artagnan-Ørsted Ωμέγα 東京')).toBe(true);
  });

  it('the characters just above the controls (C1, no-break space, direction marks) are accepted', () => {
    expect(isPlainText('\u0080\u009F\u00A0\u200F')).toBe(true);
    expect(isPlainText(' ~')).toBe(true);
  });

  it('the empty text is accepted', () => {
    expect(isPlainText('')).toBe(true);
  });
});
