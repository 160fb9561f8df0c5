import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { MAP_ZOOM } from '@portail/contract/schemas/assistance';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';

/** The centre on openstreetmap.org, with a marker, at the map's zoom. */
export function openStreetMapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${MAP_ZOOM}/${latitude}/${longitude}`;
}

/** "Ouvrir dans OpenStreetMap", in a new tab; screen readers hear that it opens a new window. */
export function OsmLink({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation();
  return (
    <Link href={openStreetMapUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer">
      {t('assistance.access.openStreetMap')}{' '}
      <Box component="span" sx={visuallyHidden}>
        {t('assistance.access.newWindow')}
      </Box>
      <OpenInNewIcon fontSize="inherit" aria-hidden sx={{ verticalAlign: 'text-bottom' }} />
    </Link>
  );
}
