import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** A transfer in progress (docs/participants.md#list), named for screen readers. */
export function TransferIcon() {
  const { t } = useTranslation();
  const label = t('participants.transferInProgress');
  return (
    <Tooltip title={label}>
      <SwapHorizIcon titleAccess={label} sx={{ color: '#a84300', verticalAlign: 'middle' }} />
    </Tooltip>
  );
}
