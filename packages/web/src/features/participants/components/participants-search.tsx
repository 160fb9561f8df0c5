import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { participantListQuery } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { DigitsInput } from '../../../components/digits-input';
import { ScopeFilters } from '../../../components/scope-filters';
import { TextInput } from '../../../components/text-input';
import type { ScopeOrganisations } from '../../../lib/scope-organisations';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { type ParticipantFilters, parseParticipantId } from '../list-params';

export interface ParticipantsSearchProps {
  filters: ParticipantFilters;
  /** Called with the filters once typing pauses (docs/participants.md#search: 200 ms), text trimmed by the caller. */
  onSearch: (filters: ParticipantFilters) => void;
  /** The scope's companies and establishments: their filters show when it holds more than one. */
  organisations: ScopeOrganisations;
}

const sameSearch = (a: ParticipantFilters, b: ParticipantFilters) =>
  a.activeOnly === b.activeOnly &&
  a.lastName.trim() === b.lastName.trim() &&
  a.firstName.trim() === b.firstName.trim() &&
  a.participantId.trim() === b.participantId.trim() &&
  a.companyId === b.companyId &&
  a.establishmentId === b.establishmentId;

/** The search of the participant list (docs/participants.md#search): active flag, last name, first name, id. */
export function ParticipantsSearch({ filters, onSearch, organisations }: ParticipantsSearchProps) {
  const { t } = useTranslation();
  const { typed, type: setTyped, choose } = useDebouncedSearch(filters, onSearch, sameSearch);

  const idError = parseParticipantId(typed.participantId) === 'invalid' ? t('errors.number') : undefined;

  return (
    <Paper
      component="form"
      role="search"
      aria-label={t('participants.search.title')}
      onSubmit={(event) => event.preventDefault()}
      sx={{ p: 2, mb: 2 }}
    >
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextInput
            name="nom"
            label={t('participants.search.lastName')}
            value={typed.lastName}
            onChange={(event) => setTyped({ ...typed, lastName: event.target.value })}
            htmlInput={{ maxLength: maxLengthOf(participantListQuery.shape.nom) }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextInput
            name="prenom"
            label={t('participants.search.firstName')}
            value={typed.firstName}
            onChange={(event) => setTyped({ ...typed, firstName: event.target.value })}
            htmlInput={{ maxLength: maxLengthOf(participantListQuery.shape.prenom) }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <DigitsInput
            name="idParticipant"
            label={t('participants.search.id')}
            value={typed.participantId}
            onValueChange={(participantId) => setTyped({ ...typed, participantId })}
            error={idError}
            htmlInput={{ maxLength: 10 }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }} sx={{ display: 'flex', alignItems: 'center', minHeight: 56 }}>
          <FormControlLabel
            label={t('participants.search.activeOnly')}
            control={
              <Checkbox
                name="actif"
                checked={typed.activeOnly}
                onChange={(event) => choose({ ...typed, activeOnly: event.target.checked })}
              />
            }
          />
        </Grid>
        <ScopeFilters
          organisations={organisations}
          companyId={typed.companyId}
          establishmentId={typed.establishmentId}
          onChange={(choice) => choose({ ...typed, ...choice })}
        />
      </Grid>
    </Paper>
  );
}
