import Typography from '@mui/material/Typography';
import type { ParticipantEstablishment } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { AddressSection } from './address-section';
import { CheckupSection } from './checkup-section';
import { ContactSection } from './contact-section';
import { IdentitySection } from './identity-section';
import { ManagerCard } from './manager-card';
import { PhonesSection } from './phones-section';
import { ProfessionalSection } from './professional-section';
import type { SectionProps } from './section-props';

export interface ParticipantFormBodyProps extends SectionProps {
  establishment: ParticipantEstablishment | undefined;
  chooseEstablishment: boolean;
}

/** The sections of the participant form, in the order of docs/participants.md#detail. */
export function ParticipantFormBody({
  establishment,
  chooseEstablishment,
  ...props
}: ParticipantFormBodyProps) {
  const { t } = useTranslation();
  return (
    <>
      {!props.readOnly && (
        <Typography variant="body2" color="text.secondary">
          {t('form.requiredLegend')}
        </Typography>
      )}
      <IdentitySection {...props} />
      <ProfessionalSection {...props} chooseEstablishment={chooseEstablishment} />
      <CheckupSection {...props} />
      <AddressSection {...props} establishment={establishment} />
      <PhonesSection {...props} />
      <ContactSection {...props} />
      {props.participant?.gestionnaire && <ManagerCard manager={props.participant.gestionnaire} />}
    </>
  );
}
