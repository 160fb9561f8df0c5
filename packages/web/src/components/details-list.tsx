import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export type Detail = readonly [label: string, value: string | number | null | undefined];

/** Read-only facts as a description list: label, then value (a dash when empty). */
export function DetailsList({ entries }: { entries: readonly Detail[] }) {
  const { t } = useTranslation();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(8rem, 40%) 1fr', gap: 1 }}>
      {entries.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? t('app.none') : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
