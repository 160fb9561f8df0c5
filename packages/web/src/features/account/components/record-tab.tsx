import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParticipantRecord } from '../api/get-participant-record';
import { OwnRecord } from './own-record';

/** A participant's record as the centre holds it: read here, changed by the centre. */
export function RecordTab() {
  const { t } = useTranslation();
  const record = useParticipantRecord(true);
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('account.record.intro')}
      </Typography>
      {record.isPending && <Skeleton variant="rounded" height={240} aria-label={t('layout.loading')} />}
      {record.isError && <Alert severity="error">{t('ownDetails.loadError')}</Alert>}
      {record.data && <OwnRecord record={record.data} />}
    </>
  );
}
