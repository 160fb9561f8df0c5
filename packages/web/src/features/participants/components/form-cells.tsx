import Grid, { type GridProps, type GridSize } from '@mui/material/Grid';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDateField, type FormDateFieldProps } from '../../../components/form-date-field';
import { FormSelect, type FormSelectProps } from '../../../components/form-select';
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field';
import type { ParticipantDraft, ParticipantValues } from '../participant-draft';
import type { SectionProps } from './section-props';

// Every field of the participant form stands in a grid cell of its section and is disabled when the
// whole form is read-only; these cells say so once, so a section lists only what differs per field.

/** What a cell takes from its section: the form, whether it is read-only, and the cell's width. */
type CellProps = Pick<SectionProps, 'control' | 'readOnly'> & { size: GridProps['size'] };

/**
 * The field's own props, less what the cell sets for every field of the form. The label is the
 * catalogue's `participant.fields.<name>` unless given (the contact person's fields have their own).
 */
type FieldProps<P> = Omit<P, 'control' | 'disabled' | 'label'> & { label?: string };

/** The label of a field of the form: the one given, or the catalogue's entry named after the field. */
function useCellLabel(name: FieldPath<ParticipantDraft>, label: string | undefined): string {
  const { t } = useTranslation();
  return label ?? t(`participant.fields.${name}`);
}

/** A text field of the participant form in its grid cell. */
export function TextCell({
  control,
  readOnly,
  size,
  label,
  ...field
}: CellProps &
  FieldProps<FormTextFieldProps<ParticipantDraft, FieldPath<ParticipantDraft>, ParticipantValues>>) {
  const shown = useCellLabel(field.name, label);
  return (
    <Grid size={size}>
      <FormTextField control={control} disabled={readOnly} label={shown} {...field} />
    </Grid>
  );
}

/** A dropdown of the participant form in its grid cell. */
export function SelectCell({
  control,
  readOnly,
  size,
  label,
  ...field
}: CellProps & FieldProps<FormSelectProps<ParticipantDraft, ParticipantValues>>) {
  const shown = useCellLabel(field.name, label);
  return (
    <Grid size={size}>
      <FormSelect control={control} disabled={readOnly} label={shown} {...field} />
    </Grid>
  );
}

/** A date field of the participant form in its grid cell. */
export function DateCell({
  control,
  readOnly,
  size,
  label,
  ...field
}: CellProps & FieldProps<FormDateFieldProps<ParticipantDraft, ParticipantValues>>) {
  const shown = useCellLabel(field.name, label);
  return (
    <Grid size={size}>
      <FormDateField control={control} disabled={readOnly} label={shown} {...field} />
    </Grid>
  );
}

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
    <TextCell
      key={cell.name}
      control={control}
      readOnly={readOnly}
      size={cell.size}
      name={cell.name}
      label={label(cell.labelKey)}
      {...(cell.type ? { type: cell.type } : {})}
      required={cell.required === true}
      htmlInput={{
        maxLength: maxLengthOf(cell.schema),
        ...(cell.type === 'tel' ? { inputMode: 'tel' } : {}),
      }}
    />
  ));
}
