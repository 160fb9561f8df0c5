import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPersonName } from '@portail/contract/rules/person-name';
import type { Participant } from '@portail/contract/schemas/participants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

/** Green and red dark enough for white text (WCAG AA). */
const ACTIVE_GREEN = '#2e7d32';
const INACTIVE_RED = '#c62828';
/** The theme's warning orange is too light for text on the page background. */
const TRANSFER_ORANGE = '#a84300';

/**
 * The participant's name and state (docs/participants.md#detail): Active (green) or Inactive (red), a transfer pending,
 * a check-up in progress. Creating, the title says so.
 */
export function ParticipantHeader({
  participant,
  actions,
}: {
  participant: Participant | null;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
    >
      <div>
        <PageTitle gutterBottom={false}>
          {participant ? formatPersonName(participant.nom, participant.prenom) : t('participant.newTitle')}
        </PageTitle>
        {participant && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
            <Chip
              label={participant.actif ? t('participant.status.active') : t('participant.status.inactive')}
              sx={{
                bgcolor: participant.actif ? ACTIVE_GREEN : INACTIVE_RED,
                color: '#fff',
                fontWeight: 500,
              }}
            />
            {participant.mutationEnCours && (
              <Chip
                variant="outlined"
                label={t('participants.transferInProgress')}
                sx={{ color: TRANSFER_ORANGE, borderColor: TRANSFER_ORANGE }}
              />
            )}
            {participant.bilanEnCours && (
              <Chip color="secondary" variant="outlined" label={t('participants.checkupInProgress')} />
            )}
            <Typography variant="body2" color="text.secondary">
              {t('participant.subtitle', {
                id: participant.id,
                establishment: participant.etablissement.raisonsociale,
              })}
            </Typography>
          </Stack>
        )}
      </div>
      {actions}
    </Stack>
  );
}
