import { zodResolver } from '@hookform/resolvers/zod';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorReply } from '@portail/contract/schemas/common';
import { ARCHIVE_PASSWORD_MIN, archivePassword } from '@portail/contract/schemas/documents';
import { MY_DATA_LIMIT } from '@portail/contract/schemas/my-data';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { Panel } from '../../../components/panel';
import { PasswordField } from '../../../components/password-field';
import { isApiError } from '../../../lib/api-error';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { zodErrorKey } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { currentUser, useSession } from '../../../lib/session';
import { downloadMyData } from '../api/download-my-data';

/** The tab's form: the archive's password (the rules of sending documents) typed twice, or none. */
const myDataForm = z
  .discriminatedUnion('mode', [
    z.object({
      mode: z.literal('password'),
      password: archivePassword,
      confirmation: z.string().min(1, 'errors.required'),
    }),
    z.object({ mode: z.literal('direct'), password: z.string(), confirmation: z.string() }),
  ])
  // An empty confirmation is "required" (above), whatever the password: not a mismatch as well.
  .refine(
    (form) => form.mode === 'direct' || form.confirmation === '' || form.password === form.confirmation,
    { message: 'myData.mismatch', path: ['confirmation'] },
  );
type MyDataForm = z.input<typeof myDataForm>;
const EMPTY: MyDataForm = { mode: 'password', password: '', confirmation: '' };

/** What stops a download, told above the button (the field errors go on their fields). */
function refusalKey(error: unknown): { key: string; hours?: number } | null {
  if (!isApiError(error)) return { key: 'myData.error.failed' };
  if (error.notified) return null;
  const body = errorReply.safeParse(error.body);
  if (error.status === 429)
    return {
      key: body.success ? body.data.message : 'myData.error.limit',
      hours: Math.max(1, Math.ceil((error.retryAfter ?? 3600) / 3600)),
    };
  return { key: 'myData.error.failed' };
}

/**
 * "Mes données" (docs/personal-details.md#my-data): what the archive holds, a password or a direct
 * download, and the button. The archive can take a while for a large record: the button stays where
 * it is, busy, keeping the focus.
 */
export function MyDataTab() {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  const modeLabel = useId();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ key: string; hours?: number } | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<MyDataForm>({
    defaultValues: EMPTY,
    resolver: zodResolver(myDataForm, { error: zodErrorKey }),
  });
  const mode = useWatch({ control, name: 'mode' });
  const medicalRecord = user?.dmcAccepte ?? false;

  const submit = async (form: MyDataForm) => {
    // The busy button stays focusable and still submits its form (Enter, a second click): one at a time.
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      await downloadMyData(form.mode === 'password' ? form.password : null);
      reset({ ...EMPTY, mode: form.mode });
      notify('myData.done', 'success');
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const body = errorReply.safeParse(error.body);
        const fieldErrors = (body.success ? body.data.fieldErrors : undefined) ?? [];
        // The server names the body's field (`motDePasse`); the form calls it `password`.
        if (applyFieldErrors(setError, fieldErrors, (field) => (field === 'motDePasse' ? 'password' : null)))
          return;
      }
      setRefusal(refusalKey(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('myData.title')}>
      <Stack spacing={2} component="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <Typography>{t('myData.intro')}</Typography>
        <div>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {t('myData.contents.title')}
          </Typography>
          <ul>
            <li>{t('myData.contents.record')}</li>
            <li>{t('myData.contents.fhir')}</li>
            <li>{t(medicalRecord ? 'myData.contents.documents' : 'myData.contents.noDocuments')}</li>
            <li>{t('myData.contents.appointments')}</li>
            <li>{t('myData.contents.activity')}</li>
          </ul>
        </div>
        <FormControl>
          <FormLabel id={modeLabel}>{t('myData.delivery.legend')}</FormLabel>
          <RadioGroup
            aria-labelledby={modeLabel}
            value={mode}
            onChange={(event) => {
              reset({ ...EMPTY, mode: event.target.value === 'direct' ? 'direct' : 'password' });
              setRefusal(null);
            }}
          >
            <FormControlLabel value="password" control={<Radio />} label={t('myData.delivery.password')} />
            <FormControlLabel value="direct" control={<Radio />} label={t('myData.delivery.direct')} />
          </RadioGroup>
        </FormControl>
        {mode === 'password' ? (
          <Stack spacing={2} sx={{ maxWidth: 480 }}>
            <PasswordField
              name="password"
              control={control}
              label={t('myData.password')}
              helperText={t('myData.passwordHelp', { min: ARCHIVE_PASSWORD_MIN })}
              autoComplete="new-password"
              disabled={busy}
            />
            <PasswordField
              name="confirmation"
              control={control}
              label={t('myData.confirmation')}
              autoComplete="new-password"
              disabled={busy}
            />
          </Stack>
        ) : (
          // Advice shown with the choice, not an event: no live region.
          <Alert severity="warning" role="note">
            {t('myData.directWarning')}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('myData.limit', { count: MY_DATA_LIMIT })}
        </Typography>
        {refusal && (
          <Alert severity="error" role="alert">
            {t(refusal.key, { hours: refusal.hours })}
          </Alert>
        )}
        <div>
          <BusyButton type="submit" variant="contained" busy={busy} startIcon={<DownloadIcon />}>
            {t(busy ? 'myData.busy' : 'myData.submit')}
          </BusyButton>
        </div>
      </Stack>
    </Panel>
  );
}
