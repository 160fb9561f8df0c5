import type { CheckupFilters } from '@portail/contract/schemas/checkups';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
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
      <PageTitle>{title}</PageTitle>
      <CheckupFiltersForm filters={filters} onSearch={onSearch} label={t('checkups.filters.title')} />
      {isError && (
        <RetryAlert spaced onRetry={onRetry}>
          {t('checkups.loadError')}
        </RetryAlert>
      )}
      <ExportButton onExport={onExport} disabled={isError} />
      {children}
    </>
  );
}
