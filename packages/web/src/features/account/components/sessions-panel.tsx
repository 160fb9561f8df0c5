import DevicesIcon from '@mui/icons-material/Devices';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LogoutIcon from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Message } from '@portail/contract/schemas/common';
import type { OwnSession } from '@portail/contract/schemas/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { CentreTimeNotice } from '../../../components/centre-time-notice';
import { useConfirm } from '../../../components/confirm-provider';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { Panel } from '../../../components/panel';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDate, formatTime } from '../../../lib/dates';
import type { Outcome } from '../../../lib/outcome';
import { accountKeys } from '../api/account-keys';
import { endOtherSessions, endSession, useOwnSessions } from '../api/sessions';

/** What a session is called on screen: its browser and system, or "unknown browser". */
function deviceOf(session: OwnSession, unknown: string): string {
  return session.navigateur ?? unknown;
}

function SessionItem({
  session,
  busy,
  onEnd,
}: {
  session: OwnSession;
  busy: boolean;
  onEnd: (session: OwnSession) => void;
}) {
  const { t } = useTranslation();
  const device = deviceOf(session, t('account.sessions.unknownBrowser'));
  const opened = t('account.sessions.opened', {
    date: formatDate(session.ouverteLe),
    time: formatTime(session.ouverteLe),
  });
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {device}
            </Typography>
            {session.courante && <Chip size="small" color="primary" label={t('account.sessions.current')} />}
            {session.codeEnAttente && (
              <Chip
                size="small"
                icon={<HourglassTopIcon />}
                variant="outlined"
                label={t('account.sessions.codePending')}
              />
            )}
          </Stack>
          <Typography variant="body2">{opened}</Typography>
          <Typography variant="body2">
            {t('account.sessions.lastActivity', {
              date: formatDate(session.derniereActivite),
              time: formatTime(session.derniereActivite),
            })}
          </Typography>
          {session.adresseIp && (
            <Typography variant="body2" color="text.secondary">
              {t('account.sessions.address', { address: session.adresseIp })}
            </Typography>
          )}
        </Box>
        {!session.courante && (
          <BusyButton
            variant="outlined"
            color="error"
            startIcon={<LogoutIcon />}
            busy={busy}
            onClick={() => onEnd(session)}
            aria-label={t('account.sessions.endOneNamed', { device, opened })}
            sx={{ flexShrink: 0 }}
          >
            {t('account.sessions.endOne')}
          </BusyButton>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * "Open sessions" (docs/sign-in-and-sessions.md#your-sessions): every device signed in to the account,
 * this one marked, each other one ended by a button, or all of them at once. After an ending the
 * focus goes to the message that tells it, since the button pressed has gone with its session.
 */
export function SessionsPanel() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useOwnSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const status = useRef<HTMLDivElement>(null);

  const settle = async (outcome: Outcome<{ ciemException: { messages: Message[] } }>) => {
    if (outcome.kind === 'done' || outcome.kind === 'refused') setMessages(outcome.messages);
    await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    setBusy(null);
    status.current?.focus();
  };

  const endOne = async (session: OwnSession) => {
    setBusy(session.id);
    setMessages([]);
    await settle(await endSession(session.id));
  };

  const others = data?.items.filter((session) => !session.courante) ?? [];
  const endOthers = async () => {
    const sure = await confirm({
      title: t('account.sessions.endOthersTitle'),
      message: t('account.sessions.endOthersMessage', { count: others.length }),
      confirmLabel: t('account.sessions.endOthers'),
      cancelLabel: t('app.cancel'),
      confirmColor: 'error',
    });
    if (!sure) return;
    setBusy('others');
    setMessages([]);
    await settle(await endOtherSessions());
  };

  return (
    <Panel title={t('account.sessions.title')} icon={<DevicesIcon />}>
      <Typography sx={{ mb: 2 }}>{t('account.sessions.intro')}</Typography>
      <Box ref={status} tabIndex={-1} role="status" sx={{ outline: 'none' }}>
        <MessagesAlerts messages={messages} />
      </Box>
      {isPending ? (
        <Skeleton variant="rounded" height={160} aria-label={t('layout.loading')} />
      ) : isError ? (
        <RetryAlert onRetry={() => void refetch()}>{t('account.sessions.loadError')}</RetryAlert>
      ) : (
        <>
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ p: 0, m: 0 }}
            aria-label={t('account.sessions.listLabel')}
          >
            {data.items.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                busy={busy === session.id}
                onEnd={(chosen) => void endOne(chosen)}
              />
            ))}
          </Stack>
          <CentreTimeNotice />
          {others.length > 0 ? (
            <BusyButton
              variant="contained"
              color="error"
              startIcon={<LogoutIcon />}
              busy={busy === 'others'}
              onClick={() => void endOthers()}
              sx={{ mt: 2 }}
            >
              {t('account.sessions.endOthers')}
            </BusyButton>
          ) : (
            <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
              {t('account.sessions.onlyThis')}
            </Alert>
          )}
        </>
      )}
    </Panel>
  );
}
