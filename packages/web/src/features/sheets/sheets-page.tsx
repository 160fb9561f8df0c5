import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { DOCUMENT_PAGE_SIZE } from '@portail/contract/constants';
import type { SheetRow } from '@portail/contract/schemas/documents';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPager } from '../../components/card-pager';
import { DataTable } from '../../components/data-table';
import { PageTitle } from '../../components/page-title';
import { PdfViewerDialog, type ViewerTarget } from '../../components/pdf-viewer-dialog';
import { RetryAlert } from '../../components/retry-alert';
import type { TableQuery } from '../../components/table-query';
import { formatDate } from '../../lib/dates';
import { downloadContent, viewerTarget } from '../../lib/document-content';
import { localised, useEnglish } from '../../lib/localised';
import { usePhone } from '../../lib/use-phone';
import { useSheets } from './api/get-sheets';

/** A sheet's title in the interface language. */
function useSheetName(): (row: SheetRow) => string {
  const english = useEnglish();
  return useCallback((row: SheetRow) => localised(english, row.nomDocument, row.nomDocumentEn), [english]);
}

/** View and download of one sheet. */
function SheetActions({ row, onView }: { row: SheetRow; onView: (target: ViewerTarget) => void }) {
  const { t } = useTranslation();
  const name = useSheetName()(row);
  return (
    <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
      <Tooltip title={t('documents.actions.view')}>
        <IconButton
          size="small"
          aria-label={t('documents.actions.viewNamed', { name })}
          onClick={() => onView(viewerTarget({ kind: 'sheet', id: row.id }, name))}
        >
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('documents.actions.download')}>
        <IconButton
          size="small"
          aria-label={t('documents.actions.downloadNamed', { name })}
          onClick={() => void downloadContent({ kind: 'sheet', id: row.id })}
        >
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The sheets on a phone: one card each, date and name, the actions beside them. */
function SheetCards({
  rows,
  totalRows,
  loading,
  page,
  onPageChange,
  onView,
}: {
  rows: readonly SheetRow[];
  totalRows: number;
  loading: boolean;
  page: number;
  onPageChange: (page: number) => void;
  onView: (target: ViewerTarget) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useSheetName();
  return (
    <Box aria-busy={loading}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('layout.loading')} />}</Box>
      {rows.length === 0 ? (
        <Typography sx={{ py: 2, color: 'text.secondary' }}>
          {loading ? t('form.loading') : t('sheets.empty')}
        </Typography>
      ) : (
        <Stack
          component="ul"
          aria-label={t('sheets.table')}
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {rows.map((row) => (
            <Paper component="li" variant="outlined" key={row.id} sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {formatDate(row.dateCreation)}
                  </Typography>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{nameOf(row)}</Typography>
                </Box>
                <SheetActions row={row} onView={onView} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <CardPager page={page} size={DOCUMENT_PAGE_SIZE} totalRows={totalRows} onPageChange={onPageChange} />
    </Box>
  );
}

/**
 * The advice sheets (docs/documents-and-sheets.md#sheets): creation date, name, view and download; 20 a page, newest first.
 * A table on a large screen, cards on a phone; a failed load says so with a Retry button.
 */
export function SheetsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<TableQuery>({ page: 0, size: DOCUMENT_PAGE_SIZE });
  const [viewer, setViewer] = useState<ViewerTarget | null>(null);
  const { data, isFetching, isError, error, refetch } = useSheets(query.page + 1);
  const phone = usePhone();
  const nameOf = useSheetName();

  const columns = useMemo<GridColDef<SheetRow>[]>(() => {
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
        renderCell: ({ row }) => <SheetActions row={row} onView={setViewer} />,
      },
    ];
  }, [t, nameOf]);

  return (
    <>
      <PageTitle>{t('routes.sheets')}</PageTitle>
      {isError ? (
        <RetryAlert error={error} onRetry={() => void refetch()}>
          {t('sheets.loadError')}
        </RetryAlert>
      ) : phone ? (
        <SheetCards
          rows={data?.items ?? []}
          totalRows={data?.totalRows ?? 0}
          loading={isFetching}
          page={query.page}
          onPageChange={(page) => setQuery({ page, size: DOCUMENT_PAGE_SIZE })}
          onView={setViewer}
        />
      ) : (
        <DataTable<SheetRow>
          label={t('sheets.table')}
          columns={columns}
          rows={data?.items ?? []}
          rowCount={data?.totalRows ?? 0}
          loading={isFetching}
          query={query}
          onQueryChange={(next) => setQuery({ ...next, size: DOCUMENT_PAGE_SIZE })}
          noRowsLabel={t('sheets.empty')}
          pageSizeOptions={[DOCUMENT_PAGE_SIZE]}
        />
      )}
      <PdfViewerDialog target={viewer} onClose={() => setViewer(null)} />
    </>
  );
}
