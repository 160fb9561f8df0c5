import 'leaflet/dist/leaflet.css';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { addressLine, type CentreInfo, MAP_ZOOM } from '@portail/contract/schemas/assistance';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_HEIGHT } from './map-height';
import { OsmLink } from './osm-link';

const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';

// The marker's images are bundled with the app: Leaflet's default would look for them beside its CSS.
const centreIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The popup's content as DOM nodes, so that configured text is never read as HTML. */
function popupContent(centre: CentreInfo): HTMLElement {
  const content = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = centre.nom;
  content.append(name, document.createElement('br'), addressLine(centre.adresse));
  return content;
}

type TileStatus = 'loading' | 'loaded' | 'failed';

/**
 * The centre on an OpenStreetMap map (docs/assistance.md#map Assistance, zoom 19): one marker, its popup open with
 * the name and address. When tiles fail and none has loaded, a notice gives the address and the
 * link instead, under the map.
 */
export function CentreMap({ centre, focusOnShow }: { centre: CentreInfo; focusOnShow: boolean }) {
  const { t } = useTranslation();
  const container = useRef<HTMLElement>(null);
  const [tiles, setTiles] = useState<TileStatus>('loading');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const position: L.LatLngTuple = [centre.latitude, centre.longitude];
    const map = L.map(element, {
      center: position,
      zoom: MAP_ZOOM,
      maxZoom: MAP_ZOOM,
      zoomControl: false,
      attributionControl: false,
    });
    L.control
      .zoom({ zoomInTitle: t('assistance.map.zoomIn'), zoomOutTitle: t('assistance.map.zoomOut') })
      .addTo(map);
    L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);

    let loaded = 0;
    setTiles('loading');
    L.tileLayer(TILE_URL, {
      maxZoom: MAP_ZOOM,
      // The site sends no referrer; OpenStreetMap's tile policy asks for one.
      referrerPolicy: 'strict-origin-when-cross-origin',
      attribution: `&copy; <a href="${COPYRIGHT_URL}">${escapeHtml(t('assistance.map.contributors'))}</a>`,
    })
      .on('tileload', () => {
        loaded += 1;
        setTiles('loaded');
      })
      .on('tileerror', () => {
        if (loaded === 0) setTiles('failed');
      })
      .addTo(map);

    // Leaflet writes its popup's close button in English: name it in the interface language.
    map.on('popupopen', (event) => {
      event.popup
        .getElement()
        ?.querySelector('.leaflet-popup-close-button')
        ?.setAttribute('aria-label', t('assistance.map.closePopup'));
    });
    const label = t('assistance.map.marker', { name: centre.nom });
    L.marker(position, { icon: centreIcon, alt: label, title: label })
      .addTo(map)
      .bindPopup(popupContent(centre))
      .openPopup();

    return () => {
      map.remove();
    };
  }, [centre, t]);

  // Shown at the visitor's request: the button they pressed is gone, the map takes the focus.
  useEffect(() => {
    if (focusOnShow) container.current?.focus();
  }, [focusOnShow]);

  return (
    <Box>
      <Box
        sx={{ height: MAP_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
      >
        <section ref={container} aria-label={t('assistance.map.label')} style={{ height: '100%' }} />
      </Box>
      {tiles === 'failed' && (
        <Alert severity="warning" role="status" sx={{ mt: 2 }}>
          <AlertTitle>{t('assistance.map.error')}</AlertTitle>
          <Box component="address" sx={{ fontStyle: 'normal', mb: 1 }}>
            <Typography variant="body2">{centre.nom}</Typography>
            <Typography variant="body2">{addressLine(centre.adresse)}</Typography>
          </Box>
          <OsmLink latitude={centre.latitude} longitude={centre.longitude} />
        </Alert>
      )}
    </Box>
  );
}
