import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { SCREENS } from '@portail/contract/routes';
import { formatPersonName } from '@portail/contract/rules/person-name';
import { message } from '@portail/contract/schemas/common';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { LoadFailure } from '../../components/load-failure';
import { notify } from '../../lib/notify';
import { usePageLabel } from '../../lib/page-label';
import { currentUser, isCorrespondant, useSession } from '../../lib/session';
import { useParticipant } from './api/get-participant';
import { ParticipantScreen } from './components/participant-screen';
import { NEW_PARTICIPANT_ID } from './new-participant';

const carriedMessages = z.object({ messages: z.array(message) });

/** Reads `/adherents/:id`: `nouveau` creates (correspondants only), a number opens that participant. */
function useParticipantId(): number | 'new' | null {
  const { id = '' } = useParams();
  if (id === NEW_PARTICIPANT_ID) return 'new';
  return /^\d{1,10}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={SCREENS.participants.path}>
      {t('participant.backToList')}
    </Link>
  );
}

function Refused() {
  useEffect(() => notify('auth.accessDenied', 'error'), []);
  return <Navigate to={SCREENS.participants.path} replace />;
}

/** The participant detail screen (docs/participants.md#detail): one page to view, edit and create. */
export function ParticipantPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const user = currentUser(useSession());
  const id = useParticipantId();
  const creating = id === 'new';
  const { data, isPending, error, refetch } = useParticipant(typeof id === 'number' ? id : null);
  usePageLabel(creating ? t('participant.newTitle') : data ? formatPersonName(data.nom, data.prenom) : null);

  if (!user) return null;
  if (creating && !isCorrespondant(user)) return <Refused />;
  if (id === null)
    return (
      <Stack spacing={2}>
        <Alert severity="error">{t('http.404')}</Alert>
        <BackToList />
      </Stack>
    );
  const carried = carriedMessages.safeParse(location.state);
  const initialMessages = carried.success ? carried.data.messages : [];
  if (creating) return <ParticipantScreen participant={null} user={user} initialMessages={initialMessages} />;
  if (error)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <LoadFailure
          error={error}
          missing={t('participant.notFound')}
          failed={t('participant.loadError')}
          onRetry={() => void refetch()}
        />
        <BackToList />
      </Stack>
    );
  if (isPending) return <LinearProgress aria-label={t('layout.loading')} />;
  return <ParticipantScreen key={data.id} participant={data} user={user} initialMessages={initialMessages} />;
}
