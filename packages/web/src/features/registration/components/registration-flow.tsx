import type { RegistrationState } from '@portail/contract/schemas/registration';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormattedText } from '../../../components/formatted-text';
import { type StepId, useRegistrationFlow } from '../use-registration-flow';
import { CodeStep } from './code-step';
import { ConsentStep } from './consent-step';
import { ContactStep } from './contact-step';
import { IdentityStep } from './identity-step';
import { ProfessionalStep } from './professional-step';
import { SecurityStep } from './security-step';
import { StepFrame } from './step-frame';

const STEP_TITLE: Record<StepId, string> = {
  code: 'registration.steps.code',
  presentation: 'registration.steps.presentation',
  cgu: 'registration.steps.cgu',
  contact: 'registration.steps.contact',
  security: 'registration.steps.security',
  consent: 'registration.steps.consent',
  professional: 'registration.steps.professional',
};

/** The steps of a valid registration link: six for a participant, three for a correspondant (docs/activation.md#participant-steps). */
export function RegistrationFlow({ token, state }: { token: string; state: RegistrationState }) {
  const { t } = useTranslation();
  const flow = useRegistrationFlow(token, state);
  const { control, setValue } = flow.form;
  const [accept, refuse] = useWatch({ control, name: ['accepterDMC', 'refuserDMC'] });

  const content = () => {
    switch (flow.step) {
      case 'code':
        if (!flow.identityProven)
          return <IdentityStep control={control} disabled={flow.busy} waitSeconds={flow.identityWait} />;
        return (
          <CodeStep
            control={control}
            status={flow.codeStatus}
            onResend={flow.resendCode}
            resendLeft={flow.resendLeft}
          />
        );
      case 'presentation':
        return (
          <FormattedText
            text={t(
              flow.participant
                ? state.messages.presentationParticipant
                : state.messages.presentationCorrespondant,
            )}
          />
        );
      case 'cgu':
        return <FormattedText text={t(state.messages.cgguparticipant)} />;
      case 'contact':
        return <ContactStep control={control} disabled={flow.busy} />;
      case 'professional':
        return <ProfessionalStep email={state.emailProfessionnel} mobile={state.portableProfessionnel} />;
      case 'security':
        return <SecurityStep control={control} identifier={state.identifiant} disabled={flow.busy} />;
      case 'consent':
        return <ConsentStep control={control} setValue={setValue} disabled={flow.busy} />;
    }
  };

  return (
    <StepFrame
      titles={flow.steps.map((id) => t(STEP_TITLE[id]))}
      active={flow.active}
      onNext={flow.next}
      onBack={flow.back}
      nextLabel={t(flow.last ? 'registration.actions.activate' : 'registration.actions.next')}
      // Activating needs exactly one of accept and refuse (docs/activation.md#participant-steps).
      nextDisabled={flow.step === 'consent' && accept === refuse}
      busy={flow.busy}
      messages={flow.messages}
    >
      {content()}
    </StepFrame>
  );
}
