import { describe, expect, it } from 'vitest';
import { maskPhone } from '../src/rules/phone';

describe('a masked phone number shows only its last two digits (maskPhone)', () => {
  it('a French mobile shows its last two digits, the others as dots in pairs', () => {
    expect(maskPhone('06 12 34 56 78')).toBe('•• •• •• •• 78');
  });

  it('the separators typed do not matter', () => {
    expect(maskPhone('06.12.34.56.78')).toBe(maskPhone('0612345678'));
    expect(maskPhone('06-12-34-56-78')).toBe(maskPhone('06 12 34 56 78'));
  });

  it('an international number hides every digit but the last two, the + included', () => {
    const masked = maskPhone('+33 6 12 34 56 78');
    expect(masked.replace(/\s/g, '')).toBe(`${'•'.repeat(9)}78`);
    // Paired from the end: the last two digits are never split across groups.
    expect(masked).toBe('• •• •• •• •• 78');
    expect(masked).not.toContain('+');
  });

  it('a number of fewer than four digits reveals nothing', () => {
    expect(maskPhone('123')).toBe('••');
    expect(maskPhone('1234')).toBe('•• 34');
  });

  it('no number gives an empty text', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });
});
