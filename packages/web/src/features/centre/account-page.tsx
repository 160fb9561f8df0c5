import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import { formatPersonName } from '@portail/contract/rules/person-name';
import type { AccountAction, AccountActionPath, AccountCard } from '@portail/contract/schemas/centre';
import type { Message } from '@portail/contract/schemas/common';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailsList } from '../../components/details-list';
import { PageTitle } from '../../components/page-title';
import { Panel } from '../../components/panel';
import { RetryAlert } from '../../components/retry-alert';
import { formatDateTime } from '../../lib/dates';
import { errorReplyOf } from '../../lib/error-replies';
import { notify } from '../../lib/notify';
import { useAccountAction, useAccountCard } from './api/centre-api';
import { ReasonDialog } from './components/reason-dialog';
import { AccountStateChip, DeliveryStatusChip } from './components/state-chip';
import { refusalMessages } from './list-query';

const PATH_OF: Record<AccountAction, AccountActionPath> = {
  UNLOCK: 'unlock',
  END_SESSIONS: 'end-sessions',
  REGISTRATION_LINK: 'registration-link',
  RESET_LINK: 'reset-link',
  DEACTIVATE: 'deactivate',
  REACTIVATE: 'reactivate',
  RESET_FACTORS: 'reset-factors',
};

/** Reads `/centre/comptes/:id`: a whole positive number, else nothing to show. */
function useAccountId(): number | null {
  const { id = '' } = useParams();
  return /^\d{1,10}$/.test(id) && Number(id) > 0 && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

/** Where the account stands, in a sentence an operator can read out on the phone. */
function StateSummary({ card }: { card: AccountCard }) {
  const { t } = useTranslation();
  switch (card.state) {
    case 'LOCKED':
      return (
        <Alert severity="error">
          {t('centre.account.lockedSince', {
            since: formatDateTime(card.lockedAt),
            after: t(`centre.account.lockedAfter.${card.lockedAfter ?? 'SIGN_IN'}`),
            until: formatDateTime(card.lockedUntil),
          })}
        </Alert>
      );
    case 'PENDING':
      return (
        <Alert severity="info">
          {card.registrationLinkExpiresAt
            ? t('centre.account.pendingUntil', { until: formatDateTime(card.registrationLinkExpiresAt) })
            : t('centre.account.pendingNoLink')}
        </Alert>
      );
    case 'DEACTIVATED':
      return <Alert severity="warning">{t('centre.account.deactivated')}</Alert>;
    case 'ACTIVE':
      return <Alert severity="success">{t('centre.account.active')}</Alert>;
  }
}

/** A panel's list of dated lines, or the panel's "nothing" sentence. */
function DatedList<T>({
  items,
  empty,
  render,
}: {
  items: readonly T[];
  empty: string;
  render: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <List dense disablePadding>
      {items.map((item, index) => (
        // The lines have no id of their own; their order is the server's (newest first).
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list redrawn whole
        <ListItem key={index} divider sx={{ display: 'block', px: 0 }}>
          {render(item)}
        </ListItem>
      ))}
    </List>
  );
}

function Actions({ card }: { card: AccountCard }) {
  const { t } = useTranslation();
  const run = useAccountAction(card.id);
  const [open, setOpen] = useState<AccountAction | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  if (card.actions.length === 0) {
    return <Typography color="text.secondary">{t('centre.account.noAction')}</Typography>;
  }
  const confirm = (reason: string) => {
    if (!open) return;
    setMessages([]);
    run.mutate(
      { action: PATH_OF[open], reason },
      {
        onSuccess: () => {
          notify(`centre.account.done.${open}`, 'success');
          setOpen(null);
        },
        onError: (error) => {
          setMessages(refusalMessages(error));
        },
      },
    );
  };
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {card.actions.map((action) => (
          <Button
            key={action}
            variant="outlined"
            color={action === 'DEACTIVATE' ? 'error' : 'primary'}
            onClick={() => {
              setMessages([]);
              setOpen(action);
            }}
          >
            {t(`centre.account.action.${action}`)}
          </Button>
        ))}
      </Stack>
      <ReasonDialog
        open={open !== null}
        title={open ? t(`centre.account.action.${open}`) : ''}
        description={open ? t(`centre.account.confirm.${open}`, { login: card.login }) : ''}
        confirmLabel={open ? t(`centre.account.action.${open}`) : ''}
        danger={open === 'DEACTIVATE' || open === 'RESET_FACTORS'}
        busy={run.isPending}
        messages={messages}
        onConfirm={confirm}
        onCancel={() => setOpen(null)}
      />
    </>
  );
}

/** The account's sign-in factors in a line: what the holder can sign in with besides the password. */
function factorsText(t: TFunction, factors: AccountCard['factors']): string {
  const parts = [
    ...(factors.passkeys > 0 ? [t('centre.account.factorPasskeys', { count: factors.passkeys })] : []),
    ...(factors.app ? [t('centre.account.factorApp')] : []),
    t(factors.smsOff ? 'centre.account.factorSmsOff' : 'centre.account.factorSms'),
  ];
  return parts.join(' · ');
}

function AccountDetail({ card }: { card: AccountCard }) {
  const { t } = useTranslation();
  const record =
    card.participantId !== null
      ? t('centre.accounts.participantId', { id: card.participantId })
      : card.correspondantId !== null
        ? t('centre.accounts.correspondantId', { id: card.correspondantId })
        : null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <PageTitle gutterBottom={false}>
          {card.login} — {formatPersonName(card.lastName, card.firstName)}
        </PageTitle>
        <AccountStateChip state={card.state} />
      </Stack>
      <StateSummary card={card} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={t('centre.account.identity')}>
            <DetailsList
              entries={[
                [t('centre.account.kind'), t(`centre.kind.${card.kind}`)],
                [t('centre.account.record'), record],
                [t('centre.account.email'), card.email],
                [t('centre.account.mobile'), card.mobile],
                [
                  t('centre.account.language'),
                  t(card.englishOnly ? 'centre.account.english' : 'centre.account.french'),
                ],
                [t('centre.account.created'), formatDateTime(card.createdAt)],
                [t('centre.account.lastLogin'), formatDateTime(card.lastLoginAt)],
                [t('centre.account.factors'), factorsText(t, card.factors)],
              ]}
            />
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={t('centre.account.actions')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('centre.account.actionsHelp')}
            </Typography>
            <Actions card={card} />
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={t('centre.account.signIns')}>
            <DatedList
              items={card.signIns}
              empty={t('centre.account.noSignIn')}
              render={(event) => (
                <>
                  <Typography>
                    {formatDateTime(event.at)} —{' '}
                    {t(`centre.event.${event.action}`, { defaultValue: event.action })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[event.ip, event.browser].filter(Boolean).join(' · ') || t('app.none')}
                  </Typography>
                </>
              )}
            />
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={t('centre.account.sessions')}>
            <DatedList
              items={card.sessions}
              empty={t('centre.account.noSession')}
              render={(session) => (
                <>
                  <Typography>
                    {t('centre.account.sessionLine', {
                      started: formatDateTime(session.startedAt),
                      seen: formatDateTime(session.lastSeenAt),
                    })}
                    {session.confirmed ? '' : ` — ${t('centre.account.sessionUnconfirmed')}`}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[session.ip, session.browser].filter(Boolean).join(' · ') || t('app.none')}
                  </Typography>
                </>
              )}
            />
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel
            title={t('centre.account.messages')}
            action={
              <Link component={RouterLink} to={`${SCREENS.centreDeliveries.path}?account=${card.id}`}>
                {t('centre.account.allMessages')}
              </Link>
            }
          >
            <DatedList
              items={card.messages}
              empty={t('centre.account.noMessage')}
              render={(message) => (
                <>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography>
                      {formatDateTime(message.createdAt)} — {t(`centre.delivery.purpose.${message.purpose}`)}{' '}
                      ({t(`centre.delivery.channel.${message.channel}`)})
                    </Typography>
                    <DeliveryStatusChip status={message.status} />
                  </Stack>
                  {message.lastError && (
                    <Typography variant="body2" color="text.secondary">
                      {t('centre.delivery.lastError', {
                        error: message.lastError,
                        attempts: message.attempts,
                      })}
                    </Typography>
                  )}
                </>
              )}
            />
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={t('centre.account.staffActions')}>
            <DatedList
              items={card.staffActions}
              empty={t('centre.account.noStaffAction')}
              render={(entry) => (
                <>
                  <Typography>
                    {formatDateTime(entry.at)} —{' '}
                    {t(`centre.event.${entry.action}`, { defaultValue: entry.action })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[entry.by, entry.reason].filter(Boolean).join(' : ')}
                  </Typography>
                </>
              )}
            />
          </Panel>
        </Grid>
      </Grid>
    </Stack>
  );
}

/** An account's support card (issue 20): why it cannot sign in, what was sent, and what to do. */
export function AccountPage() {
  const { t } = useTranslation();
  const id = useAccountId();
  const card = useAccountCard(id);
  const notFound = id === null || errorReplyOf(card.error)?.status === 404;
  return (
    <>
      <Link component={RouterLink} to={SCREENS.centreAccounts.path} sx={{ display: 'inline-block', mb: 2 }}>
        {t('centre.account.backToSearch')}
      </Link>
      {card.isPending && id !== null && <LinearProgress aria-label={t('layout.loading')} />}
      {notFound ? (
        <>
          <PageTitle>{t('routes.centre.account')}</PageTitle>
          <Alert severity="warning">{t('centre.account.notFound')}</Alert>
        </>
      ) : card.isError ? (
        <>
          <PageTitle>{t('routes.centre.account')}</PageTitle>
          <RetryAlert error={card.error} onRetry={() => void card.refetch()}>
            {t('centre.account.loadError')}
          </RetryAlert>
        </>
      ) : card.data ? (
        <AccountDetail card={card.data} />
      ) : null}
    </>
  );
}
