import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { SCREENS, screenPath } from '@portail/contract/routes';
import {
  type Delivery,
  type DeliveryQuery,
  type DeliveryStatus,
  deliveryQuery,
  deliveryStatus,
  messagePurpose,
} from '@portail/contract/schemas/centre';
import type { Message } from '@portail/contract/schemas/common';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import type { TableQuery } from '../../components/table-query';
import { formatDateTime } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useDeliveries, useResendDelivery } from './api/centre-api';
import { FilterSelect, PeriodFields, SearchForm, useFilterValues } from './components/filter-fields';
import { CentreListTable } from './components/list-table';
import { ReasonDialog } from './components/reason-dialog';
import { DeliveryStatusChip } from './components/state-chip';
import { readListQuery, refusalMessages, writeListQuery } from './list-query';

const FILTERS = ['status', 'channel', 'purpose', 'recipient', 'from', 'to', 'account'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;
const CHANNELS = ['SMS', 'MAIL'] as const;

function FilterForm({ query, onApply }: { query: DeliveryQuery; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const { filters, set, setValue } = useFilterValues<Filters>(() => ({
    status: query.status ?? '',
    channel: query.channel ?? '',
    purpose: query.purpose ?? '',
    recipient: query.recipient ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filters);
  };
  const wide = { flex: '1 1 11rem', minWidth: '10rem' };
  return (
    <SearchForm label={t('centre.deliveries.filters')} onSubmit={submit} alignItems="center">
      <FilterSelect
        label={t('centre.deliveries.status')}
        value={filters.status}
        onChange={set('status')}
        options={deliveryStatus.options}
        optionLabel={(status) => t(`centre.delivery.status.${status}`)}
        sx={wide}
      />
      <FilterSelect
        label={t('centre.deliveries.channel')}
        value={filters.channel}
        onChange={set('channel')}
        options={CHANNELS}
        optionLabel={(channel) => t(`centre.delivery.channel.${channel}`)}
        sx={wide}
      />
      <FilterSelect
        label={t('centre.deliveries.purpose')}
        value={filters.purpose}
        onChange={set('purpose')}
        options={messagePurpose.options}
        optionLabel={(purpose) => t(`centre.delivery.purpose.${purpose}`)}
        sx={wide}
      />
      <TextField
        label={t('centre.deliveries.recipient')}
        value={filters.recipient}
        onChange={set('recipient')}
        slotProps={{ htmlInput: { maxLength: maxLengthOf(deliveryQuery.shape.recipient) } }}
        sx={wide}
      />
      <PeriodFields from={filters.from} to={filters.to} onChange={setValue} sx={wide} />
      <Button type="submit" variant="contained">
        {t('centre.deliveries.apply')}
      </Button>
    </SearchForm>
  );
}

/**
 * Message deliveries (issue 20): every text message and mail with where it stands (queued, sent,
 * retrying, dead), its attempts and the provider's last error; a dead one can be sent again. The page
 * refreshes itself, so a retry is seen landing. Never a message's body.
 */
export function DeliveriesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(deliveryQuery, params, FILTERS), [params]);
  const list = useDeliveries(query);
  const resend = useResendDelivery();
  const [resending, setResending] = useState<Delivery | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);

  const apply = (filters: Filters) => {
    const merged = {
      ...Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])),
      ...filters,
    };
    setParams(
      writeListQuery(
        readListQuery(
          deliveryQuery,
          new URLSearchParams(Object.entries(merged).filter(([, v]) => v)),
          FILTERS,
        ),
      ),
      {
        replace: true,
      },
    );
  };
  const onQueryChange = (table: TableQuery) =>
    setParams(writeListQuery({ ...query, page: table.page, size: table.size }), { replace: true });
  const showStatus = (status: DeliveryStatus) => apply({ status });

  const columns = useMemo<GridColDef<Delivery>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('centre.deliveries.createdAt'),
        minWidth: 140,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'status',
        headerName: t('centre.deliveries.status'),
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) => <DeliveryStatusChip status={row.status} />,
      },
      {
        field: 'actions',
        headerName: t('centre.deliveries.actions'),
        minWidth: 120,
        sortable: false,
        renderCell: ({ row }) =>
          row.status === 'DEAD' ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => {
                setMessages([]);
                setResending(row);
              }}
            >
              {t('centre.deliveries.resend')}
            </Button>
          ) : null,
      },
      {
        field: 'purpose',
        headerName: t('centre.deliveries.purpose'),
        minWidth: 170,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => t(`centre.delivery.purpose.${row.purpose}`),
      },
      {
        field: 'channel',
        headerName: t('centre.deliveries.channel'),
        minWidth: 90,
        sortable: false,
        valueGetter: (_value, row) => t(`centre.delivery.channel.${row.channel}`),
      },
      {
        field: 'recipient',
        headerName: t('centre.deliveries.recipient'),
        minWidth: 170,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) =>
          row.userId !== null ? (
            <Link component={RouterLink} to={screenPath(SCREENS.centreAccount, { id: row.userId })}>
              {row.login ? `${row.recipient} (${row.login})` : row.recipient}
            </Link>
          ) : (
            row.recipient
          ),
      },
      { field: 'attempts', headerName: t('centre.deliveries.attempts'), width: 90, sortable: false },
      {
        field: 'lastError',
        headerName: t('centre.deliveries.lastError'),
        minWidth: 220,
        flex: 2,
        sortable: false,
        valueGetter: (_value, row) =>
          row.status === 'SENT' ? formatDateTime(row.sentAt) : (row.lastError ?? ''),
      },
    ],
    [t],
  );

  const confirmResend = (reason: string) => {
    if (!resending) return;
    resend.mutate(
      { id: resending.id, reason },
      {
        onSuccess: () => {
          notify('centre.deliveries.resent', 'success');
          setResending(null);
        },
        onError: (error) => {
          setMessages(refusalMessages(error));
        },
      },
    );
  };

  return (
    <>
      <PageTitle>{t('routes.centre.deliveries')}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('centre.deliveries.intro')}</Typography>
      {list.data && (
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
          aria-label={t('centre.deliveries.counts')}
        >
          {deliveryStatus.options.map((status) => (
            <Chip
              key={status}
              clickable
              onClick={() => showStatus(status)}
              variant={query.status === status ? 'filled' : 'outlined'}
              label={t('centre.deliveries.countOf', {
                status: t(`centre.delivery.status.${status}`),
                count: list.data.counts[status],
              })}
            />
          ))}
        </Stack>
      )}
      <FilterForm key={params.toString()} query={query} onApply={apply} />
      {query.account !== undefined && (
        <Typography sx={{ mb: 1 }}>
          {t('centre.deliveries.oneAccount')}{' '}
          <Link component={RouterLink} to={screenPath(SCREENS.centreAccount, { id: query.account })}>
            {t('centre.deliveries.openAccount')}
          </Link>
        </Typography>
      )}
      <CentreListTable<Delivery>
        list={list}
        loadError={t('centre.deliveries.loadError')}
        label={t('routes.centre.deliveries')}
        columns={columns}
        query={query}
        onQueryChange={onQueryChange}
        noRowsLabel={t('centre.deliveries.none')}
      />
      <ReasonDialog
        open={resending !== null}
        title={t('centre.deliveries.resendTitle')}
        description={
          resending
            ? t('centre.deliveries.resendText', {
                purpose: t(`centre.delivery.purpose.${resending.purpose}`),
                recipient: resending.recipient,
              })
            : ''
        }
        confirmLabel={t('centre.deliveries.resend')}
        busy={resend.isPending}
        messages={messages}
        onConfirm={confirmResend}
        onCancel={() => setResending(null)}
      />
    </>
  );
}
