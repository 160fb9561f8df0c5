import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { dayjs, toIsoDate } from '../../lib/dates';
import { errorReplyOf } from '../../lib/error-replies';
import { translateError } from '../../lib/form-errors';
import { useMammogramDate, useSaveMammogramDate } from './api/mammogram-date';
import { notifyMessages } from './message-toasts';

/** The picker's value once the stored date has come (remounted by a key, so it starts from it). */
function MammogramForm({ initial, onClose }: { initial: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [day, setDay] = useState<Dayjs | null>(initial ? dayjs(initial) : null);
  const [serverError, setServerError] = useState<string | undefined>();
  const save = useSaveMammogramDate();
  const today = dayjs().startOf('day');
  const iso = toIsoDate(day);
  // docs/home.md#mammogram: not later than today; the server checks it again in the centre's time zone.
  const future = day?.isValid() === true && day.isAfter(today, 'day');
  const error = future ? t('home.mammogram.future') : serverError;
  const submit = async () => {
    if (!iso || future) return;
    try {
      const reply = await save.mutateAsync({ date: iso });
      notifyMessages(reply.ciemException.messages);
      onClose();
    } catch (failure) {
      const reply = errorReplyOf(failure);
      const code = reply?.ciemException?.messages[0]?.errorCode;
      setServerError(
        code ? t(`messages.${code}`) : translateError(t, reply?.fieldErrors?.[0]?.defaultMessage),
      );
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('home.mammogram.help')}</DialogContentText>
        <DateField
          label={t('home.mammogram.date')}
          name="date"
          value={day}
          maxDate={today}
          required
          error={error}
          onChange={(next) => {
            setDay(next);
            setServerError(undefined);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('home.mammogram.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!iso || future || save.isPending}>
          {t('home.mammogram.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** "Date de ma dernière mammographie" (docs/home.md#mammogram): prefilled with the stored date. */
export function MammogramDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const stored = useMammogramDate(open);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="mammogram-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="mammogram-dialog-title">{t('home.mammogram.title')}</DialogTitle>
      {stored.isSuccess ? (
        <MammogramForm key={stored.data.date ?? 'none'} initial={stored.data.date} onClose={onClose} />
      ) : (
        <DialogContent>
          <DialogContentText>{stored.isError ? t('home.loadError') : t('layout.loading')}</DialogContentText>
        </DialogContent>
      )}
    </Dialog>
  );
}
