import DensityLargeIcon from '@mui/icons-material/DensityLarge';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import type { GridDensity } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { PREFERENCE_KEYS, usePreference } from '../lib/preferences';

const DENSITIES = ['compact', 'standard', 'comfortable'] as const satisfies readonly GridDensity[];
const ICONS = {
  compact: DensitySmallIcon,
  standard: DensityMediumIcon,
  comfortable: DensityLargeIcon,
} as const;

/** The grids' row density (issue 18), one choice for every grid of the portal, remembered. */
export function useGridDensity(): [GridDensity, (value: GridDensity) => void] {
  return usePreference(PREFERENCE_KEYS.gridDensity, DENSITIES, 'standard');
}

/** Three pressed-or-not buttons, each named (and its tooltip) for the density it sets. */
export function DensityToggle({
  value,
  onChange,
}: {
  value: GridDensity;
  onChange: (value: GridDensity) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label={t('table.density.label')}
      onChange={(_, next: GridDensity | null) => {
        if (next) onChange(next);
      }}
    >
      {DENSITIES.map((density) => {
        const Icon = ICONS[density];
        const name = t(`table.density.${density}`);
        return (
          <Tooltip key={density} title={name}>
            <ToggleButton value={density} aria-label={name}>
              <Icon fontSize="small" />
            </ToggleButton>
          </Tooltip>
        );
      })}
    </ToggleButtonGroup>
  );
}
