import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import { participantContact } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { useEnumOptions } from '../../../lib/enums';
import { SelectCell, type TextFieldCell, TextFieldCells } from './form-cells';
import { FormSection } from './form-section';
import type { SectionProps } from './section-props';

const fields = participantContact.shape;
const CONTACT: readonly TextFieldCell[] = [
  {
    name: 'contact.nom',
    labelKey: 'participant.contact.nom',
    schema: fields.nom,
    size: { xs: 12, sm: 8, md: 4 },
  },
  {
    name: 'contact.prenom',
    labelKey: 'participant.contact.prenom',
    schema: fields.prenom,
    size: { xs: 12, md: 5 },
  },
  {
    name: 'contact.fonction',
    labelKey: 'participant.contact.fonction',
    schema: fields.fonction,
    size: { xs: 12, md: 6 },
  },
  {
    name: 'contact.mail',
    labelKey: 'participant.contact.mail',
    schema: fields.mail,
    size: { xs: 12, md: 6 },
    type: 'email',
  },
  {
    name: 'contact.telephoneFixe',
    labelKey: 'participant.contact.telephoneFixe',
    schema: fields.telephoneFixe,
    size: { xs: 12, sm: 6 },
    type: 'tel',
  },
  {
    name: 'contact.telephonePortable',
    labelKey: 'participant.contact.telephonePortable',
    schema: fields.telephonePortable,
    size: { xs: 12, sm: 6 },
    type: 'tel',
  },
];

/** The participant's contact person (docs/participants.md#form-rules): all optional. */
export function ContactSection({ control, readOnly, participant }: SectionProps) {
  const { t } = useTranslation();
  const civilities = useEnumOptions('civilite', participant?.contact.civilite);
  return (
    <FormSection title={t('participant.sections.contact')} icon={<ContactPhoneIcon color="primary" />}>
      <SelectCell
        control={control}
        readOnly={readOnly}
        size={{ xs: 12, sm: 4, md: 3 }}
        name="contact.civilite"
        label={t('participant.contact.civilite')}
        options={civilities.options}
      />
      <TextFieldCells cells={CONTACT} control={control} readOnly={readOnly} label={t} />
    </FormSection>
  );
}
