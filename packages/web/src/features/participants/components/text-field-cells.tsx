import Grid, { type GridSize } from '@mui/material/Grid';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import type { ParticipantDraft } from '../participant-draft';
import type { SectionProps } from './section-props';

/** One text field of a participant form section: its cell's width and the schema that bounds it. */
export interface TextFieldCell {
  name: FieldPath<ParticipantDraft>;
  labelKey: string;
  /** The contract's schema of the field: the input stops at its maximum length. */
  schema: z.ZodType;
  size: Partial<Record<'xs' | 'sm' | 'md', GridSize>>;
  type?: 'tel' | 'email';
  required?: boolean;
}

/** The text fields of a section, each in its grid cell, labelled, bounded and read-only alike. */
export function TextFieldCells({
  cells,
  control,
  readOnly,
  label,
}: Pick<SectionProps, 'control' | 'readOnly'> & {
  cells: readonly TextFieldCell[];
  label: (key: string) => string;
}) {
  return cells.map((cell) => (
    <Grid key={cell.name} size={cell.size}>
      <FormTextField
        control={control}
        name={cell.name}
        label={label(cell.labelKey)}
        {...(cell.type ? { type: cell.type } : {})}
        required={cell.required === true}
        disabled={readOnly}
        htmlInput={{
          maxLength: maxLengthOf(cell.schema),
          ...(cell.type === 'tel' ? { inputMode: 'tel' } : {}),
        }}
      />
    </Grid>
  ));
}
