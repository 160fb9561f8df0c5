import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Participant } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { MailLink, PhoneLink } from '../../../components/contact-links';
import { FormSection } from './form-section';

type Manager = NonNullable<Participant['gestionnaire']>;

/** The centre's account manager of the participant's establishment (docs/correspondants.md#manager Manager), read-only. */
export function ManagerCard({ manager }: { manager: Manager }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('participant.sections.manager')} icon={<SupportAgentIcon color="primary" />}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="body2" color="text.secondary">
          {t('participant.manager.name')}
        </Typography>
        <Typography>{manager.name}</Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="body2" color="text.secondary">
          {manager.standard ? t('participant.manager.standard') : t('participant.manager.telephone')}
        </Typography>
        <Typography>{manager.telephone ? <PhoneLink phone={manager.telephone} /> : '—'}</Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="body2" color="text.secondary">
          {t('participant.manager.email')}
        </Typography>
        <Typography>{manager.email ? <MailLink email={manager.email} /> : '—'}</Typography>
      </Grid>
    </FormSection>
  );
}
