import Box from '@mui/material/Box';
import { TextInput } from './text-input';

/**
 * A value a form shows but nobody edits there (a participant's phonetic name or termination date, a
 * transfer's details: docs/transfers.md#detail): readable and focusable, drawn apart from the fields
 * one types in.
 */
export function ReadOnlyField({
  label,
  value,
}: {
  label: string;
  value: string | number | null | undefined;
}) {
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Box
      sx={{
        '& .MuiOutlinedInput-root': { bgcolor: 'action.hover' },
        '& .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
      }}
    >
      <TextInput
        label={label}
        value={text === '' ? '—' : text}
        onChange={() => undefined}
        htmlInput={{ readOnly: true }}
      />
    </Box>
  );
}
