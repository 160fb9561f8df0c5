import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import { formatPersonName } from '@portail/contract/rules/person-name';
import type { Correspondant } from '@portail/contract/schemas/correspondants';
import type { OrganisationRef } from '@portail/contract/schemas/participants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { Detail } from '../../components/details-list';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { errorReplyOf } from '../../lib/error-replies';
import { usePageLabel } from '../../lib/page-label';
import { ChangePasswordDialog } from '../account';
import { useCorrespondant } from './api/get-correspondant';
import { civilityLabel } from './civility';
import { ContactForm } from './components/contact-form';
import { DetailsCard } from './components/details-card';

/** Reads `/correspondant/:id`: a whole positive number, else nothing to show. */
function useCorrespondantId(): number | null {
  const { id = '' } = useParams();
  return /^\d{1,10}$/.test(id) && Number(id) > 0 && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={SCREENS.correspondants.path}>
      {t('correspondants.detail.backToList')}
    </Link>
  );
}

function organisationEntries(t: (key: string) => string, organisation: OrganisationRef | null): Detail[] {
  return [
    [t('correspondants.detail.businessName'), organisation?.raisonsociale],
    [t('correspondants.detail.number'), organisation?.id],
  ];
}

/** The record's blocks (docs/correspondants.md#detail): contact, establishment, company, group; the contact editable by its owner. */
function CorrespondantDetail({ record }: { record: Correspondant }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const { contact } = record;
  const roles = [
    record.roleAdmin && t('correspondants.roles.admin'),
    record.roleFacturation && t('correspondants.roles.billing'),
    record.roleEnvoiCourrier && t('correspondants.roles.mailing'),
  ].filter(Boolean);
  const field = (name: string) => t(`correspondants.fields.${name}`);
  const contactEntries: Detail[] = [
    [field('civilite'), civilityLabel(contact.civilite, i18n.language)],
    [field('nom'), contact.nom],
    [field('prenom'), contact.prenom],
    [field('fonction'), contact.fonction],
    [field('mail'), contact.mail],
    [field('telephone'), contact.telephone],
    [field('portable'), contact.portable],
    [field('fax'), contact.fax],
    [t('correspondants.detail.roles'), roles.join(', ')],
  ];

  return (
    <>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <div>
          <PageTitle gutterBottom={false}>{formatPersonName(contact.nom, contact.prenom)}</PageTitle>
          <Typography variant="body2" color="text.secondary">
            {t('correspondants.detail.subtitle', { id: record.id })}
          </Typography>
        </div>
        {record.canSave && !editing && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              {t('correspondants.detail.edit')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<LockResetIcon />}
              onClick={() => setChangingPassword(true)}
            >
              {t('correspondants.detail.changePassword')}
            </Button>
          </Stack>
        )}
      </Stack>
      {!record.canSave && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('correspondants.detail.readOnly')}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={12}>
          <DetailsCard title={t('correspondants.detail.contact')} entries={contactEntries}>
            {editing ? <ContactForm record={record} onDone={() => setEditing(false)} /> : undefined}
          </DetailsCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <DetailsCard
            title={t('correspondants.detail.establishment')}
            entries={organisationEntries(t, record.etablissement)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <DetailsCard
            title={t('correspondants.detail.company')}
            entries={organisationEntries(t, record.entreprise)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <DetailsCard
            title={t('correspondants.detail.group')}
            entries={organisationEntries(t, record.groupement)}
          />
        </Grid>
      </Grid>
      <Stack sx={{ mt: 2 }}>
        <BackToList />
      </Stack>
      {record.canSave && (
        <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      )}
    </>
  );
}

/** A correspondant's page (docs/correspondants.md#detail): read-only, except one's own contact block when canSave. */
export function CorrespondantPage() {
  const { t } = useTranslation();
  const id = useCorrespondantId();
  const { data, isPending, error, refetch } = useCorrespondant(id);
  usePageLabel(data ? formatPersonName(data.contact.nom, data.contact.prenom) : null);
  const failure = errorReplyOf(error);

  if (id === null || failure?.status === 404 || failure?.status === 403)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <PageTitle gutterBottom={false}>{t('routes.correspondant')}</PageTitle>
        <Alert severity="warning">
          {failure?.status === 403
            ? t(failure.message, { defaultValue: t('http.403') })
            : t('correspondants.detail.notFound')}
        </Alert>
        <BackToList />
      </Stack>
    );
  if (error)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <RetryAlert onRetry={() => void refetch()}>{t('correspondants.detail.loadError')}</RetryAlert>
        <BackToList />
      </Stack>
    );
  if (isPending) return <LinearProgress aria-label={t('layout.loading')} />;
  return <CorrespondantDetail key={data.id} record={data} />;
}
