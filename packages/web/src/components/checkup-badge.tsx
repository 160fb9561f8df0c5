import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** The letter B of a check-up in progress (000 §2.6), named for screen readers. */
export function CheckupBadge() {
  const { t } = useTranslation();
  const label = t('participants.checkupInProgress');
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 24,
          height: 24,
          borderRadius: '50%',
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          fontWeight: 700,
          fontSize: 14,
        }}
      >
        B
      </Box>
    </Tooltip>
  );
}
