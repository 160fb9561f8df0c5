import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { REQUIRED_MARK } from '../../../components/text-input';
import { useEnumOptions } from '../../../lib/enums';

/** The required reason of a termination or a transfer, among the centre's movement reasons (motifmouvement). */
export function MovementReasonSelect({
  label,
  value,
  onChange,
  sx,
}: {
  label: string;
  /** The reason's id; '' while none is chosen. */
  value: number | '';
  onChange: (value: number | '') => void;
  sx?: SxProps<Theme>;
}) {
  const reasons = useEnumOptions('motifmouvement');
  return (
    <TextField
      select
      fullWidth
      required
      sx={sx}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      slotProps={{ inputLabel: { required: false, sx: REQUIRED_MARK } }}
    >
      {reasons.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
