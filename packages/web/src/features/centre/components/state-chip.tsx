import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import Chip from '@mui/material/Chip';
import type { AccountState, DeliveryStatus } from '@portail/contract/schemas/centre';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

type Tone = 'success' | 'warning' | 'error' | 'action';

/**
 * A state as a chip: the text keeps the page's colour (it passes WCAG AA whatever the tone) and the
 * icon and border carry the tone, so colour never says alone what the text says.
 */
function StateChip({ label, icon, tone }: { label: string; icon: ReactElement; tone: Tone }) {
  const colour = tone === 'action' ? 'text.secondary' : `${tone}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={icon}
      label={label}
      sx={{ borderColor: colour, color: 'text.primary', '& .MuiChip-icon': { color: colour } }}
    />
  );
}

const ACCOUNT: Record<AccountState, { tone: Tone; icon: ReactElement }> = {
  ACTIVE: { tone: 'success', icon: <CheckCircleOutlineIcon /> },
  PENDING: { tone: 'action', icon: <HourglassEmptyIcon /> },
  LOCKED: { tone: 'error', icon: <LockOutlinedIcon /> },
  DEACTIVATED: { tone: 'warning', icon: <BlockIcon /> },
};

const DELIVERY: Record<DeliveryStatus, { tone: Tone; icon: ReactElement }> = {
  SENT: { tone: 'success', icon: <CheckCircleOutlineIcon /> },
  QUEUED: { tone: 'action', icon: <HourglassEmptyIcon /> },
  RETRYING: { tone: 'warning', icon: <ReplayIcon /> },
  DEAD: { tone: 'error', icon: <ErrorOutlineIcon /> },
};

export function AccountStateChip({ state }: { state: AccountState }) {
  const { t } = useTranslation();
  return <StateChip label={t(`centre.state.${state}`)} {...ACCOUNT[state]} />;
}

export function DeliveryStatusChip({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return <StateChip label={t(`centre.delivery.status.${status}`)} {...DELIVERY[status]} />;
}
