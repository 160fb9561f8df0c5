import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { DOCUMENT_PAGE_SIZE } from '@portail/contract/constants';
import type { SheetRow } from '@portail/contract/schemas/documents';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageTitle } from '../../components/page-title';
import { PdfViewerDialog, type ViewerTarget } from '../../components/pdf-viewer-dialog';
import type { TableQuery } from '../../components/table-query';
import { formatDate } from '../../lib/dates';
import { downloadContent, viewerTarget } from '../../lib/document-content';
import { localised, useEnglish } from '../../lib/localised';
import { useSheets } from './api/get-sheets';

/** The advice sheets (000 §2.14): creation date, name, view and download; 20 a page, newest first. */
export function SheetsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<TableQuery>({ page: 0, size: DOCUMENT_PAGE_SIZE });
  const [viewer, setViewer] = useState<ViewerTarget | null>(null);
  const { data, isFetching, isError } = useSheets(query.page + 1);
  const english = useEnglish();

  const columns = useMemo<GridColDef<SheetRow>[]>(() => {
    const nameOf = (row: SheetRow) => localised(english, row.nomDocument, row.nomDocumentEn);
    return [
      {
        field: 'dateCreation',
        headerName: t('sheets.columns.date'),
        width: 160,
        sortable: false,
        valueFormatter: (value: string) => formatDate(value),
      },
      {
        field: 'nomDocument',
        headerName: t('sheets.columns.name'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_value: string, row: SheetRow) => nameOf(row),
      },
      {
        field: 'actions',
        headerName: t('sheets.columns.actions'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
            <Tooltip title={t('documents.actions.view')}>
              <IconButton
                size="small"
                aria-label={t('documents.actions.viewNamed', { name: nameOf(row) })}
                onClick={() => setViewer(viewerTarget({ kind: 'sheet', id: row.id }, nameOf(row)))}
              >
                <VisibilityIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('documents.actions.download')}>
              <IconButton
                size="small"
                aria-label={t('documents.actions.downloadNamed', { name: nameOf(row) })}
                onClick={() => void downloadContent({ kind: 'sheet', id: row.id })}
              >
                <DownloadIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ),
      },
    ];
  }, [t, english]);

  return (
    <>
      <PageTitle>{t('routes.sheets')}</PageTitle>
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('sheets.loadError')}
        </Alert>
      )}
      <DataTable<SheetRow>
        label={t('sheets.table')}
        columns={columns}
        rows={isError ? [] : (data?.items ?? [])}
        rowCount={isError ? 0 : (data?.totalRows ?? 0)}
        loading={isFetching}
        query={query}
        onQueryChange={(next) => setQuery({ ...next, size: DOCUMENT_PAGE_SIZE })}
        noRowsLabel={t('sheets.empty')}
        pageSizeOptions={[DOCUMENT_PAGE_SIZE]}
      />
      <PdfViewerDialog target={viewer} onClose={() => setViewer(null)} />
    </>
  );
}
