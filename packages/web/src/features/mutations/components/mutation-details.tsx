import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import type { MutationRow } from '@portail/contract/schemas/mutations';
import { useTranslation } from 'react-i18next';
import { enumLabel, formatDateTime } from '../format';
import { ReadOnlyValue } from './read-only-value';

/**
 * The transfer's read-only fields (001 §2 Mutation detail): participant (name and id), author, date,
 * movement type, reason, and each establishment (name and id).
 */
export function MutationDetails({ mutation }: { mutation: MutationRow }) {
  const { t, i18n } = useTranslation();
  const fields: [string, string | number | null][] = [
    ['participant', mutation.participant.name],
    ['participantId', mutation.participant.id],
    ['author', mutation.auteurMouvement],
    ['date', formatDateTime(mutation.date)],
    ['type', enumLabel(mutation.typeMouvement, i18n.language)],
    ['reason', enumLabel(mutation.motifMouvement, i18n.language)],
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
            <ReadOnlyValue label={t(`mutations.detail.${key}`)} value={value} />
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}
