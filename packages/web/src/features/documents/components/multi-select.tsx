import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBoxIcon from '@mui/icons-material/IndeterminateCheckBox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select, { type SelectChangeEvent } from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The "select all" row's value: no real option has it. */
const ALL = -1;

export interface MultiSelectOption {
  value: number;
  label: string;
}

export interface MultiSelectProps {
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly number[];
  onChange: (value: number[]) => void;
  disabled?: boolean;
  name: string;
}

/** The option's state drawn as a checkbox; the option itself carries aria-selected. */
function BoxIcon({ checked, indeterminate }: { checked: boolean; indeterminate?: boolean }) {
  if (indeterminate) return <IndeterminateCheckBoxIcon color="primary" />;
  return checked ? <CheckBoxIcon color="primary" /> : <CheckBoxOutlineBlankIcon />;
}

/** A multiple choice with a "select all" row on top (docs/documents-and-sheets.md#filters), each row a checkbox. */
export function MultiSelect({ label, options, value, onChange, disabled, name }: MultiSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const all = options.length > 0 && options.every((option) => value.includes(option.value));
  const some = value.length > 0 && !all;

  const change = (event: SelectChangeEvent<number[]>) => {
    const next = event.target.value;
    const values = typeof next === 'string' ? next.split(',').map(Number) : next;
    if (values.includes(ALL)) onChange(all ? [] : options.map((option) => option.value));
    else onChange(values);
  };

  const summary = (selected: number[]) => {
    if (selected.length === 0) return t('documents.filters.none');
    if (all) return t('documents.filters.all', { count: selected.length });
    return options
      .filter((option) => selected.includes(option.value))
      .map((option) => option.label)
      .join(', ');
  };

  return (
    <FormControl fullWidth disabled={disabled}>
      <InputLabel id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <Select<number[]>
        labelId={`${id}-label`}
        id={id}
        name={name}
        multiple
        value={[...value]}
        onChange={change}
        input={<OutlinedInput label={label} notched />}
        renderValue={summary}
        displayEmpty
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
      >
        <MenuItem value={ALL}>
          <ListItemIcon>
            <BoxIcon checked={all} indeterminate={some} />
          </ListItemIcon>
          <ListItemText primary={t('documents.filters.selectAll')} />
        </MenuItem>
        <Divider />
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <ListItemIcon>
              <BoxIcon checked={value.includes(option.value)} />
            </ListItemIcon>
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
