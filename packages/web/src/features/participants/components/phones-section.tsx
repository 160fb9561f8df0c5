import PhoneIcon from '@mui/icons-material/Phone';
import { participantFormFields } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { type TextFieldCell, TextFieldCells } from './form-cells';
import { FormSection } from './form-section';
import type { SectionProps } from './section-props';

const fields = participantFormFields.shape;
const PHONES: readonly TextFieldCell[] = [
  {
    name: 'telephonePortable',
    labelKey: 'participant.fields.telephonePortable',
    schema: fields.telephonePortable,
    size: { xs: 12, sm: 4 },
    type: 'tel',
    required: true,
  },
  {
    name: 'telephoneFixe',
    labelKey: 'participant.fields.telephoneFixe',
    schema: fields.telephoneFixe,
    size: { xs: 12, sm: 4 },
    type: 'tel',
  },
  {
    name: 'telephoneSecretariat',
    labelKey: 'participant.fields.telephoneSecretariat',
    schema: fields.telephoneSecretariat,
    size: { xs: 12, sm: 4 },
    type: 'tel',
  },
  {
    name: 'mail',
    labelKey: 'participant.fields.mail',
    schema: fields.mail,
    size: { xs: 12, md: 8 },
    type: 'email',
    required: true,
  },
];

/** Phones and e-mail (docs/participants.md#form-rules); the mobile and the e-mail are required (docs/interface-conventions.md#mobile-check). */
export function PhonesSection({ control, readOnly }: SectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('participant.sections.phones')} icon={<PhoneIcon color="primary" />}>
      <TextFieldCells cells={PHONES} control={control} readOnly={readOnly} label={t} />
    </FormSection>
  );
}
