import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConfirmCodeReply } from '@portail/contract/schemas/auth';
import type { InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { zodErrorKey } from '../../../lib/form-errors';

export interface CodeStepFormProps {
  /** The contract's rule of the code: a code it refuses would spend no try, so it is told here. */
  rule: z.ZodType<string, string>;
  title: string;
  intro: string;
  label: string;
  submitLabel: string;
  autoComplete: string;
  htmlInput: InputHTMLAttributes<HTMLInputElement>;
  send: (code: string) => Promise<ConfirmCodeReply>;
  onOutcome: (reply: ConfirmCodeReply) => Promise<void>;
}

/**
 * One code field of the sign-in's second step: the code is checked against the contract's rule, sent,
 * and the reply (or the one made of an error) handed to the code page; the field is then emptied and
 * focused for another try.
 */
export function CodeStepForm({
  rule,
  title,
  intro,
  label,
  submitLabel,
  autoComplete,
  htmlInput,
  send,
  onOutcome,
}: CodeStepFormProps) {
  const schema = z.object({ code: z.string().trim().min(1, 'errors.required').pipe(rule) });
  const { control, handleSubmit, reset, setFocus, formState } = useForm<{ code: string }>({
    resolver: zodResolver(schema, { error: zodErrorKey }),
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(async ({ code }) => {
    let reply: ConfirmCodeReply;
    try {
      reply = await send(code);
    } catch {
      return;
    }
    await onOutcome(reply);
    if (!reply.ok) {
      reset({ code: '' });
      setFocus('code');
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={2}
      aria-label={title}
    >
      <Typography>{intro}</Typography>
      <FormTextField
        control={control}
        name="code"
        label={label}
        autoComplete={autoComplete}
        required
        autoFocus
        disabled={formState.isSubmitting}
        htmlInput={htmlInput}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
