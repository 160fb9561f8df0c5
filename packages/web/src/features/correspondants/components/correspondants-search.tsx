import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { correspondantListQuery } from '@portail/contract/schemas/correspondants';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { useTranslation } from 'react-i18next';
import { DigitsInput } from '../../../components/digits-input';
import { TextInput } from '../../../components/text-input';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { type CorrespondantFilters, parseEstablishmentId } from '../list-params';

export interface CorrespondantsSearchProps {
  filters: CorrespondantFilters;
  /** Called with the filters once typing pauses (docs/correspondants.md#search: 200 ms); the caller trims the text. */
  onSearch: (filters: CorrespondantFilters) => void;
}

const sameSearch = (a: CorrespondantFilters, b: CorrespondantFilters) =>
  a.companySearch === b.companySearch &&
  a.lastName.trim() === b.lastName.trim() &&
  a.firstName.trim() === b.firstName.trim() &&
  a.establishmentId.trim() === b.establishmentId.trim() &&
  a.businessName.trim() === b.businessName.trim();

type TextFilter = 'lastName' | 'firstName' | 'businessName';

/**
 * The directory's search (docs/correspondants.md#detail): last name, first name, establishment id, business name, and
 * whether that name is the company's rather than the establishment's.
 */
export function CorrespondantsSearch({ filters, onSearch }: CorrespondantsSearchProps) {
  const { t } = useTranslation();
  const { typed, type: setTyped, choose } = useDebouncedSearch(filters, onSearch, sameSearch);

  const idError = parseEstablishmentId(typed.establishmentId) === 'invalid' ? t('errors.number') : undefined;
  const text = (field: TextFilter, name: 'nom' | 'prenom' | 'raisonSociale') => (
    <TextInput
      name={name}
      label={t(`correspondants.search.${field}`)}
      value={typed[field]}
      onChange={(event) => setTyped({ ...typed, [field]: event.target.value })}
      htmlInput={{ maxLength: maxLengthOf(correspondantListQuery.shape[name]) }}
    />
  );

  return (
    <Paper
      component="form"
      role="search"
      aria-label={t('correspondants.search.title')}
      onSubmit={(event) => event.preventDefault()}
      sx={{ p: 2, mb: 2 }}
    >
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{text('lastName', 'nom')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{text('firstName', 'prenom')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <DigitsInput
            name="idEtablissement"
            label={t('correspondants.search.establishmentId')}
            value={typed.establishmentId}
            onValueChange={(establishmentId) => setTyped({ ...typed, establishmentId })}
            error={idError}
            htmlInput={{ maxLength: 10 }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>{text('businessName', 'raisonSociale')}</Grid>
        <Grid size={12}>
          <FormControlLabel
            label={t('correspondants.search.companySearch')}
            control={
              <Checkbox
                name="rechercheEntreprise"
                checked={typed.companySearch}
                onChange={(event) => choose({ ...typed, companySearch: event.target.checked })}
              />
            }
          />
        </Grid>
      </Grid>
    </Paper>
  );
}
