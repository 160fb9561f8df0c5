import Grid from '@mui/material/Grid';
import type { DocumentCategory } from '@portail/contract/schemas/documents';
import { useTranslation } from 'react-i18next';
import { useDocumentTypes, useDocumentYears } from '../api/get-document-filters';
import { MultiSelect } from './multi-select';

export interface DocumentFiltersProps {
  category: DocumentCategory;
  years: readonly number[];
  types: readonly number[];
  onYearsChange: (years: number[]) => void;
  onTypesChange: (types: number[]) => void;
}

/** The two filters of a document list (docs/documents-and-sheets.md#filters): balance-sheet years and the category's types. */
export function DocumentFilters({
  category,
  years,
  types,
  onYearsChange,
  onTypesChange,
}: DocumentFiltersProps) {
  const { t, i18n } = useTranslation();
  const yearsQuery = useDocumentYears();
  const typesQuery = useDocumentTypes(category);
  const english = i18n.language === 'en_EN';
  return (
    <Grid container spacing={2} component="section" aria-label={t('documents.filters.title')} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <MultiSelect
          name="anneeDocuments"
          label={t('documents.filters.years')}
          options={(yearsQuery.data ?? []).map((year) => ({ value: year, label: String(year) }))}
          value={years}
          onChange={onYearsChange}
          disabled={!yearsQuery.data}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <MultiSelect
          name="typesDocuments"
          label={t('documents.filters.types')}
          options={(typesQuery.data ?? []).map((type) => ({
            value: type.id,
            label: english ? type.labelEn : type.label,
          }))}
          value={types}
          onChange={onTypesChange}
          disabled={!typesQuery.data}
        />
      </Grid>
    </Grid>
  );
}
