import EventNoteIcon from '@mui/icons-material/EventNote';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import type { HomeVisit, ParticipantHome } from '@portail/contract/schemas/home';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CentreTimeNotice } from '../../components/centre-time-notice';
import { RetryAlert } from '../../components/retry-alert';
import { useParticipantHome } from './api/get-home-detail';
import { useWithdrawalConsent } from './api/withdrawal-consent';
import { MammogramDialog } from './mammogram-dialog';
import { VisitItem } from './visit-item';

type VisitField = 'visite1' | 'visite2' | 'visite3' | 'mammographie' | 'osteopathie';
const VISITS: readonly { field: VisitField; labelKey: string }[] = [
  { field: 'visite1', labelKey: 'home.checkup.visit1' },
  { field: 'visite2', labelKey: 'home.checkup.visit2' },
  { field: 'visite3', labelKey: 'home.checkup.visit3' },
  { field: 'mammographie', labelKey: 'home.checkup.mammography' },
  { field: 'osteopathie', labelKey: 'home.checkup.osteopathy' },
];

function CheckupContent({ home }: { home: ParticipantHome }) {
  const { t } = useTranslation();
  const consent = useWithdrawalConsent();
  const [mammogramOpen, setMammogramOpen] = useState(false);
  const visits = VISITS.flatMap(({ field, labelKey }) => {
    const visit: HomeVisit | null = home[field];
    return visit ? [{ field, labelKey, visit }] : [];
  });
  // Every visit behind: the consent no longer means anything (the server would answer a warning).
  const consentClosed = !home.desistementModifiable;
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            checked={home.accordDesistement}
            disabled={consent.isPending || consentClosed}
            onChange={(event) => consent.mutate(event.target.checked)}
            slotProps={{
              input: consentClosed ? { 'aria-describedby': 'consent-closed-help' } : undefined,
            }}
          />
        }
        label={t('home.checkup.consent')}
      />
      {consentClosed && (
        <FormHelperText id="consent-closed-help" sx={{ mt: 0, mb: 1 }}>
          {t('home.checkup.consentClosed')}
        </FormHelperText>
      )}
      {visits.some(({ visit }) => visit.dateRdv) && <CentreTimeNotice />}
      <List disablePadding>
        {visits.map(({ field, labelKey, visit }) => (
          <VisitItem
            key={field}
            id={`visit-${field}`}
            label={t(labelKey)}
            visit={visit}
            action={
              // The last-mammogram entry concerns only female records (the server refuses the others).
              field === 'visite3' && home.mammographieConcernee ? (
                <Button size="small" sx={{ mt: 0.5, ml: -0.5 }} onClick={() => setMammogramOpen(true)}>
                  {t('home.mammogram.open')}
                </Button>
              ) : undefined
            }
          />
        ))}
      </List>
      {home.mammographieConcernee && (
        <MammogramDialog open={mammogramOpen} onClose={() => setMammogramOpen(false)} />
      )}
    </>
  );
}

/**
 * "Mon bilan en cours" (docs/home.md#current-checkup): shown only while a check-up is under way, with the withdrawal
 * consent and up to three visits, the mammography and the osteopathy.
 */
export function CheckupCard() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useParticipantHome();
  // No check-up under way: no card. A failed load keeps the card (whether a check-up is under way is
  // unknown) with its Retry; the toast accueil.error.detail (docs/home.md#data) has said why.
  if (data && !data.bilanEnCours) return null;
  return (
    <Card component="section" aria-labelledby="checkup-card-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<EventNoteIcon color="primary" />}
        title={t('home.checkup.title')}
        slotProps={{ title: { id: 'checkup-card-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending && <Skeleton variant="rounded" height={160} aria-label={t('layout.loading')} />}
        {isError && <RetryAlert onRetry={() => void refetch()}>{t('home.loadError')}</RetryAlert>}
        {data && <CheckupContent home={data} />}
      </CardContent>
    </Card>
  );
}
