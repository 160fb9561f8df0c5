import { zodResolver } from '@hookform/resolvers/zod';
import { type SecretAnswerBody, secretAnswerBody } from '@portail/contract/schemas/account';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField } from '../../../components/password-field';
import { SecretQuestionFields } from '../../../components/secret-question-fields';
import { fieldsNamed } from '../../../lib/apply-field-errors';
import { zodErrorKey } from '../../../lib/form-errors';
import { saveSecretQuestion, useSecretQuestions } from '../api/secret-question';
import { FormDialog } from './form-dialog';
import { useDialogSave } from './use-dialog-save';

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
  const form = useForm<QuestionDraft, unknown, SecretAnswerBody>({ defaultValues: EMPTY, resolver });
  const { saving, dialog } = useDialogSave({
    form,
    empty: EMPTY,
    onClose,
    save: saveSecretQuestion,
    fieldOf: fieldsNamed(FIELDS),
  });

  return (
    <FormDialog
      open={open}
      {...dialog}
      title={t('account.question.title')}
      intro={t('account.question.intro')}
      submitLabel={t('account.question.submit')}
    >
      <SecretQuestionFields
        control={form.control}
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
      <CurrentPasswordField name="motDePasse" control={form.control} disabled={saving} />
    </FormDialog>
  );
}
