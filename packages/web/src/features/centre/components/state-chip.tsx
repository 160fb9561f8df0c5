import Chip from '@mui/material/Chip';
import type { AccountState, DeliveryStatus } from '@portail/contract/schemas/centre';
import { useTranslation } from 'react-i18next';

const ACCOUNT_COLOUR: Record<AccountState, 'success' | 'warning' | 'error' | 'default'> = {
  ACTIVE: 'success',
  PENDING: 'default',
  LOCKED: 'error',
  DEACTIVATED: 'warning',
};

const DELIVERY_COLOUR: Record<DeliveryStatus, 'success' | 'warning' | 'error' | 'default'> = {
  SENT: 'success',
  QUEUED: 'default',
  RETRYING: 'warning',
  DEAD: 'error',
};

/** An account's state as a labelled chip (the colour repeats the text, never replaces it). */
export function AccountStateChip({ state }: { state: AccountState }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={ACCOUNT_COLOUR[state]} label={t(`centre.state.${state}`)} />
  );
}

export function DeliveryStatusChip({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={DELIVERY_COLOUR[status]}
      label={t(`centre.delivery.status.${status}`)}
    />
  );
}
