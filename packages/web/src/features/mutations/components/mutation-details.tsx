import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { SCREENS, screenPath } from '@portail/contract/routes';
import type { MutationRow } from '@portail/contract/schemas/mutations';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ReadOnlyField } from '../../../components/read-only-field';
import { deviceOutsideCentreZone, formatDateTime } from '../../../lib/dates';
import { enumLabel } from '../format';
import { useDirectionText } from './direction-label';

/**
 * The transfer's read-only fields (docs/transfers.md#detail Mutation detail): participant (name and id), author, date,
 * its direction for the caller's scope, movement type, reason and the requester's details, and each
 * establishment (name and id); then a link to the participant's page.
 */
export function MutationDetails({ mutation }: { mutation: MutationRow }) {
  const { t, i18n } = useTranslation();
  const directionText = useDirectionText();
  const when = formatDateTime(mutation.date);
  const fields: [string, string | number | null][] = [
    ['participant', mutation.participant.name],
    ['participantId', mutation.participant.id],
    ['author', mutation.auteurMouvement],
    // The centre's time, said so on a device elsewhere (issue 18).
    ['date', deviceOutsideCentreZone() ? t('dates.centreTimeOf', { value: when }) : when],
    ['direction', directionText(mutation.sens)],
    ['type', enumLabel(mutation.typeMouvement, i18n.language)],
    ['reason', enumLabel(mutation.motifMouvement, i18n.language)],
    ['comment', mutation.commentaireMouvement],
    ['source', mutation.etablissementSource.raisonsociale],
    ['sourceId', mutation.etablissementSource.id],
    ['destination', mutation.etablissementDestination.raisonsociale],
    ['destinationId', mutation.etablissementDestination.id],
  ];
  return (
    <Paper component="section" aria-label={t('mutations.detail.fields')} sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={2}>
        {fields.map(([key, value]) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <ReadOnlyField label={t(`mutations.detail.${key}`)} value={value} />
          </Grid>
        ))}
      </Grid>
      <Link
        component={RouterLink}
        to={screenPath(SCREENS.participant, { id: mutation.participant.id })}
        sx={{ display: 'inline-block', mt: 2 }}
      >
        {t('mutations.openParticipant', { name: mutation.participant.name })}
      </Link>
    </Paper>
  );
}
