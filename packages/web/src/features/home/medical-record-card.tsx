import FolderSharedIcon from '@mui/icons-material/FolderShared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useReactivateRecord } from './api/reactivate-record';

/**
 * For a participant who has not accepted the online medical record (000 §2.5, §4): a text and a
 * button that accepts it; the menu then shows the documents at once.
 */
export function MedicalRecordCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const reactivate = useReactivateRecord();
  return (
    <Card component="section" aria-labelledby="record-card-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<FolderSharedIcon color="primary" />}
        title={t('home.record.title')}
        slotProps={{ title: { id: 'record-card-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography>{t(user.dmcRefuse ? 'home.record.refused' : 'home.record.notAnswered')}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" disabled={reactivate.isPending} onClick={() => reactivate.mutate()}>
          {t('home.record.activate')}
        </Button>
      </CardActions>
    </Card>
  );
}
