import Box from '@mui/material/Box';
import { TextInput } from '../../../components/text-input';

/** A value shown, never edited (docs/transfers.md#detail: the detail is read-only): readable, focusable, drawn apart. */
export function ReadOnlyValue({ label, value }: { label: string; value: string | number | null }) {
  const text = value === null ? '' : String(value);
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
