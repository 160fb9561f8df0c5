import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type SecretAnswerBody, secretAnswerBody } from '@portail/contract/schemas/account';
import type { Message } from '@portail/contract/schemas/common';
import { useId, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/form-select';
import { FormTextField } from '../../../components/form-text-field';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { zodErrorKey } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { saveSecretQuestion, useSecretQuestions } from '../api/secret-question';
import { applyFieldErrors } from '../apply-field-errors';

/** The dialog's values while typing: no question chosen yet. */
interface QuestionDraft {
  id: number | null;
  response: string;
}
const EMPTY: QuestionDraft = { id: null, response: '' };
// The contract's schema checks the draft; on submit it gives the call's body (the one cast).
const resolver = zodResolver(secretAnswerBody, { error: zodErrorKey }) as unknown as Resolver<
  QuestionDraft,
  unknown,
  SecretAnswerBody
>;

export interface SecretQuestionDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Change the secret question (001 §2, §7): a question of `listeQuestion`, in the interface language,
 * and its answer, sent with `POST user/question`. The answer is what recovery will ask for.
 */
export function SecretQuestionDialog({ open, onClose }: SecretQuestionDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const questions = useSecretQuestions(open);
  const [saving, setSaving] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);
  const { control, handleSubmit, reset, setError } = useForm<QuestionDraft, unknown, SecretAnswerBody>({
    defaultValues: EMPTY,
    resolver,
  });
  const english = i18n.language === 'en_EN';
  const options = useMemo(
    () =>
      (questions.data ?? []).map((question) => ({
        value: question.id,
        label: english ? question.questionen : question.questionfr,
      })),
    [questions.data, english],
  );

  const close = () => {
    if (saving) return;
    reset(EMPTY);
    setMessages([]);
    onClose();
  };

  const submit = handleSubmit(
    async (values) => {
      setSaving(true);
      setMessages([]);
      const outcome = await saveSecretQuestion(values);
      setSaving(false);
      if (outcome.kind === 'saved') {
        for (const message of outcome.messages) notify(`messages.${message.errorCode}`, 'success');
        reset(EMPTY);
        onClose();
      } else if (outcome.kind === 'invalid') {
        const landed = applyFieldErrors(setError, outcome.fieldErrors, (field) =>
          field === 'id' || field === 'response' ? field : null,
        );
        if (!landed) notify('form.error', 'error');
      } else if (outcome.kind === 'refused') {
        setMessages(outcome.messages);
      }
    },
    () => notify('form.error', 'error'),
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
        <DialogTitle id={titleId}>{t('account.question.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            {t('account.question.intro')}
          </DialogContentText>
          <MessagesAlerts messages={messages} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormSelect
              name="id"
              control={control}
              label={t('account.question.question')}
              options={options}
              required
              disabled={saving || questions.isPending}
              helperText={questions.isError ? t('account.question.loadError') : undefined}
            />
            <FormTextField
              name="response"
              control={control}
              label={t('account.question.answer')}
              required
              disabled={saving}
              autoComplete="off"
              helperText={t('account.question.answerHelp')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={saving}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {t('account.question.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
