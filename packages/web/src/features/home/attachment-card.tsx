import ApartmentIcon from '@mui/icons-material/Apartment';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { OrganisationRef } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../components/retry-alert';
import { useCorrespondantHome } from './api/get-home-detail';

function Organisation({ label, value }: { label: string; value: OrganisationRef | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: 1.5 }}>
        {value
          ? t('home.attachment.value', { name: value.raisonsociale, id: value.id })
          : t('home.attachment.none')}
      </Typography>
    </>
  );
}

/** "Mon rattachement" (docs/home.md#new-documents): the correspondant's establishment, company and group. */
export function AttachmentCard() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useCorrespondantHome();
  return (
    <Card component="section" aria-labelledby="attachment-card-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<ApartmentIcon color="primary" />}
        title={t('home.attachment.title')}
        slotProps={{ title: { id: 'attachment-card-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending && <Skeleton variant="rounded" height={96} aria-label={t('layout.loading')} />}
        {isError && <RetryAlert onRetry={() => void refetch()}>{t('home.loadError')}</RetryAlert>}
        {data && (
          <Box component="dl" sx={{ m: 0 }}>
            <Organisation label={t('home.attachment.establishment')} value={data.etablissementRattachement} />
            <Organisation label={t('home.attachment.company')} value={data.entrepriseRattachement} />
            <Organisation label={t('home.attachment.group')} value={data.groupementRattachement} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
