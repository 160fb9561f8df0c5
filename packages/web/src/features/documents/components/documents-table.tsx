import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DOCUMENT_PAGE_SIZE } from '@portail/contract/constants';
import { type DocumentRow, displayedDocumentName } from '@portail/contract/schemas/documents';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDate } from '../../../lib/dates';
import type { ContentSource } from '../../../lib/document-content';
import { useEnglish } from '../../../lib/localised';
import { usePhone } from '../../../lib/use-phone';
import type { SelectionState } from '../use-selection';
import { AnnexesList } from './annexes-list';
import { ContentActions } from './content-actions';
import { DocumentCards } from './document-cards';

export interface DocumentsTableProps {
  /** Accessible name of the table. */
  label: string;
  rows: readonly DocumentRow[];
  /** An annexes expander on each row (CONS_MEDICAL lists, the home page's new documents). */
  annexes: boolean;
  selection: SelectionState;
  onView: (source: ContentSource, title: string) => void;
  onDownload: (source: ContentSource) => Promise<void>;
  loading?: boolean;
  /** Text of an empty table. */
  emptyLabel: string;
  /** Server pages (docs/documents-and-sheets.md#document-lists: 20 a page); none for the home page's short list. */
  paging?: { page: number; totalRows: number; onPageChange: (page: number) => void };
}

/**
 * What the table and the phone's cards share: the documents whose attachments are open, the
 * interface language of the labels, and how many of the page's documents are selected.
 */
export function useDocumentList(rows: readonly DocumentRow[], selection: SelectionState) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const english = useEnglish();
  const ids = rows.map((row) => row.id);
  const chosen = ids.filter((id) => selection.selection.documents.has(id)).length;
  const toggleOpen = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { open, toggleOpen, english, ids, chosen };
}

/**
 * Documents with row checkboxes, a header select-all, view and download actions, and for some lists
 * an expandable row of attachments (docs/home.md#new-documents, docs/documents-and-sheets.md#document-lists). A plain table rather than the data grid: the
 * grid's detail panels are not in its free edition, and every control here is a real button or
 * checkbox, reachable with Tab.
 */
export function DocumentsTable(props: DocumentsTableProps) {
  // A phone has no room for five columns: each document becomes a card.
  return usePhone() ? <DocumentCards {...props} /> : <WideDocumentsTable {...props} />;
}

function WideDocumentsTable({
  label,
  rows,
  annexes,
  selection,
  onView,
  onDownload,
  loading = false,
  emptyLabel,
  paging,
}: DocumentsTableProps) {
  const { t } = useTranslation();
  const { open, toggleOpen, english, ids, chosen } = useDocumentList(rows, selection);
  const columns = annexes ? 6 : 5;

  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('layout.loading')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={rows.length > 0 && chosen === rows.length}
                  indeterminate={chosen > 0 && chosen < rows.length}
                  disabled={rows.length === 0}
                  onChange={(event) => selection.setDocuments(ids, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('documents.selectAll') } }}
                />
              </TableCell>
              {annexes && (
                <TableCell padding="checkbox">
                  <Typography component="span" sx={visuallyHidden}>
                    {t('documents.columns.annexes')}
                  </Typography>
                </TableCell>
              )}
              <TableCell>{t('documents.columns.date')}</TableCell>
              <TableCell>{t('documents.columns.type')}</TableCell>
              <TableCell>{t('documents.columns.name')}</TableCell>
              <TableCell>{t('documents.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
                  {loading ? t('form.loading') : emptyLabel}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => {
              const name = displayedDocumentName(row);
              const source: ContentSource = { kind: 'document', id: row.id };
              const expanded = open.has(row.id);
              const annexCount = row.documentJointExtraciem.length + row.documentJointLSExtraciem.length;
              const panelId = `annexes-${row.id}`;
              return (
                <Fragment key={row.id}>
                  <TableRow hover selected={selection.selection.documents.has(row.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selection.selection.documents.has(row.id)}
                        onChange={(event) => selection.toggleDocument(row.id, event.target.checked)}
                        slotProps={{ input: { 'aria-label': t('documents.select', { name }) } }}
                      />
                    </TableCell>
                    {annexes && (
                      <TableCell padding="checkbox">
                        {annexCount > 0 && (
                          <IconButton
                            size="small"
                            onClick={() => toggleOpen(row.id)}
                            aria-expanded={expanded}
                            aria-controls={expanded ? panelId : undefined}
                            aria-label={t('documents.annexes.toggle', { name, count: annexCount })}
                          >
                            {expanded ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
                          </IconButton>
                        )}
                      </TableCell>
                    )}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.dateCreation)}</TableCell>
                    <TableCell>{english ? row.typeDocument.labelEn : row.typeDocument.label}</TableCell>
                    <TableCell>{name}</TableCell>
                    <TableCell>
                      <ContentActions
                        name={name}
                        onView={() => onView(source, name)}
                        onDownload={() => onDownload(source)}
                      />
                    </TableCell>
                  </TableRow>
                  {annexes && annexCount > 0 && (
                    <TableRow>
                      <TableCell colSpan={columns} sx={{ py: 0, borderBottom: expanded ? undefined : 0 }}>
                        <Collapse in={expanded} timeout="auto" unmountOnExit>
                          <Box id={panelId} sx={{ pl: 6, pb: 1 }}>
                            <AnnexesList
                              document={row}
                              selected={selection.selection.annexes}
                              onToggle={selection.toggleAnnex}
                              onView={onView}
                              onDownload={onDownload}
                            />
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          component="div"
          count={paging.totalRows}
          page={paging.page}
          rowsPerPage={DOCUMENT_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_, page) => paging.onPageChange(page)}
          labelDisplayedRows={({ from, to, count }) => t('documents.pager', { from, to, count })}
          getItemAriaLabel={(type) => t(`documents.pagerButtons.${type}`)}
        />
      )}
    </Paper>
  );
}
