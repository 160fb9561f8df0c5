import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type {
  ImportCheckReply,
  ImportRowStatus,
  ImportStatusReply,
} from '@portail/contract/schemas/participant-import';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { useConfirm } from '../../../components/confirm-provider';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatTime } from '../../../lib/dates';
import { runImport } from '../api/run-import';
import { useImportMessage } from './import-texts';
import { PreviewTable } from './preview-table';
import { noticeIcon, statusIcon } from './row-status';
import { StepHeading } from './step-heading';

/** A status, or the rows carrying a notice (whatever their status). */
type Filter = 'all' | ImportRowStatus | 'warning';
const FILTERS: readonly Filter[] = ['all', 'error', 'new', 'update', 'unchanged', 'warning'];
const FIRST_SIZE = 25;
/** Side by side, a button keeps its label on one line; stacked on a phone it may wrap. */
const NO_WRAP = { whiteSpace: { md: 'nowrap' }, flexShrink: 0 } as const;
const PAGE_SIZES = [FIRST_SIZE, 50, 100];

export interface PreviewStepProps {
  check: ImportCheckReply;
  /** Back to the file: a corrected one, or the same once the check has expired. */
  onUpload: () => void;
  /** The import started (its first state), or had been started already (null). */
  onStarted: (status: ImportStatusReply | null) => void;
  focus: boolean;
}

/**
 * Step 2: what importing each row would do, its problems on their cells, a page at a time; then the
 * import of the valid rows, the updates when asked, after a confirmation that says what will happen.
 */
export function PreviewStep({ check, onUpload, onStarted, focus }: PreviewStepProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const translate = useImportMessage();
  const headingId = useId();
  const { counts } = check;
  const [filter, setFilter] = useState<Filter>(counts.error > 0 ? 'error' : 'all');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(FIRST_SIZE);
  const [applyUpdates, setApplyUpdates] = useState(false);
  const [running, setRunning] = useState(false);
  const [expired, setExpired] = useState(false);
  // The import button, pressed, is disabled by an expired check: focus moves to the way out the alert offers.
  const uploadAgain = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (expired) uploadAgain.current?.focus();
  }, [expired]);

  const noticed = useMemo(() => check.rows.filter((row) => row.warnings.length > 0).length, [check.rows]);
  const filtered = useMemo(
    () =>
      filter === 'all'
        ? check.rows
        : filter === 'warning'
          ? check.rows.filter((row) => row.warnings.length > 0)
          : check.rows.filter((row) => row.status === filter),
    [check.rows, filter],
  );
  const pageRows = filtered.slice(page * size, (page + 1) * size);
  const toImport = counts.new + (applyUpdates ? counts.update : 0);
  const countOf = (wanted: Filter) =>
    wanted === 'all' ? counts.rows : wanted === 'warning' ? noticed : counts[wanted];

  const start = async () => {
    const updates = applyUpdates ? counts.update : 0;
    const message = [
      counts.new > 0 ? t('participantImport.confirm.create', { count: counts.new }) : '',
      updates > 0 ? t('participantImport.confirm.update', { count: updates }) : '',
      counts.rows - toImport > 0
        ? t('participantImport.confirm.left', { count: counts.rows - toImport })
        : '',
    ]
      .filter(Boolean)
      .join(' ');
    const confirmed = await confirm({
      title: t('participantImport.confirm.title'),
      message,
      confirmLabel: t('participantImport.confirm.confirm'),
    });
    if (!confirmed) return;
    setRunning(true);
    try {
      const outcome = await runImport(check.id, applyUpdates);
      if (outcome.kind === 'started') onStarted(outcome.status);
      else if (outcome.kind === 'alreadyRun') onStarted(null);
      else if (outcome.kind === 'expired') setExpired(true);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <StepHeading id={headingId} focus={focus}>
        {t('participantImport.preview.title')}
      </StepHeading>
      <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {t('participantImport.preview.read', { name: check.fileName, count: counts.rows })}{' '}
        {t('participantImport.preview.expires', { time: formatTime(check.expiresAt) })}
      </Typography>

      <Stack spacing={1} sx={{ mb: 2 }}>
        {check.unknownColumns.length > 0 && (
          <Alert severity="warning">
            <AlertTitle>{t('participantImport.preview.unknownColumns')}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {check.unknownColumns.map((column) => (
                <li key={column.position}>{translate(column.message)}</li>
              ))}
            </Box>
          </Alert>
        )}
        {check.skippedExampleLines.length > 0 && (
          <Alert severity="info">
            {t('participantImport.preview.skipped', { lines: check.skippedExampleLines.join(', ') })}
          </Alert>
        )}
        {counts.error > 0 && toImport > 0 && (
          <Alert severity="warning">{t('participantImport.preview.errorsLeft')}</Alert>
        )}
        {toImport === 0 && counts.new + counts.update === 0 && counts.error > 0 && (
          <Alert severity="warning">{t('participantImport.preview.nothing')}</Alert>
        )}
        {counts.new + counts.update + counts.error === 0 && (
          // The same file imported again: every row already holds what the participant's record holds.
          <Alert severity="success">
            {t('participantImport.preview.allUnchanged', { count: counts.unchanged })}
          </Alert>
        )}
      </Stack>

      <Box
        role="group"
        aria-label={t('participantImport.preview.countsLabel')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        {/* Rows with notices: a chip only when there are some (they are imported, not a status). */}
        {FILTERS.filter((option) => option !== 'warning' || noticed > 0).map((option) => {
          const selected = filter === option;
          return (
            <Chip
              key={option}
              label={t(`participantImport.preview.filters.${option}`, { count: countOf(option) })}
              icon={option === 'all' ? undefined : option === 'warning' ? noticeIcon() : statusIcon(option)}
              variant={selected ? 'filled' : 'outlined'}
              color={selected ? 'primary' : 'default'}
              aria-pressed={selected}
              onClick={() => {
                setFilter(option);
                setPage(0);
              }}
              sx={selected ? { '& .MuiChip-icon': { color: 'inherit' } } : undefined}
            />
          );
        })}
      </Box>

      {pageRows.length > 0 ? (
        <PreviewTable columns={[...check.columns].sort((a, b) => a.position - b.position)} rows={pageRows} />
      ) : (
        <Typography sx={{ py: 2 }}>{t('participantImport.preview.noRows')}</Typography>
      )}
      {filtered.length > FIRST_SIZE && (
        <TablePagination
          component="div"
          count={filtered.length}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('participantImport.preview.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('table.pager', { from, to, count })}
          getItemAriaLabel={(type) => t(`table.pagerButtons.${type}`)}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
        />
      )}

      {expired && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button ref={uploadAgain} color="inherit" size="small" onClick={onUpload}>
              {t('participantImport.run.uploadAgain')}
            </Button>
          }
        >
          {t('participantImport.run.expired')}
        </Alert>
      )}

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mt: 3, alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
      >
        <Button variant="outlined" onClick={onUpload} disabled={running} sx={NO_WRAP}>
          {t('participantImport.preview.reupload')}
        </Button>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          {counts.update > 0 && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={applyUpdates}
                  onChange={(event) => setApplyUpdates(event.target.checked)}
                  disabled={running}
                />
              }
              label={t('participantImport.preview.applyUpdates', { count: counts.update })}
            />
          )}
          <BusyButton
            variant="contained"
            onClick={() => void start()}
            disabled={toImport === 0 || expired}
            busy={running}
            sx={NO_WRAP}
          >
            {t('participantImport.preview.import', { count: toImport })}
          </BusyButton>
        </Stack>
      </Stack>
      <Box component="span" role="status" sx={visuallyHidden}>
        {running ? t('participantImport.preview.starting') : ''}
      </Box>
    </Box>
  );
}
