import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CheckupFilters } from '@portail/contract/schemas/checkups';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckupFiltersForm } from './checkup-filters-form';
import { ExportButton } from './export-button';

export interface CheckupListLayoutProps {
  title: string;
  filters: CheckupFilters;
  onSearch: (filters: CheckupFilters) => void;
  onExport: () => Promise<void>;
  isError: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** Title, search, error, export button and table: the frame of both check-up screens. */
export function CheckupListLayout({
  title,
  filters,
  onSearch,
  onExport,
  isError,
  onRetry,
  children,
}: CheckupListLayoutProps) {
  const { t } = useTranslation();
  return (
    <>
      <Typography
        component="h1"
        variant="h4"
        gutterBottom
        sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {title}
      </Typography>
      <CheckupFiltersForm filters={filters} onSearch={onSearch} label={t('checkups.filters.title')} />
      {isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('checkups.loadError')}
        </Alert>
      )}
      <ExportButton onExport={onExport} disabled={isError} />
      {children}
    </>
  );
}
