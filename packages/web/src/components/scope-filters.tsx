import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ScopeOrganisations } from '../lib/scope-organisations';

/** The chosen company and establishment, as ids in text ('' for all), as the address keeps them. */
export interface ScopeChoice {
  companyId: string;
  establishmentId: string;
}

export interface ScopeFiltersProps extends ScopeChoice {
  organisations: ScopeOrganisations;
  onChange: (choice: ScopeChoice) => void;
}

const ALL = '';
const SHOW_ALL = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * "Entreprise" and "Établissement" filters of a correspondant's lists (issue 18), each shown only when
 * the scope holds more than one. Choosing a company narrows the establishments offered to its own and
 * drops an establishment of another company.
 */
export function ScopeFilters({ organisations, companyId, establishmentId, onChange }: ScopeFiltersProps) {
  const { t } = useTranslation();
  const { companies, establishments, showCompanies, showEstablishments } = organisations;
  const offered = companyId
    ? establishments.filter((row) => String(row.companyId) === companyId)
    : establishments;
  // A value the menu does not hold (another scope's id typed in the address) shows as "all".
  const company = companies.some((row) => String(row.id) === companyId) ? companyId : ALL;
  const establishment = offered.some((row) => String(row.id) === establishmentId) ? establishmentId : ALL;

  return (
    <>
      {showCompanies && (
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            // "All" is a choice like the others: shown, not an empty field under its label.
            slotProps={SHOW_ALL}
            name="idEntreprise"
            label={t('scope.company')}
            value={company}
            onChange={(event) => {
              const next = event.target.value;
              const kept = establishments.some(
                (row) => String(row.id) === establishmentId && (!next || String(row.companyId) === next),
              );
              onChange({ companyId: next, establishmentId: kept ? establishmentId : ALL });
            }}
          >
            <MenuItem value={ALL}>{t('scope.allCompanies')}</MenuItem>
            {companies.map((row) => (
              <MenuItem key={row.id} value={String(row.id)}>
                {row.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      )}
      {showEstablishments && (
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            // "All" is a choice like the others: shown, not an empty field under its label.
            slotProps={SHOW_ALL}
            name="idEtablissement"
            label={t('scope.establishment')}
            value={establishment}
            onChange={(event) => onChange({ companyId, establishmentId: event.target.value })}
          >
            <MenuItem value={ALL}>{t('scope.allEstablishments')}</MenuItem>
            {offered.map((row) => (
              <MenuItem key={row.id} value={String(row.id)}>
                {row.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      )}
    </>
  );
}
