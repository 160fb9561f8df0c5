import type { CheckupFilters } from '@portail/contract/schemas/checkups';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import type { ScopeOrganisations } from '../../../lib/scope-organisations';
import { CheckupFiltersForm, useCheckupFiltersForm, validFilters } from './checkup-filters-form';
import { ExportButton } from './export-button';

export interface CheckupListLayoutProps {
  title: string;
  filters: CheckupFilters;
  onSearch: (filters: CheckupFilters) => void;
  /** Exports these filters (those of the form, once valid and applied to the list too). */
  onExport: (filters: CheckupFilters) => Promise<void>;
  isError: boolean;
  /** Why the list failed, said beside the Retry. */
  error: unknown;
  onRetry: () => void;
  organisations: ScopeOrganisations;
  children: ReactNode;
}

/** Title, search, error, export button and table: the frame of both check-up screens. */
export function CheckupListLayout({
  title,
  filters,
  onSearch,
  onExport,
  isError,
  error,
  onRetry,
  organisations,
  children,
}: CheckupListLayoutProps) {
  const { t } = useTranslation();
  const form = useCheckupFiltersForm(filters);

  // One set of filters drives the list and the file: the form's, as a search would take them. An
  // invalid form shows its errors and downloads nothing; a valid one is also applied to the list, so
  // the file holds what the screen then shows.
  const exportShown = async (): Promise<boolean> => {
    const shown = await validFilters(form);
    if (!shown) return false;
    onSearch(shown);
    await onExport(shown);
    return true;
  };

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <CheckupFiltersForm
        form={form}
        onSearch={onSearch}
        label={t('checkups.filters.title')}
        organisations={organisations}
      />
      {isError && (
        <RetryAlert spaced error={error} onRetry={onRetry}>
          {t('checkups.loadError')}
        </RetryAlert>
      )}
      <ExportButton onExport={exportShown} disabled={isError} />
      {children}
    </>
  );
}
