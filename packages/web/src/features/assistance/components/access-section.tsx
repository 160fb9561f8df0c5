import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addressLine, type CentreInfo } from '@portail/contract/schemas/assistance';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { mapChosen, rememberMapChoice } from '../map-choice';
import { MAP_HEIGHT } from './map-height';
import { OsmLink } from './osm-link';

// Leaflet and its style sheet load with the map, never with any other page.
const CentreMap = lazy(() => import('./centre-map').then((m) => ({ default: m.CentreMap })));

/**
 * How to come (docs/assistance.md#signed-in-and-public Assistance): the centre's name and address as text, always; the map only once
 * the visitor asks, since its images come from a third party (OpenStreetMap).
 */
export function AccessSection({ centre }: { centre: CentreInfo }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(mapChosen);
  const [asked, setAsked] = useState(false);

  const show = () => {
    rememberMapChoice();
    setAsked(true);
    setShown(true);
  };

  return (
    <Panel title={t('assistance.access.title')} icon={<PlaceOutlinedIcon color="primary" />}>
      <Stack spacing={2}>
        <Box component="address" sx={{ fontStyle: 'normal' }}>
          <Typography sx={{ fontWeight: 500 }}>{centre.nom}</Typography>
          <Typography>{addressLine(centre.adresse)}</Typography>
        </Box>
        <Box>
          <OsmLink latitude={centre.latitude} longitude={centre.longitude} />
        </Box>
        {shown ? (
          <Suspense fallback={<Skeleton variant="rectangular" height={MAP_HEIGHT} aria-hidden />}>
            <CentreMap centre={centre} focusOnShow={asked} />
          </Suspense>
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2" color="text.secondary">
              {t('assistance.map.notice')}
            </Typography>
            <Button variant="outlined" startIcon={<PlaceOutlinedIcon />} onClick={show}>
              {t('assistance.map.show')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Panel>
  );
}
