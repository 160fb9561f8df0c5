import Chip from '@mui/material/Chip';
import type { CheckupState } from '@portail/contract/schemas/checkups';
import { useTranslation } from 'react-i18next';

/** Dark text on a light tint: readable (WCAG AA) in each state's colour. */
const COLOURS: Record<CheckupState, { color: string; bgcolor: string; borderColor: string }> = {
  EN_COURS: { color: '#8a3b00', bgcolor: '#fff3e0', borderColor: '#e65100' },
  CLOTURE: { color: '#1b5e20', bgcolor: '#e8f5e9', borderColor: '#2e7d32' },
  FACTURE: { color: '#0d47a1', bgcolor: '#e3f2fd', borderColor: '#1565c0' },
};

/** A check-up's state (docs/checkups.md#states): in progress, closed, invoiced. */
export function CheckupStateChip({ state }: { state: CheckupState }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" label={t(`checkups.states.${state}`)} sx={{ ...COLOURS[state] }} />
  );
}
