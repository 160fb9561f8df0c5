import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MailLink, PhoneLink } from '../../../components/contact-links';
import { Panel } from '../../../components/panel';
import { useManager } from '../api/get-manager';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/**
 * "Votre gestionnaire" (docs/assistance.md#manager Assistance): the centre's manager of the correspondant's
 * establishment. Shown only once loaded: nothing while loading, without a manager or on failure.
 */
export function ManagerSection() {
  const { t } = useTranslation();
  const { data: manager } = useManager(true);
  if (!manager) return null;
  return (
    <Panel title={t('assistance.manager.title')} icon={<BadgeOutlinedIcon color="primary" />}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Field label={t('assistance.manager.name')}>{manager.name}</Field>
        {manager.telephone && (
          <Field label={t(manager.standard ? 'assistance.manager.standard' : 'assistance.manager.telephone')}>
            <PhoneLink phone={manager.telephone} />
          </Field>
        )}
        {manager.email && (
          <Field label={t('assistance.manager.email')}>
            <MailLink email={manager.email} />
          </Field>
        )}
      </Box>
    </Panel>
  );
}
