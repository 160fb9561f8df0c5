import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type BaseSyntheticEvent, type ReactNode, useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, fieldsNamed } from '../../../lib/apply-field-errors';
import type { Outcome, OutcomeProblem } from '../../../lib/outcome';
import { ProblemAlert } from './problem-alert';

/**
 * A recovery form's sending: while it runs the form is busy; field errors (400) land on the given
 * fields (or, on none of them, are told above the form); any other problem is told above the form.
 * `send` gives back the outcome (null: the caller took care of it) for the caller's next move.
 */
export function useStepSending<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<OutcomeProblem | null>(null);

  const send = async <O extends Outcome<unknown> | null>(call: () => Promise<O>): Promise<O> => {
    setSending(true);
    setProblem(null);
    const outcome = await call();
    setSending(false);
    if (outcome === null || outcome.kind === 'done') return outcome;
    if (outcome.kind === 'invalid') {
      if (!applyFieldErrors(setError, outcome.fieldErrors, fieldsNamed(fields)))
        setProblem({ kind: 'failed', key: 'errors.validation' });
    } else {
      setProblem(outcome);
    }
    return outcome;
  };

  return { sending, problem, send };
}

export interface StepFormProps {
  onSubmit: (event: BaseSyntheticEvent) => Promise<void>;
  sending: boolean;
  problem: OutcomeProblem | null;
  submitLabel: string;
  /** Shown above the problem (the question being answered). */
  header?: ReactNode;
  /** A way back to the previous step, next to the submit button. */
  onBack?: () => void;
  children: ReactNode;
}

/** The frame of a recovery step: the form, the last problem above its fields, the submit button. */
export function StepForm({
  onSubmit,
  sending,
  problem,
  submitLabel,
  header,
  onBack,
  children,
}: StepFormProps) {
  const { t } = useTranslation();
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      {header}
      <ProblemAlert problem={problem} />
      {children}
      {onBack ? (
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={onBack} disabled={sending}>
            {t('recovery.previous')}
          </Button>
          <Button type="submit" variant="contained" loading={sending}>
            {submitLabel}
          </Button>
        </Stack>
      ) : (
        <Button type="submit" variant="contained" size="large" loading={sending}>
          {submitLabel}
        </Button>
      )}
    </Stack>
  );
}
