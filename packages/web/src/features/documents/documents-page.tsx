import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DOCUMENT_CATEGORIES } from '@portail/contract/routes';
import type { DocumentCategory } from '@portail/contract/schemas/documents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { PdfViewerDialog } from '../../components/pdf-viewer-dialog';
import { RetryAlert } from '../../components/retry-alert';
import { failureKey } from '../../lib/failure-key';
import { useDocumentTypes, useDocumentYears } from './api/get-document-filters';
import { useDocuments } from './api/get-documents';
import { DocumentFilters } from './components/document-filters';
import { DocumentsTable } from './components/documents-table';
import { SendButton } from './components/send-button';
import { SendDialog } from './components/send-dialog';
import { documentSearch, effectiveSelection } from './document-search';
import { useDocumentActions } from './use-document-actions';

type RouteName = keyof typeof DOCUMENT_CATEGORIES;

function routeName(pathname: string): RouteName | null {
  const name = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return name in DOCUMENT_CATEGORIES ? (name as RouteName) : null;
}

/** One category's list: filters, table, viewer and send dialog (docs/documents-and-sheets.md#document-lists). */
function CategoryDocuments({ name, category }: { name: RouteName; category: DocumentCategory }) {
  const { t } = useTranslation();
  const years = useDocumentYears();
  const types = useDocumentTypes(category);
  // null: untouched, which means every year (type) loaded (docs/documents-and-sheets.md#document-lists: all selected by default).
  const [chosenYears, setChosenYears] = useState<number[] | null>(null);
  const [chosenTypes, setChosenTypes] = useState<number[] | null>(null);
  const [page, setPage] = useState(0);
  const actions = useDocumentActions();
  const { selection } = actions;

  const yearList = effectiveSelection(chosenYears, years.data);
  const typeList = effectiveSelection(
    chosenTypes,
    types.data?.map((type) => type.id),
  );
  const loaded = years.data !== undefined && types.data !== undefined;
  const search = loaded
    ? documentSearch(category, page, yearList, typeList)
    : { params: null, messageKey: null };
  const list = useDocuments(search.params);
  const rows = search.params ? (list.data?.items ?? []) : [];

  // A filter change shows a new list: back to its first page, nothing selected behind the user's back.
  const changeYears = (next: number[]) => {
    setChosenYears(next);
    setPage(0);
    selection.clear();
  };
  const changeTypes = (next: number[]) => {
    setChosenTypes(next);
    setPage(0);
    selection.clear();
  };

  const heading = (
    <Typography component="h2" variant="h5" gutterBottom>
      {t(`routes.documents.${name}`)}
    </Typography>
  );
  // The filters could not load: say so and offer to ask again, no empty list beside it.
  if (years.isError || types.isError)
    return (
      <>
        {heading}
        <RetryAlert
          onRetry={() => {
            if (years.isError) void years.refetch();
            if (types.isError) void types.refetch();
          }}
        >
          {years.isError
            ? t(failureKey(years.error, 'documents.error.years'))
            : t(failureKey(types.error, 'documents.error.types'))}
        </RetryAlert>
      </>
    );
  // No balance-sheet year at all: the participant has no document yet, there is nothing to choose.
  if (years.data?.length === 0)
    return (
      <>
        {heading}
        <Alert severity="info" role="status">
          {t('documents.noneYet')}
        </Alert>
      </>
    );

  return (
    <>
      {heading}
      <DocumentFilters
        category={category}
        years={yearList}
        types={typeList}
        onYearsChange={changeYears}
        onTypesChange={changeTypes}
      />
      {search.messageKey && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {t(search.messageKey)}
        </Alert>
      )}
      {list.isError && search.params ? (
        <RetryAlert error={list.error} onRetry={() => void list.refetch()}>
          {t('documents.error.list')}
        </RetryAlert>
      ) : (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <SendButton count={selection.count} onClick={actions.openSend} />
          </Box>
          <DocumentsTable
            label={t('documents.table', { category: t(`routes.documents.${name}`) })}
            rows={rows}
            annexes={category === 'CONS_MEDICAL'}
            selection={selection}
            onView={actions.onView}
            onDownload={actions.onDownload}
            loading={search.params !== null && list.isFetching}
            emptyLabel={t('documents.empty')}
            paging={{
              page,
              totalRows: search.params ? (list.data?.totalRows ?? 0) : 0,
              onPageChange: setPage,
            }}
          />
        </>
      )}
      <PdfViewerDialog target={actions.viewer} onClose={actions.closeViewer} />
      <SendDialog
        open={actions.sendOpen}
        selection={selection.selection}
        onClose={actions.closeSend}
        onSent={actions.sent}
      />
    </>
  );
}

/**
 * "Mon Dossier Médical" (docs/documents-and-sheets.md#document-lists): the four document routes share this page; the category comes
 * from the path, and a change of category starts afresh (filters, page, selection).
 */
export function DocumentsPage() {
  const { t } = useTranslation();
  const name = routeName(useLocation().pathname);
  if (!name) return null;
  const category = DOCUMENT_CATEGORIES[name];
  return (
    <>
      <PageTitle>{t('documents.title')}</PageTitle>
      <CategoryDocuments key={category} name={name} category={category} />
    </>
  );
}
