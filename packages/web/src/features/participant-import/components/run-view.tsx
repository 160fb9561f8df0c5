import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import type { ImportStatusReply } from '@portail/contract/schemas/participant-import';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { RetryAlert } from '../../../components/retry-alert';
import { visuallyHidden } from '../../../components/visually-hidden';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/localised';
import { participantKeys } from '../../participants';
import { downloadReport } from '../api/download-import-files';
import { isRunning, useImportStatus } from '../api/get-import-status';
import { columnLabel, formatCount, formatPercent, useImportMessage } from './import-texts';
import { StepHeading } from './step-heading';

export interface RunViewProps {
  id: string;
  /** The state the start of the import answered, shown before the first reading. */
  initial?: ImportStatusReply;
  onAnother: () => void;
  focus: boolean;
}

/** Steps 3 and 4: the progress of an import while it runs, then its report. */
export function RunView({ id, initial, onAnother, focus }: RunViewProps) {
  const { t } = useTranslation();
  const status = useImportStatus(id, initial);
  const queryClient = useQueryClient();
  const finished = status.data !== undefined && !isRunning(status.data);

  // Created and updated participants show in the list once the import is over.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: participantKeys.all });
  }, [finished, queryClient]);

  // One status region for the whole run, there before the first figure: what it says as it changes
  // is read out (a region and its text appearing together may not be).
  const announced = useRunAnnouncement(status.data);
  const announcement = (
    <Box component="span" role="status" sx={visuallyHidden}>
      {announced}
    </Box>
  );
  if (status.isError && status.data === undefined) {
    if (isApiError(status.error) && status.error.status === 404)
      return <ImportNotFound onAnother={onAnother} />;
    return (
      <RetryAlert error={status.error} onRetry={() => void status.refetch()}>
        {t('participantImport.report.loadError')}
      </RetryAlert>
    );
  }
  return (
    <>
      {status.data === undefined ? (
        <CircularProgress aria-label={t('form.loading')} />
      ) : finished ? (
        <Report status={status.data} onAnother={onAnother} focus={focus} />
      ) : (
        <Progress status={status.data} focus={focus} />
      )}
      {announcement}
    </>
  );
}

/** What the run did to the rows, labelled: the report shows them and the status region says them. */
function rowFigures(t: TFunction, status: ImportStatusReply): [string, number][] {
  return [
    [t('participantImport.report.created'), status.created],
    [t('participantImport.report.updated'), status.updated],
    [t('participantImport.report.unchanged'), status.unchanged],
    [t('participantImport.report.refused'), status.refused],
  ];
}

/** Progress is told every tenth of the rows, not at each reading (every second). */
const ANNOUNCED_STEP = 10;

/**
 * What the status region says: while the import runs, how far it is, a tenth at a time; once it is
 * over, its outcome and the rows' figures (not the activation mails', which keep changing for minutes
 * after and would be read again each time).
 */
function useRunAnnouncement(status: ImportStatusReply | undefined): string {
  const { t } = useTranslation();
  const language = useLanguage();
  if (status === undefined) return '';
  if (isRunning(status)) {
    const percent = status.total > 0 ? (status.done / status.total) * 100 : 0;
    const step = Math.floor(percent / ANNOUNCED_STEP) * ANNOUNCED_STEP;
    return t('participantImport.progress.announce', { percent: formatPercent(step, language) });
  }
  const figures = rowFigures(t, status);
  return t('participantImport.report.announce', {
    outcome: t(
      status.state === 'failed' ? 'participantImport.report.failed' : 'participantImport.report.done',
      {
        name: status.fileName,
      },
    ),
    figures: figures
      .map(([label, value]) =>
        t('participantImport.report.figure', { label, value: formatCount(value, language) }),
      )
      .join(', '),
  });
}

/** An import the address names that does not exist (expired, another account's, a mistyped address). */
export function ImportNotFound({ onAnother }: { onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onAnother}>
          {t('participantImport.report.another')}
        </Button>
      }
    >
      {t('participantImport.report.notFound')}
    </Alert>
  );
}

function Progress({ status, focus }: { status: ImportStatusReply; focus: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const percent = status.total > 0 ? Math.round((status.done / status.total) * 100) : 0;
  const text = t('participantImport.progress.text', { done: status.done, total: status.total });
  return (
    <Box component="section" aria-labelledby={headingId}>
      <StepHeading id={headingId} focus={focus}>
        {t('participantImport.progress.title')}
      </StepHeading>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('participantImport.progress.label')}
        aria-valuetext={text}
        sx={{ height: 10, borderRadius: 5, my: 2 }}
      />
      <Typography aria-hidden>{text}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('participantImport.progress.help')}
      </Typography>
    </Box>
  );
}

const REFUSALS_PAGE = 25;

function Report({
  status,
  onAnother,
  focus,
}: {
  status: ImportStatusReply;
  onAnother: () => void;
  focus: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const translate = useImportMessage();
  const headingId = useId();
  const refusalsId = useId();
  const [downloading, setDownloading] = useState<'idle' | 'busy' | 'done'>('idle');
  const [page, setPage] = useState(0);

  const download = async () => {
    setDownloading('busy');
    try {
      await downloadReport(status.id, language);
      setDownloading('done');
    } catch {
      // Told by the API client's toast.
      setDownloading('idle');
    }
  };

  const figures: [string, number][] = [
    ...rowFigures(t, status),
    [t('participantImport.report.activationsSent'), status.activationsSent],
    [t('participantImport.report.activationsQueued'), status.activationsQueued],
    ...(status.activationsFailed > 0
      ? ([[t('participantImport.report.activationsFailed'), status.activationsFailed]] as [string, number][])
      : []),
  ];

  return (
    <Box component="section" aria-labelledby={headingId}>
      <StepHeading id={headingId} focus={focus}>
        {t('participantImport.report.title')}
      </StepHeading>
      <Alert
        severity={status.state === 'failed' ? 'error' : 'success'}
        // Said by the run's status region, with the figures: an alert would say it a second time.
        role="none"
        sx={{ mb: 2, overflowWrap: 'anywhere' }}
      >
        {t(status.state === 'failed' ? 'participantImport.report.failed' : 'participantImport.report.done', {
          name: status.fileName,
        })}
      </Alert>

      <Typography component="h3" variant="h6" gutterBottom>
        {t('participantImport.report.counts')}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
          gap: 1,
          m: 0,
        }}
      >
        {figures.map(([label, value]) => (
          <Paper
            key={label}
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end' }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
      {status.activationsQueued > 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('participantImport.report.queuedHelp')}
        </Typography>
      )}
      {status.activationsFailed > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('participantImport.report.failedHelp', { count: status.activationsFailed })}
        </Alert>
      )}

      {status.refusals.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Typography component="h3" variant="h6" id={refusalsId} gutterBottom>
            {t('participantImport.report.refusals')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('participantImport.report.refusalsHelp')}</Typography>
          <TableContainer
            tabIndex={0}
            role="region"
            aria-labelledby={refusalsId}
            sx={{
              position: 'relative',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
            }}
          >
            <Table size="small" aria-labelledby={refusalsId}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600, width: 90 }}>
                    {t('participantImport.preview.line')}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('participantImport.report.why')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {status.refusals.slice(page * REFUSALS_PAGE, (page + 1) * REFUSALS_PAGE).map((refusal) => (
                  <TableRow key={refusal.line}>
                    <TableCell component="th" scope="row">
                      {refusal.line}
                    </TableCell>
                    <TableCell>
                      {refusal.errors.map((error, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a row's messages never move
                        <Box key={index}>
                          {error.column
                            ? t('participantImport.preview.columnMessage', {
                                column: columnLabel(error.column, language),
                                message: translate(error.message),
                              })
                            : translate(error.message)}
                        </Box>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {status.refusals.length > REFUSALS_PAGE && (
            <TablePagination
              component="div"
              count={status.refusals.length}
              page={page}
              rowsPerPage={REFUSALS_PAGE}
              rowsPerPageOptions={[]}
              onPageChange={(_, next) => setPage(next)}
              labelDisplayedRows={({ from, to, count }) => t('table.pager', { from, to, count })}
              getItemAriaLabel={(type) => t(`table.pagerButtons.${type}`)}
              sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
            />
          )}
        </Box>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
        <BusyButton
          variant="contained"
          onClick={() => void download()}
          busy={downloading === 'busy'}
          startIcon={<FileDownloadIcon />}
        >
          {t('participantImport.report.download')}
        </BusyButton>
        <Button variant="outlined" component={RouterLink} to={SCREENS.participants.path}>
          {t('participantImport.report.back')}
        </Button>
        <Button variant="outlined" onClick={onAnother}>
          {t('participantImport.report.another')}
        </Button>
      </Stack>
      <Box component="span" role="status" sx={visuallyHidden}>
        {downloading === 'busy'
          ? t('participantImport.upload.downloading')
          : downloading === 'done'
            ? t('participantImport.report.downloaded')
            : ''}
      </Box>
    </Box>
  );
}
