import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { stateChipColours } from './state-colour';

describe('stateChipColours', () => {
  it.each(['#2e7d32', '#0277bd', '#ef6c00', '#ffeb3b', '#000000', 'rgb(200, 200, 200)'])(
    'gives %s a text colour with at least the AA contrast of 4.5',
    (colour) => {
      const chip = stateChipColours(colour);
      expect(chip?.backgroundColor).toBe(colour);
      expect(getContrastRatio(colour, chip?.color ?? '')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('puts black on the orange where white would fail', () => {
    expect(stateChipColours('#ef6c00')?.color).toBe('#000');
    expect(stateChipColours('#0277bd')?.color).toBe('#fff');
  });

  it('leaves the default chip for no colour or one it cannot read', () => {
    expect(stateChipColours(null)).toBeNull();
    expect(stateChipColours('papayawhip')).toBeNull();
  });
});
