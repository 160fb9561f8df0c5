import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import Box from '@mui/material/Box';
import type { MutationDirection } from '@portail/contract/schemas/mutations';
import { useTranslation } from 'react-i18next';

const ICONS = { ENTRANTE: CallReceivedIcon, SORTANTE: CallMadeIcon, INTERNE: SyncAltIcon } as const;
const KEYS = {
  ENTRANTE: 'mutations.direction.incoming',
  SORTANTE: 'mutations.direction.outgoing',
  INTERNE: 'mutations.direction.internal',
} as const;

/**
 * Whether a transfer arrives in, leaves or stays inside the caller's scope: an arrow and its word, so
 * the direction never rests on the icon (or a colour) alone. The icon is decoration beside the text.
 */
export function DirectionLabel({ direction }: { direction: MutationDirection }) {
  const { t } = useTranslation();
  const Icon = ICONS[direction];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Icon fontSize="small" aria-hidden color={direction === 'SORTANTE' ? 'action' : 'primary'} />
      {t(KEYS[direction])}
    </Box>
  );
}

/** The word alone, for a value getter or a text field. */
export function useDirectionText(): (direction: MutationDirection) => string {
  const { t } = useTranslation();
  return (direction) => t(KEYS[direction]);
}
