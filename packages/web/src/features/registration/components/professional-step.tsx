import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailsList } from '../../../components/details-list';
import { maskedPhone } from '../masked-phone';

/** Correspondant step 2 (docs/activation.md#correspondant-steps): the professional contact the centre holds, read only, mobile masked. */
export function ProfessionalStep({ email, mobile }: { email: string | null; mobile: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('registration.professional.intro')}</Typography>
      <DetailsList
        entries={[
          [t('registration.professional.mobile'), maskedPhone(mobile)],
          [t('registration.professional.email'), email],
        ]}
      />
    </Stack>
  );
}
