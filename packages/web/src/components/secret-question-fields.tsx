import type { SecretQuestion } from '@portail/contract/schemas/account';
import { useMemo } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from './form-select';
import { FormTextField } from './form-text-field';

export interface SecretQuestionFieldsProps<T extends FieldValues, O = T> {
  control: Control<T, unknown, O>;
  /** The form's fields for the question's id and for the answer. */
  questionName: FieldPath<T>;
  answerName: FieldPath<T>;
  /** The questions offered, as their query gives them. */
  questions: { data?: readonly SecretQuestion[] | undefined; isPending: boolean; isError: boolean };
  labels: {
    question: string;
    /** Under the select when the questions could not be loaded. */
    loadError: string;
    answer: string;
    answerHelp: string;
  };
  disabled: boolean;
}

/** A secret question, shown in the interface language, and its answer; both required (docs/personal-details.md#secret-question, docs/interface-conventions.md#postal-code-lookup). */
export function SecretQuestionFields<T extends FieldValues, O = T>({
  control,
  questionName,
  answerName,
  questions,
  labels,
  disabled,
}: SecretQuestionFieldsProps<T, O>) {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en_EN';
  const options = useMemo(
    () =>
      (questions.data ?? []).map((question) => ({
        value: question.id,
        label: english ? question.questionen : question.questionfr,
      })),
    [questions.data, english],
  );
  return (
    <>
      <FormSelect
        name={questionName}
        control={control}
        label={labels.question}
        options={options}
        required
        disabled={disabled || questions.isPending}
        helperText={questions.isError ? labels.loadError : undefined}
      />
      <FormTextField
        name={answerName}
        control={control}
        label={labels.answer}
        helperText={labels.answerHelp}
        autoComplete="off"
        required
        disabled={disabled}
      />
    </>
  );
}
