import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneLink } from '../../../components/contact-links';
import { Panel } from '../../../components/panel';
import { currentLanguage, htmlLang } from '../../../lib/i18n';
import { helplineHoursText, isHelplineOpen } from '../helpline-hours';

const MINUTE_MS = 60_000;

/** The current time, again every minute, so that "open now" turns to "closed now" on its own. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The helpline: its number, its hours (docs/assistance.md#helpline) and whether it answers now, Paris time. */
export function HelplineSection({ telephone }: { telephone: string }) {
  const { t } = useTranslation();
  const open = isHelplineOpen(useNow());
  return (
    <Panel title={t('assistance.helpline.title')} icon={<SupportAgentIcon color="primary" />}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          {t('assistance.helpline.phone')} <PhoneLink phone={telephone} sx={{ fontWeight: 500 }} />
        </Typography>
        <Typography>
          {t('assistance.helpline.hours', { range: helplineHoursText(t, htmlLang(currentLanguage())) })}
        </Typography>
        <Chip
          size="small"
          color={open ? 'success' : 'default'}
          variant={open ? 'filled' : 'outlined'}
          label={t(open ? 'assistance.helpline.open' : 'assistance.helpline.closed')}
        />
      </Stack>
    </Panel>
  );
}
