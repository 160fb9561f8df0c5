import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Language } from '@portail/contract/constants';
import { headerKey } from '@portail/contract/rules/participant-import';
import type {
  ImportCellError,
  ImportCheckedRow,
  ImportCheckReply,
  ImportDifference,
} from '@portail/contract/schemas/participant-import';
import { type FocusEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useLanguage } from '../../../lib/localised';
import { cellDisplay, columnLabel, useImportMessage } from './import-texts';
import { statusIcon } from './row-status';

/** The width of the line numbers' column, which stays in view as the rows scroll sideways. */
const LINE_WIDTH = 72;

/**
 * A cell with a problem or a notice that the keyboard focuses is shown whole: the browser counts a cell half hidden
 * under the line numbers (which stay in view) as shown, and does not scroll to it.
 */
function showWholeCell(event: FocusEvent<HTMLElement>) {
  const box = event.currentTarget;
  const cell = event.target;
  if (cell === box || cell.tagName !== 'TD') return;
  const frame = box.getBoundingClientRect();
  const left = frame.left + box.clientLeft + LINE_WIDTH;
  const right = frame.left + box.clientLeft + box.clientWidth;
  const { left: cellLeft, right: cellRight } = cell.getBoundingClientRect();
  if (cellLeft < left) box.scrollLeft -= left - cellLeft;
  else if (cellRight > right) box.scrollLeft += Math.min(cellRight - right, cellLeft - left);
}

export interface PreviewTableProps {
  columns: ImportCheckReply['columns'];
  /** The rows of the current page only: a file may hold thousands. */
  rows: readonly ImportCheckedRow[];
}

/**
 * How a message under a value looks. An error is red. A notice (docs/participant-import.md#updates:
 * what the import will not do with the cell) does not stop the row, so it is not red: an amber icon and
 * text in the body's ink. Each says its kind to a screen reader ("Error:", "Notice:").
 */
const LINE_KINDS = {
  error: {
    Icon: ErrorOutlineIcon,
    ink: 'error.dark',
    iconInk: 'inherit',
    prefix: 'participantImport.preview.errorPrefix',
  },
  notice: {
    Icon: WarningAmberIcon,
    ink: 'text.primary',
    iconInk: 'warning.dark',
    prefix: 'participantImport.preview.warningPrefix',
  },
} as const;

/** A message under a value: an icon and its text, readable without a pointer. */
function MessageLine({ kind, message }: { kind: keyof typeof LINE_KINDS; message: ImportCellError }) {
  const { t } = useTranslation();
  const translate = useImportMessage();
  const { Icon, ink, iconInk, prefix } = LINE_KINDS[kind];
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', color: ink, mt: 0.5 }}>
      <Icon fontSize="small" aria-hidden sx={{ mt: '1px', color: iconInk }} />
      <span>
        <Box component="span" sx={visuallyHidden}>
          {t(prefix)}{' '}
        </Box>
        {translate(message.message)}
      </span>
    </Box>
  );
}

/** A message not on a shown cell (the whole row's, or a column the grid does not show), beside the status. */
const besideStatus = (
  message: ImportCellError,
  language: Language,
  translate: ReturnType<typeof useImportMessage>,
): ImportCellError =>
  message.column === null
    ? message
    : {
        ...message,
        message: {
          key: 'participantImport.preview.columnMessage',
          params: { column: columnLabel(message.column, language), message: translate(message.message) },
        },
      };

function Before({ difference }: { difference: ImportDifference }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', color: 'text.secondary', mt: 0.5 }}>
      <EditOutlinedIcon fontSize="small" aria-hidden sx={{ mt: '1px' }} />
      <span>
        <Box component="span" sx={visuallyHidden}>
          {t('participantImport.preview.changed')}.{' '}
        </Box>
        {t('participantImport.preview.before', {
          value:
            cellDisplay(difference.column, difference.before) || t('participantImport.preview.emptyValue'),
        })}
      </span>
    </Box>
  );
}

function Value({ text }: { text: string | undefined }) {
  const { t } = useTranslation();
  return text ? (
    <span>{text}</span>
  ) : (
    <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
      {t('participantImport.preview.emptyValue')}
    </Box>
  );
}

/**
 * The checked rows of one page: the line, what importing it would do, then the file's columns. A cell
 * in error is tinted, edged and marked with an icon, and its message is written under its value; a
 * cell with a notice likewise in amber; a value an update would change shows what the record held before.
 */
export function PreviewTable({ columns, rows }: PreviewTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const translate = useImportMessage();
  const captionId = useId();
  const shown = new Set(columns.map((column) => column.key));

  return (
    <TableContainer
      // Wide: it scrolls inside its own box, which the keyboard can scroll too.
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
      onFocus={showWholeCell}
      sx={{
        // Relative: the texts hidden for the eye (positioned) stay inside the box, not past the page's edge.
        position: 'relative',
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Table size="small" sx={{ '& td, & th': { verticalAlign: 'top' } }}>
        <Box component="caption" id={captionId} sx={visuallyHidden}>
          {t('participantImport.preview.table')}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell
              sx={{
                position: 'sticky',
                left: 0,
                zIndex: 1,
                bgcolor: 'background.paper',
                fontWeight: 600,
                width: LINE_WIDTH,
                minWidth: LINE_WIDTH,
                boxSizing: 'border-box',
              }}
            >
              {t('participantImport.preview.line')}
            </TableCell>
            <TableCell sx={{ minWidth: 170, fontWeight: 600 }}>
              {t('participantImport.preview.status')}
            </TableCell>
            {columns.map((column) => {
              const label = columnLabel(column.key, language);
              return (
                <TableCell key={column.key} sx={{ minWidth: 150, fontWeight: 600 }}>
                  {label}
                  {headerKey(column.header) !== headerKey(label) && (
                    <Box
                      component="span"
                      sx={{ display: 'block', fontWeight: 400, color: 'text.secondary', fontSize: '0.75rem' }}
                    >
                      {t('participantImport.preview.fileHeader', { header: column.header })}
                    </Box>
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const offCells = (message: ImportCellError) =>
              message.column === null || !shown.has(message.column);
            const rowErrors = row.errors.filter(offCells);
            const rowWarnings = row.warnings.filter(offCells);
            // Named beside the status: on a phone the cells in error may be far to the right.
            const columnsOf = (messages: readonly ImportCellError[]) => [
              ...new Set(messages.flatMap((message) => (offCells(message) ? [] : [message.column ?? '']))),
            ];
            const cellErrorColumns = columnsOf(row.errors);
            const cellWarningColumns = columnsOf(row.warnings);
            const otherDifferences = row.differences.filter((difference) => !shown.has(difference.column));
            return (
              <TableRow key={row.line} data-line={row.line}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', fontWeight: 600 }}
                >
                  {row.line}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    icon={statusIcon(row.status)}
                    label={t(`participantImport.preview.statuses.${row.status}`)}
                  />
                  {cellErrorColumns.length > 0 && (
                    <Box sx={{ mt: 0.5, fontSize: '0.875rem' }}>
                      {t('participantImport.preview.errorColumns', {
                        columns: cellErrorColumns.map((key) => columnLabel(key, language)).join(', '),
                      })}
                    </Box>
                  )}
                  {cellWarningColumns.length > 0 && (
                    <Box sx={{ mt: 0.5, fontSize: '0.875rem' }}>
                      {t('participantImport.preview.warningColumns', {
                        columns: cellWarningColumns.map((key) => columnLabel(key, language)).join(', '),
                      })}
                    </Box>
                  )}
                  {rowErrors.map((error, index) => (
                    <MessageLine
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's messages never move
                      key={index}
                      kind="error"
                      message={besideStatus(error, language, translate)}
                    />
                  ))}
                  {rowWarnings.map((warning, index) => (
                    <MessageLine
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's messages never move
                      key={index}
                      kind="notice"
                      message={besideStatus(warning, language, translate)}
                    />
                  ))}
                  {otherDifferences.map((difference) => (
                    <Box key={difference.column} sx={{ mt: 0.5, fontSize: '0.875rem' }}>
                      {t('participantImport.preview.otherDifference', {
                        column: columnLabel(difference.column, language),
                        before:
                          cellDisplay(difference.column, difference.before) ||
                          t('participantImport.preview.emptyValue'),
                        after:
                          cellDisplay(difference.column, difference.after) ||
                          t('participantImport.preview.emptyValue'),
                      })}
                    </Box>
                  ))}
                </TableCell>
                {columns.map((column) => {
                  const errors = row.errors.filter((error) => error.column === column.key);
                  const warnings = row.warnings.filter((warning) => warning.column === column.key);
                  const difference = row.differences.find((change) => change.column === column.key);
                  const tint =
                    errors.length > 0
                      ? 'error'
                      : warnings.length > 0
                        ? 'warning'
                        : difference
                          ? 'primary'
                          : null;
                  return (
                    <TableCell
                      key={column.key}
                      data-column={column.key}
                      data-invalid={errors.length > 0 || undefined}
                      data-notice={warnings.length > 0 || undefined}
                      // Each cell with a problem or a notice is a stop of the Tab order: the keyboard goes from one to
                      // the next, the box scrolling to each, and a screen reader reads the cell (its column, value and
                      // message) as it gets the focus.
                      tabIndex={errors.length > 0 || warnings.length > 0 ? 0 : undefined}
                      sx={{
                        overflowWrap: 'anywhere',
                        // A message under the value reads as lines, not as a column of single words.
                        ...(errors.length + warnings.length > 0 ? { minWidth: 220 } : {}),
                        ...(tint
                          ? {
                              bgcolor: (theme) => alpha(theme.palette[tint].main, 0.07),
                              boxShadow: (theme) => `inset 3px 0 0 ${theme.palette[tint].main}`,
                              // Inside the cell (the box clips what passes its edges), over the tint's edge.
                              '&&&:focus-visible': {
                                outline: (theme) => `2px solid ${theme.palette.primary.main}`,
                                outlineOffset: '-2px',
                                boxShadow: (theme) => `inset 3px 0 0 ${theme.palette[tint].main}`,
                              },
                            }
                          : {}),
                      }}
                    >
                      <Value text={cellDisplay(column.key, row.cells[column.key] ?? '')} />
                      {errors.map((error, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a cell's messages never move
                        <MessageLine key={index} kind="error" message={error} />
                      ))}
                      {warnings.map((warning, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a cell's messages never move
                        <MessageLine key={index} kind="notice" message={warning} />
                      ))}
                      {difference && <Before difference={difference} />}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
