import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { useTranslation } from 'react-i18next';
import { isCorrespondant, isParticipant } from '../../../lib/session';
import { useParticipantRecord } from '../api/get-participant-record';
import { useUserAccount } from '../api/get-user';
import { AccountSummary, ParticipantProfessional } from './account-summary';
import { ContactForm } from './contact-form';
import { SecurityActions } from './security-actions';

function Loading() {
  const { t } = useTranslation();
  return <Skeleton variant="rounded" height={200} aria-label={t('layout.loading')} />;
}

/** Personal information (participants, docs/personal-details.md#tabs): their contact and security settings. */
export function PersonalTab() {
  const { t } = useTranslation();
  const account = useUserAccount();
  if (account.isPending) return <Loading />;
  if (account.isError) return <Alert severity="error">{t('account.loadError')}</Alert>;
  return (
    <Stack spacing={3}>
      <ContactForm account={account.data} title={t('account.contact.personalTitle')} />
      <SecurityActions />
    </Stack>
  );
}

/**
 * Professional information (everyone, docs/personal-details.md#tabs): a correspondant's account contact is professional, so
 * their contact form and security settings are here; a participant reads their employer's side of
 * their record; an admin sees the account and its security settings.
 */
export function ProfessionalTab({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const participant = isParticipant(user);
  const account = useUserAccount();
  const record = useParticipantRecord(participant);
  if (participant) {
    if (record.isPending) return <Loading />;
    if (record.isError) return <Alert severity="error">{t('account.loadError')}</Alert>;
    return <ParticipantProfessional record={record.data} />;
  }
  if (account.isPending) return <Loading />;
  if (account.isError) return <Alert severity="error">{t('account.loadError')}</Alert>;
  return (
    <Stack spacing={3}>
      <AccountSummary account={account.data} />
      {isCorrespondant(user) && (
        <ContactForm account={account.data} title={t('account.contact.professionalTitle')} />
      )}
      <SecurityActions />
    </Stack>
  );
}
