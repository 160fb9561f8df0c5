import { zodResolver } from '@hookform/resolvers/zod';
import { SCREENS } from '@portail/contract/routes';
import type { Message } from '@portail/contract/schemas/common';
import {
  REGISTRATION_MESSAGES,
  REGISTRATION_OTP_RESEND_S,
  type RegistrationState,
} from '@portail/contract/schemas/registration';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodErrorKey } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { useCountdown } from '../../lib/use-countdown';
import { checkOtp, sendOtp } from './api/otp';
import { forgetProof } from './api/proof-store';
import type { StepOutcome } from './api/step-outcome';
import { confirmRegistration, validateConnectionData } from './api/submit-steps';
import type { CodeStatus } from './components/code-step';
import { serverErrorsToFields } from './field-errors';
import {
  CONTACT_FIELDS,
  confirmationBody,
  consentGiven,
  type DraftField,
  draftSchema,
  EMPTY_DRAFT,
  type RegistrationDraft,
  SECURITY_FIELDS,
} from './registration-form';
import { useIdentityStep } from './use-identity-step';

export type StepId = 'code' | 'presentation' | 'cgu' | 'contact' | 'security' | 'consent' | 'professional';

/** docs/activation.md#participant-steps: six steps for a participant, three for a correspondant. */
const PARTICIPANT_STEPS: readonly StepId[] = [
  'code',
  'presentation',
  'cgu',
  'contact',
  'security',
  'consent',
];
const CORRESPONDANT_STEPS: readonly StepId[] = ['presentation', 'professional', 'security'];

const FIELD_STEP: Record<DraftField, StepId> = {
  dateNaissance: 'code',
  codeActivation: 'code',
  code: 'code',
  emailPersonnel: 'contact',
  portablePersonnel: 'contact',
  password: 'security',
  confirmPassword: 'security',
  questionSecrete: 'security',
  reponseQuestionSecrete: 'security',
  accepterDMC: 'consent',
  refuserDMC: 'consent',
};

const error = (errorCode: string): Message => ({ level: 'ERROR', errorCode });
const CONNECTION_INCORRECT = error(REGISTRATION_MESSAGES.connectionDataIncorrect);
const CONFIDENTIAL_INCORRECT = error(REGISTRATION_MESSAGES.confidentialDataIncorrect);
const CONSENT_INCOMPLETE = error(REGISTRATION_MESSAGES.consentIncomplete);

/**
 * The registration steps of a valid link (docs/activation.md#participant-steps, docs/activation.md#link-states): where the user is, the one form of
 * every step, and what each Next does with the server.
 */
export function useRegistrationFlow(token: string, state: RegistrationState) {
  const participant = state.compteParticipant;
  const steps = participant ? PARTICIPANT_STEPS : CORRESPONDANT_STEPS;
  const navigate = useNavigate();
  // A reload after the code was confirmed resumes at step 2 (the contract's codeConfirme).
  const [active, setActive] = useState(() => (participant && state.codeConfirme ? 1 : 0));
  const [codeStatus, setCodeStatus] = useState<CodeStatus>(() =>
    state.codeConfirme ? { kind: 'confirmed' } : { kind: 'sending' },
  );
  const [messages, setMessages] = useState<Message[]>([]);
  const [busy, setBusy] = useState(false);
  const { left: resendLeft, start: startResendWait } = useCountdown();
  // One code per arrival on step 1, even when effects run twice.
  const codeAsked = useRef(false);
  const resolver = useMemo(
    () =>
      // The schema checks the draft (a question may be unset); the cast is the draft's type.
      zodResolver(draftSchema(participant), { error: zodErrorKey }) as unknown as Resolver<RegistrationDraft>,
    [participant],
  );
  const form = useForm<RegistrationDraft>({ defaultValues: EMPTY_DRAFT, resolver });
  // A participant proves who they are before any text message is sent (issue 17).
  const identity = useIdentityStep(token, form, state.identiteConfirmee);
  const step = steps[active] ?? steps[0];

  const goTo = useCallback((index: number, shown: Message[] = []) => {
    setActive(index);
    setMessages(shown);
  }, []);
  const indexOf = (id: StepId) => Math.max(0, steps.indexOf(id));

  const askCode = useCallback(
    async (again: boolean) => {
      const known = codeStatus.kind === 'sent' ? codeStatus.tel : null;
      if (!again) setCodeStatus({ kind: 'sending' });
      const outcome = await sendOtp(token);
      if (outcome.kind === 'sent') {
        setCodeStatus({ kind: 'sent', tel: outcome.tel, resent: again });
        startResendWait(REGISTRATION_OTP_RESEND_S);
      } else if (outcome.kind === 'wait') {
        setCodeStatus({ kind: 'wait', seconds: outcome.seconds, tel: known });
        startResendWait(outcome.seconds);
      } else setCodeStatus({ kind: 'failed' });
    },
    [token, codeStatus, startResendWait],
  );

  useEffect(() => {
    if (!participant || !identity.proven || step !== 'code' || codeStatus.kind !== 'sending') return;
    if (codeAsked.current) return;
    codeAsked.current = true;
    void askCode(false);
  }, [participant, identity.proven, step, codeStatus.kind, askCode]);

  /** A refusal or field errors from the server: back to the step they concern, with its message. */
  const setBack = (outcome: Exclude<StepOutcome, { kind: 'done' }>, fallback: Message | null) => {
    if (outcome.kind === 'failed' || outcome.kind === 'throttled') return;
    if (outcome.kind === 'invalid') {
      const errors = serverErrorsToFields(outcome.fieldErrors);
      const first = errors[0];
      const target = first ? indexOf(FIELD_STEP[first.field]) : active;
      const reason = steps[target] === 'security' ? CONFIDENTIAL_INCORRECT : CONNECTION_INCORRECT;
      goTo(target, [reason, ...outcome.messages.filter((message) => message.errorCode !== reason.errorCode)]);
      for (const { field, message } of errors) form.setError(field, { type: 'server', message });
      return;
    }
    const codes = outcome.messages.map((message) => message.errorCode);
    if (participant && codes.includes(REGISTRATION_MESSAGES.identityRequired)) {
      // This browser's proof lapsed, or another browser passed the check since: the first step.
      forgetProof();
      identity.reset();
      codeAsked.current = false;
      setCodeStatus({ kind: 'sending' });
      goTo(0, outcome.messages);
      return;
    }
    if (participant && codes.includes(REGISTRATION_MESSAGES.otpRequired)) {
      // The confirmation of the code has lapsed: a new code, from step 1.
      codeAsked.current = false;
      setCodeStatus({ kind: 'sending' });
      goTo(0, outcome.messages);
      return;
    }
    let target = active;
    if (codes.includes(REGISTRATION_MESSAGES.connectionDataIncorrect)) target = indexOf('contact');
    else if (codes.includes(REGISTRATION_MESSAGES.confidentialDataIncorrect)) target = indexOf('security');
    const shown = outcome.messages.length > 0 ? outcome.messages : fallback ? [fallback] : [];
    // A refusal that says nothing (not expected from the server) still tells the user.
    if (shown.length === 0) notify('errors.business', 'error');
    goTo(target, shown);
  };

  const checkCode = async () => {
    if (!(await form.trigger('code'))) return;
    setBusy(true);
    const outcome = await checkOtp(token, form.getValues('code').trim());
    setBusy(false);
    if (outcome.kind === 'done') {
      setCodeStatus({ kind: 'confirmed' });
      form.setValue('code', '');
      goTo(active + 1);
      return;
    }
    if (outcome.kind === 'failed' || outcome.kind === 'throttled') return;
    if (outcome.kind === 'invalid') {
      for (const { field, message } of serverErrorsToFields(outcome.fieldErrors))
        form.setError(field, { type: 'server', message }, { shouldFocus: true });
      return;
    }
    // The third wrong code ends the attempt (docs/activation.md#link-states, docs/activation.md#participant-steps): back to sign-in with the reason.
    if (outcome.messages.some((message) => message.errorCode.startsWith('tentative.3'))) {
      notify('registration.code.tooManyTries', 'error');
      void navigate(SCREENS.login.path, { replace: true });
      return;
    }
    form.setValue('code', '');
    form.setFocus('code');
    setMessages(
      outcome.messages.length > 0 ? outcome.messages : [{ level: 'WARN', errorCode: 'code.invalid' }],
    );
  };

  const checkContact = async () => {
    if (!(await form.trigger([...CONTACT_FIELDS], { shouldFocus: true }))) {
      setMessages([CONNECTION_INCORRECT]);
      return;
    }
    const { emailPersonnel, portablePersonnel } = form.getValues();
    setBusy(true);
    const outcome = await validateConnectionData(token, {
      emailPersonnel: emailPersonnel.trim(),
      portablePersonnel: portablePersonnel.trim(),
    });
    setBusy(false);
    if (outcome.kind === 'done') goTo(active + 1);
    else setBack(outcome, CONNECTION_INCORRECT);
  };

  const checkSecurity = async (): Promise<boolean> => {
    if (await form.trigger([...SECURITY_FIELDS], { shouldFocus: true })) return true;
    setMessages([CONFIDENTIAL_INCORRECT]);
    return false;
  };

  const confirm = async () => {
    const values = form.getValues();
    if (participant && !consentGiven(values)) {
      setMessages([CONSENT_INCOMPLETE]);
      return;
    }
    setBusy(true);
    const outcome = await confirmRegistration(token, confirmationBody(values, participant));
    setBusy(false);
    if (outcome.kind === 'done') {
      forgetProof();
      // The sign-in page says the account is active and recalls its identifier.
      const notice = REGISTRATION_MESSAGES.success;
      void navigate(SCREENS.login.path, { replace: true, state: { notice, identifiant: state.identifiant } });
      return;
    }
    setBack(outcome, null);
  };

  const next = async () => {
    setMessages([]);
    if (step === 'code' && !identity.proven) {
      setBusy(true);
      const outcome = await identity.prove();
      setBusy(false);
      if (!outcome.proven) setMessages(outcome.messages);
    } else if (step === 'code' && codeStatus.kind !== 'confirmed') await checkCode();
    else if (step === 'contact') await checkContact();
    else if (step === 'security') {
      if (!(await checkSecurity())) return;
      if (participant) goTo(active + 1);
      else await confirm();
    } else if (step === 'consent') await confirm();
    else goTo(active + 1);
  };

  return {
    steps,
    step,
    active,
    participant,
    form,
    codeStatus,
    resendLeft,
    identityProven: identity.proven,
    identityWait: identity.waitSeconds,
    messages,
    busy,
    last: active === steps.length - 1,
    next: () => void next(),
    back: active > 0 ? () => goTo(active - 1) : undefined,
    resendCode: () => void askCode(true),
  };
}
