import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CentreInfo } from '@portail/contract/schemas/assistance';
import { useTranslation } from 'react-i18next';
import { MailLink } from '../../../components/contact-links';
import { Panel } from '../../../components/panel';

/** The departments' e-mail addresses (docs/assistance.md#contacts Assistance), in the order the configuration gives. */
export function ContactsSection({ contacts }: { contacts: CentreInfo['contacts'] }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('assistance.contacts.title')} icon={<MailOutlinedIcon color="primary" />}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {contacts.map((contact) => (
          <Box component="li" key={contact.service}>
            <Typography variant="body2" color="text.secondary">
              {t(`assistance.services.${contact.service}`)}
            </Typography>
            <MailLink email={contact.email} />
          </Box>
        ))}
      </Box>
    </Panel>
  );
}
