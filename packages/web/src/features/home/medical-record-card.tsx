import FolderSharedIcon from '@mui/icons-material/FolderShared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReactivateRecord } from './api/reactivate-record';
import { useWithdrawRecord } from './api/withdraw-record';
import { AcceptRecordDialog, WithdrawRecordDialog } from './record-dialogs';

/**
 * The online medical record's state and the way to change it: accept it (after a dialog saying what
 * that means) when it is not accepted, withdraw the acceptance (after a dialog too) when it is.
 * `withdrawable` shows the withdrawal: on the participant's own details, not on the home page.
 */
export function MedicalRecordCard({
  user,
  withdrawable = false,
}: {
  user: SessionUser;
  withdrawable?: boolean;
}) {
  const { t } = useTranslation();
  const reactivate = useReactivateRecord();
  const withdraw = useWithdrawRecord();
  const [dialog, setDialog] = useState<'accept' | 'withdraw' | null>(null);
  const close = () => setDialog(null);
  const accepted = user.dmcAccepte;
  const text = accepted
    ? 'home.record.accepted'
    : user.dmcRefuse
      ? 'home.record.refused'
      : 'home.record.notAnswered';
  return (
    <Card component="section" aria-labelledby="record-card-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<FolderSharedIcon color="primary" />}
        title={t('home.record.title')}
        slotProps={{ title: { id: 'record-card-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography>{t(text)}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {accepted ? (
          withdrawable && (
            <Button variant="outlined" color="error" onClick={() => setDialog('withdraw')}>
              {t('home.record.withdraw')}
            </Button>
          )
        ) : (
          <Button variant="contained" onClick={() => setDialog('accept')}>
            {t('home.record.activate')}
          </Button>
        )}
      </CardActions>
      <AcceptRecordDialog
        open={dialog === 'accept'}
        pending={reactivate.isPending}
        onClose={close}
        onConfirm={() => reactivate.mutate(undefined, { onSuccess: close })}
      />
      <WithdrawRecordDialog
        open={dialog === 'withdraw'}
        pending={withdraw.isPending}
        onClose={close}
        onConfirm={() => withdraw.mutate(undefined, { onSuccess: close })}
      />
    </Card>
  );
}
