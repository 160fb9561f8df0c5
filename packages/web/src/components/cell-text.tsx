import Box from '@mui/material/Box';

/** Up to two lines, then an ellipsis. */
export const twoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: 'normal',
  lineHeight: 1.2,
  overflowWrap: 'anywhere',
} as const;

/** The cell is no flex box: this centres a text of one or two lines in the row's height. */
export const centredInCell = { display: 'flex', alignItems: 'center', height: '100%' } as const;

/**
 * A long text in a grid cell (an establishment, a reason, a name): up to two lines, then an ellipsis,
 * and the whole text on hover (issue 18: at 1366 pixels beside the open menu, "Lopez et Jean – …"
 * named no establishment). Two lines fit the standard and compact row heights.
 */
export function CellText({ text }: { text: string }) {
  return (
    <Box component="span" sx={centredInCell}>
      <Box component="span" title={text} sx={twoLines}>
        {text}
      </Box>
    </Box>
  );
}

/** Column settings that draw a text column's values with `CellText`. */
export const clampedText = {
  renderCell: ({ formattedValue }: { formattedValue?: unknown }) =>
    typeof formattedValue === 'string' && formattedValue !== '' ? <CellText text={formattedValue} /> : null,
} as const;
