import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  AUDIT_EXPORT_MAX,
  type AuditEntry,
  type AuditQuery,
  auditActionGroup,
  auditQuery,
} from '@portail/contract/schemas/centre';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DetailsList } from '../../components/details-list';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import type { TableQuery } from '../../components/table-query';
import { formatDateTime } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';
import { saveFile } from '../../lib/save-file';
import { downloadAuditCsv, useAuditEvent, useAuditSearch } from './api/centre-api';
import { FilterSelect, PeriodFields, SearchForm, useFilterValues } from './components/filter-fields';
import { CentreListTable } from './components/list-table';
import { readListQuery, writeListQuery } from './list-query';

const FILTERS = ['participant', 'actor', 'action', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** Who acted, as a line: an account's identifier and kind, a system client's name, or nobody. */
function useActorText() {
  const { t } = useTranslation();
  return (entry: AuditEntry) =>
    entry.actor.kind === 'USER'
      ? `${entry.actor.login ?? `#${entry.actor.userId}`} (${t(`centre.kind.${entry.actor.accountKind ?? 'STAFF'}`)})`
      : entry.actor.kind === 'CLIENT'
        ? t('centre.audit.client', { name: entry.actor.name })
        : t('centre.audit.nobody');
}

function actionText(t: (key: string, options?: Record<string, unknown>) => string, action: string) {
  return t(`centre.event.${action}`, { defaultValue: action });
}

function FilterForm({ query, onApply }: { query: AuditQuery; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const { filters, set, setValue } = useFilterValues<Filters>(() => ({
    participant: query.participant === undefined ? '' : String(query.participant),
    actor: query.actor ?? '',
    action: query.action ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
  }));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const participant = filters.participant.trim();
    const bad = participant !== '' && !/^\d{1,10}$/.test(participant);
    setInvalid(bad);
    if (!bad) onApply({ ...filters, participant });
  };
  const wide = { flex: '1 1 12rem', minWidth: '10rem' };
  return (
    <SearchForm label={t('centre.audit.filters')} onSubmit={submit} alignItems="flex-start">
      <TextField
        label={t('centre.audit.participant')}
        value={filters.participant}
        onChange={set('participant')}
        error={invalid}
        helperText={invalid ? t('centre.audit.participantInvalid') : t('centre.audit.participantHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        sx={wide}
      />
      <TextField
        label={t('centre.audit.actor')}
        value={filters.actor}
        onChange={set('actor')}
        helperText={t('centre.audit.actorHelp')}
        slotProps={{ htmlInput: { maxLength: maxLengthOf(auditQuery.shape.actor) } }}
        sx={wide}
      />
      <FilterSelect
        label={t('centre.audit.action')}
        value={filters.action}
        onChange={set('action')}
        options={auditActionGroup.options}
        optionLabel={(group) => t(`centre.audit.group.${group}`)}
        sx={wide}
      />
      <PeriodFields from={filters.from} to={filters.to} onChange={setValue} sx={wide} />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        {t('centre.audit.search')}
      </Button>
    </SearchForm>
  );
}

/** One event in full: who, when, from where, about whom, and what it recorded. */
function EventDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const event = useAuditEvent(id);
  const actorText = useActorText();
  const data = event.data;
  return (
    <Dialog open={id !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('centre.audit.eventTitle', { id: id ?? '' })}</DialogTitle>
      <DialogContent>
        {event.isPending && <LinearProgress aria-label={t('layout.loading')} />}
        {event.isError && (
          <RetryAlert error={event.error} onRetry={() => void event.refetch()}>
            {t('centre.audit.eventError')}
          </RetryAlert>
        )}
        {data && (
          <>
            <DetailsList
              entries={[
                [t('centre.audit.at'), formatDateTime(data.at)],
                [t('centre.audit.action'), `${actionText(t, data.action)} (${data.action})`],
                [t('centre.audit.actor'), actorText(data)],
                [
                  t('centre.audit.participant'),
                  data.participantId === null
                    ? null
                    : `${data.participantName ?? ''} (${data.participantId})`,
                ],
                [t('centre.audit.target'), [data.targetType, data.targetId].filter(Boolean).join(' ')],
                [t('centre.audit.ip'), data.ip],
              ]}
            />
            <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
              {t('centre.audit.details')}
            </Typography>
            <Box
              component="pre"
              tabIndex={0}
              aria-label={t('centre.audit.details')}
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                bgcolor: 'action.hover',
                p: 1,
                borderRadius: 1,
              }}
            >
              {data.details ? JSON.stringify(data.details, null, 2) : t('app.none')}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('centre.audit.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The audit trail for the data-protection officer (issue 20): who opened a participant's results,
 * what a system client did, what the centre's staff changed, in a period; one event in full; the
 * search as a CSV file.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(auditQuery, params, FILTERS), [params]);
  const list = useAuditSearch(query);
  const actorText = useActorText();
  const [opened, setOpened] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  const apply = (filters: Filters) =>
    setParams(writeListQuery(readListQuery(auditQuery, writeListQuery({ ...filters, page: 0 }), FILTERS)), {
      replace: true,
    });
  const onQueryChange = (table: TableQuery) =>
    setParams(writeListQuery({ ...query, page: table.page, size: table.size }), { replace: true });
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, size: _size, ...filter } = query;
      const { blob, fileName } = await downloadAuditCsv({ ...filter, langue: currentLanguage() });
      saveFile(blob, fileName ?? 'audit.csv');
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo<GridColDef<AuditEntry>[]>(
    () => [
      {
        field: 'at',
        headerName: t('centre.audit.at'),
        minWidth: 140,
        sortable: false,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'action',
        headerName: t('centre.audit.action'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => actionText(t, row.action),
      },
      {
        field: 'actor',
        headerName: t('centre.audit.actor'),
        minWidth: 190,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => actorText(row),
      },
      {
        field: 'participant',
        headerName: t('centre.audit.participant'),
        minWidth: 170,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) =>
          row.participantId === null ? '' : `${row.participantName ?? ''} (${row.participantId})`,
      },
      { field: 'ip', headerName: t('centre.audit.ip'), minWidth: 120, sortable: false },
    ],
    [t, actorText],
  );

  return (
    <>
      <PageTitle>{t('routes.centre.audit')}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('centre.audit.intro')}</Typography>
      <FilterForm key={params.toString()} query={query} onApply={apply} />
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1,
          mb: 1,
        }}
      >
        <Typography role="status">
          {list.data ? t('centre.audit.found', { count: list.data.totalRows }) : ''}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void exportCsv()}
          disabled={exporting || !list.data || list.data.totalRows === 0}
        >
          {t('centre.audit.export', {
            max: AUDIT_EXPORT_MAX.toLocaleString(i18n.language === 'en_EN' ? 'en-GB' : 'fr-FR'),
          })}
        </Button>
      </Box>
      <CentreListTable<AuditEntry>
        list={list}
        loadError={t('centre.audit.loadError')}
        label={t('routes.centre.audit')}
        columns={columns}
        query={query}
        onQueryChange={onQueryChange}
        onRowClick={(row) => setOpened(row.id)}
        noRowsLabel={t('centre.audit.none')}
      />
      <EventDialog id={opened} onClose={() => setOpened(null)} />
    </>
  );
}
