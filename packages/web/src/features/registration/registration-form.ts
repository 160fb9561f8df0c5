import { CONFIRMATION_CODE_LENGTH } from '@portail/contract/constants';
import { meetsPasswordRules } from '@portail/contract/rules/password';
import {
  connectionDataBody,
  identityBody,
  REGISTRATION_ANSWER_MAX,
  REGISTRATION_ANSWER_MIN,
  type RegistrationForm,
  registrationForm,
} from '@portail/contract/schemas/registration';
import { z } from 'zod';

/**
 * The registration form while it is being filled: no question chosen yet, the birth date and the
 * centre's activation code, then the SMS code, of step 1.
 */
export interface RegistrationDraft {
  dateNaissance: string | null;
  codeActivation: string;
  code: string;
  emailPersonnel: string;
  portablePersonnel: string;
  password: string;
  confirmPassword: string;
  questionSecrete: number | null;
  reponseQuestionSecrete: string;
  accepterDMC: boolean;
  refuserDMC: boolean;
}

export type DraftField = keyof RegistrationDraft;

export const EMPTY_DRAFT: RegistrationDraft = {
  dateNaissance: null,
  codeActivation: '',
  code: '',
  emailPersonnel: '',
  portablePersonnel: '',
  password: '',
  confirmPassword: '',
  questionSecrete: null,
  reponseQuestionSecrete: '',
  accepterDMC: false,
  refuserDMC: false,
};

const form = registrationForm.shape;
const CODE_PATTERN = new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The contract's rules (docs/activation.md#participant-steps) plus what the screens check before calling: the code's six digits,
 * the password rule (docs/activation.md#participant-steps) and an equal confirmation. A correspondant gives no personal contact and
 * confirms no code, so those fields are not checked for them.
 */
export function draftSchema(participant: boolean) {
  return z
    .object({
      dateNaissance: participant ? identityBody.shape.dateNaissance : z.string().nullable(),
      codeActivation: participant ? identityBody.shape.codeActivation : z.string(),
      code: participant
        ? z.string().trim().min(1, 'errors.required').regex(CODE_PATTERN, 'registration.code.format')
        : z.string(),
      emailPersonnel: participant ? connectionDataBody.shape.emailPersonnel : z.string(),
      portablePersonnel: participant ? connectionDataBody.shape.portablePersonnel : z.string(),
      password: form.password.refine(meetsPasswordRules, 'errors.passwordRegles'),
      confirmPassword: form.confirmPassword,
      questionSecrete: form.questionSecrete,
      // The contract's answer rule, without its early abort: that would also skip the confirmation check.
      reponseQuestionSecrete: z
        .string()
        .trim()
        .min(1, 'errors.required')
        .min(REGISTRATION_ANSWER_MIN)
        .max(REGISTRATION_ANSWER_MAX),
      accepterDMC: z.boolean(),
      refuserDMC: z.boolean(),
    })
    .refine((draft) => draft.password === draft.confirmPassword, {
      path: ['confirmPassword'],
      message: 'errors.missmatch',
      // Checked as soon as both are typed, whatever the state of the other fields.
      when: ({ value }) =>
        isRecord(value) &&
        typeof value.password === 'string' &&
        typeof value.confirmPassword === 'string' &&
        value.confirmPassword !== '',
    });
}

/** The fields each step checks before going on. */
export const IDENTITY_FIELDS = ['dateNaissance', 'codeActivation'] as const satisfies DraftField[];
export const CONTACT_FIELDS = ['emailPersonnel', 'portablePersonnel'] as const satisfies DraftField[];
export const SECURITY_FIELDS = [
  'password',
  'confirmPassword',
  'questionSecrete',
  'reponseQuestionSecrete',
] as const satisfies DraftField[];

/** Exactly one of accept and refuse (docs/activation.md#participant-steps). */
export function consentGiven(draft: Pick<RegistrationDraft, 'accepterDMC' | 'refuserDMC'>): boolean {
  return draft.accepterDMC !== draft.refuserDMC;
}

/** The body of `registration/confirmation`: a correspondant sends no personal contact and no consent. */
export function confirmationBody(draft: RegistrationDraft, participant: boolean): RegistrationForm {
  const common = {
    password: draft.password,
    confirmPassword: draft.confirmPassword,
    questionSecrete: draft.questionSecrete ?? 0,
    reponseQuestionSecrete: draft.reponseQuestionSecrete.trim(),
  };
  return participant
    ? {
        ...common,
        emailPersonnel: draft.emailPersonnel.trim(),
        portablePersonnel: draft.portablePersonnel.trim(),
        accepterDMC: draft.accepterDMC,
        refuserDMC: draft.refuserDMC,
      }
    : { ...common, accepterDMC: false, refuserDMC: false };
}
