import { getContrastRatio } from '@mui/material/styles';

const WHITE = '#fff';
const BLACK = '#000';

/**
 * Background and text of a state chip in the back office's colour: the text is black or white,
 * whichever contrasts more, so that it passes WCAG AA whatever colour the centre chose (white on its
 * orange would not). A colour MUI cannot read (a CSS name, say) gives no colours: the default chip.
 */
export function stateChipColours(colour: string | null): { backgroundColor: string; color: string } | null {
  if (!colour) return null;
  try {
    const text = getContrastRatio(colour, WHITE) >= getContrastRatio(colour, BLACK) ? WHITE : BLACK;
    return { backgroundColor: colour, color: text };
  } catch {
    return null;
  }
}
