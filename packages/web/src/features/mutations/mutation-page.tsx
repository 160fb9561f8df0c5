import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { SCREENS } from '@portail/contract/routes';
import type { Message } from '@portail/contract/schemas/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { LoadFailure } from '../../components/load-failure';
import { MessagesAlerts } from '../../components/messages-alerts';
import { PageTitle } from '../../components/page-title';
import { notify } from '../../lib/notify';
import { useMutationDetail } from './api/get-mutation';
import type { ActionOutcome } from './api/mutation-action';
import { MutationActions } from './components/mutation-actions';
import { MutationDetails } from './components/mutation-details';

const VARIANT = { ERROR: 'error', WARN: 'warning', INFO: 'success' } as const;

/** Reads `/mutation/:id`: a whole positive number, else nothing. */
function useMutationId(): number | null {
  const { id = '' } = useParams();
  return /^\d{1,10}$/.test(id) && Number(id) > 0 && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={SCREENS.mutations.path}>
      {t('mutations.detail.backToList')}
    </Link>
  );
}

/**
 * A transfer's detail (docs/transfers.md#detail, docs/transfers.md#accept): read-only, with the in-progress chip, accept and cancel. Once the
 * server has accepted or cancelled, its messages show as toasts, the detail and the lists are read
 * again, and the screen goes back one step; a refusal stays on the screen with its messages.
 */
export function MutationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useMutationId();
  const { data, isPending, error, refetch } = useMutationDetail(id);
  const [messages, setMessages] = useState<Message[]>([]);

  const onOutcome = (outcome: ActionOutcome) => {
    if (outcome.kind === 'refused') setMessages(outcome.messages);
    if (outcome.kind !== 'done') return;
    for (const message of outcome.messages) notify(`messages.${message.errorCode}`, VARIANT[message.level]);
    // Opened from a link or typed in: there is no step back within the app, so the list.
    if (location.key === 'default') void navigate(SCREENS.mutations.path);
    else void navigate(-1);
  };

  if (id === null)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{t('http.404')}</Alert>
        <BackToList />
      </Stack>
    );
  if (error)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <LoadFailure
          error={error}
          missing={t('mutations.detail.notFound')}
          failed={t('mutations.detail.loadError')}
          onRetry={() => void refetch()}
        />
        <BackToList />
      </Stack>
    );
  if (isPending) return <LinearProgress aria-label={t('layout.loading')} />;
  return (
    <>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <PageTitle gutterBottom={false}>{t('routes.mutation')}</PageTitle>
          {data.encours && <Chip color="primary" label={t('mutations.detail.inProgress')} />}
        </Stack>
        <MutationActions key={data.id} mutation={data} onOutcome={onOutcome} />
      </Stack>
      <MessagesAlerts messages={messages} />
      <MutationDetails mutation={data} />
      <BackToList />
    </>
  );
}
