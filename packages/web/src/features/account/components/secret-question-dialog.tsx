import { zodResolver } from '@hookform/resolvers/zod';
import { type SecretAnswerBody, secretAnswerBody } from '@portail/contract/schemas/account';
import type { Message } from '@portail/contract/schemas/common';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField } from '../../../components/password-field';
import { SecretQuestionFields } from '../../../components/secret-question-fields';
import { applyFieldErrors, fieldsNamed } from '../../../lib/apply-field-errors';
import { zodErrorKey } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { saveSecretQuestion, useSecretQuestions } from '../api/secret-question';
import { FormDialog } from './form-dialog';

/** The dialog's values while typing: no question chosen yet. */
interface QuestionDraft {
  id: number | null;
  response: string;
  motDePasse: string;
}
const EMPTY: QuestionDraft = { id: null, response: '', motDePasse: '' };
const FIELDS = ['id', 'response', 'motDePasse'] as const;
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
 * Change the secret question (docs/personal-details.md#secret-question, docs/personal-details.md#address): a question of `listeQuestion`, in the interface language,
 * and its answer, sent with `POST user/question` behind the current password (issue 17). The answer is
 * what recovery will ask for.
 */
export function SecretQuestionDialog({ open, onClose }: SecretQuestionDialogProps) {
  const { t } = useTranslation();
  const questions = useSecretQuestions(open);
  const [saving, setSaving] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);
  const { control, handleSubmit, reset, setError } = useForm<QuestionDraft, unknown, SecretAnswerBody>({
    defaultValues: EMPTY,
    resolver,
  });

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
      if (outcome.kind === 'done') {
        for (const message of outcome.messages) notify(`messages.${message.errorCode}`, 'success');
        reset(EMPTY);
        onClose();
      } else if (outcome.kind === 'invalid') {
        const landed = applyFieldErrors(setError, outcome.fieldErrors, fieldsNamed(FIELDS));
        setMessages(outcome.messages);
        if (!landed) notify('form.error', 'error');
      } else if (outcome.kind === 'refused') {
        setMessages(outcome.messages);
      }
    },
    () => notify('form.error', 'error'),
  );

  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={(event) => void submit(event)}
      saving={saving}
      title={t('account.question.title')}
      intro={t('account.question.intro')}
      submitLabel={t('account.question.submit')}
      messages={messages}
    >
      <SecretQuestionFields
        control={control}
        questionName="id"
        answerName="response"
        questions={questions}
        labels={{
          question: t('account.question.question'),
          loadError: t('account.question.loadError'),
          answer: t('account.question.answer'),
          answerHelp: t('account.question.answerHelp'),
        }}
        disabled={saving}
      />
      <CurrentPasswordField name="motDePasse" control={control} disabled={saving} />
    </FormDialog>
  );
}
