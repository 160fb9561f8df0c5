import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_CHANNELS,
  type NotificationChoice,
  type NotificationPreferences,
} from '@portail/contract/schemas/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { accountKeys } from '../api/account-keys';
import { saveNotificationPreferences, useNotificationPreferences } from '../api/notification-preferences';

const keyOf = (choice: Pick<NotificationChoice, 'kind' | 'channel'>) => `${choice.kind}:${choice.channel}`;

/**
 * The choices as a grid: one row per subject, one column per channel, each box named for screen readers
 * ("Nouveaux documents par SMS"). A channel the account has no address for is shown off and disabled.
 */
function PreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(
    () => new Map(preferences.choices.map((choice) => [keyOf(choice), choice.enabled])),
  );
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const kinds = [...new Set(preferences.choices.map((choice) => choice.kind))];
  const channels = NOTIFICATION_CHANNELS.filter((channel) =>
    preferences.choices.some((choice) => choice.channel === channel),
  );
  const offered = new Set(preferences.choices.map(keyOf));
  const reachable = { MAIL: preferences.emailOnFile, SMS: preferences.mobileOnFile } as const;
  const changed = preferences.choices.some((choice) => enabled.get(keyOf(choice)) !== choice.enabled);

  const save = async () => {
    setSaving(true);
    setErrors([]);
    const outcome = await saveNotificationPreferences({
      choices: preferences.choices.map((choice) => ({
        ...choice,
        enabled: enabled.get(keyOf(choice)) ?? choice.enabled,
      })),
    });
    setSaving(false);
    if (outcome.kind === 'done') {
      queryClient.setQueryData(accountKeys.notifications(), outcome.data);
      notify('notifications.saved', 'success');
    } else if (outcome.kind === 'invalid') {
      setErrors([
        ...new Set(outcome.fieldErrors.map((error) => translateError(t, error.defaultMessage) ?? '')),
      ]);
    } else if (outcome.kind === 'failed') {
      notify(outcome.key, 'error');
    }
  };

  return (
    <Stack spacing={2}>
      {!preferences.mobileOnFile && channels.includes('SMS') && (
        <Alert severity="info">{t('notifications.noMobile')}</Alert>
      )}
      {!preferences.emailOnFile && <Alert severity="info">{t('notifications.noEmail')}</Alert>}
      {errors.map((error) => (
        <Alert key={error} severity="error">
          {error}
        </Alert>
      ))}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('notifications.caption')}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('notifications.kind')}
              </TableCell>
              {channels.map((channel) => (
                <TableCell
                  key={channel}
                  component="th"
                  scope="col"
                  align="center"
                  // Short headings that never break ("Par / e- / mail" on a phone did).
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t(`notifications.columns.${channel}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {kinds.map((kind) => (
              <TableRow key={kind}>
                <TableCell component="th" scope="row">
                  {t(`notifications.kinds.${kind}`)}
                </TableCell>
                {channels.map((channel) => {
                  const key = keyOf({ kind, channel });
                  if (!offered.has(key)) return <TableCell key={channel} />;
                  return (
                    <TableCell key={channel} align="center" padding="checkbox">
                      <Checkbox
                        checked={(enabled.get(key) ?? false) && reachable[channel]}
                        disabled={saving || !reachable[channel]}
                        onChange={(event) => setEnabled(new Map(enabled).set(key, event.target.checked))}
                        slotProps={{
                          input: {
                            'aria-label': t('notifications.choice', {
                              kind: t(`notifications.kinds.${kind}`),
                              channel: t(`notifications.channels.${channel}`).toLowerCase(),
                            }),
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        {/* Inactive (nothing changed, or saving) but still focusable, as components/busy-button.tsx:
            a disabled button would drop the keyboard focus to the page's start once the choices are saved. */}
        <Button
          variant="contained"
          onClick={saving || !changed ? undefined : save}
          aria-disabled={saving || !changed || undefined}
          aria-busy={saving}
          startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{
            '&[aria-disabled="true"]': {
              color: 'text.secondary',
              bgcolor: 'action.disabledBackground',
              boxShadow: 'none',
              cursor: saving ? 'progress' : 'default',
            },
          }}
        >
          {t('notifications.save')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The notifications tab of "Mes coordonnées" (docs/notifications-and-delivery.md#preferences). */
export function NotificationsTab() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ typography: 'h6' }}>
          {t('notifications.title')}
        </Typography>
        <Typography>{t('notifications.intro')}</Typography>
        <Typography color="text.secondary">{t('notifications.quietHours')}</Typography>
        {preferences.isPending ? (
          <Skeleton variant="rounded" height={200} aria-label={t('layout.loading')} />
        ) : preferences.isError ? (
          <Alert severity="error">{t('account.loadError')}</Alert>
        ) : (
          <PreferencesForm preferences={preferences.data} />
        )}
      </Stack>
    </Paper>
  );
}
