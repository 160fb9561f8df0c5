import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portail/contract/constants';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-provider';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDate } from '../../../lib/dates';
import { useScopeEstablishments } from '../api/get-establishments';
import { AddressEditor } from './address-editor';

/** Read by screen readers, not shown. */

/**
 * The establishments of a company or group correspondant (docs/personal-details.md#establishments): a single-select table (id, business
 * name, SIRET), terminated rows styled inactive, and the address editor of the row chosen. Choosing
 * another row with unsaved changes asks first.
 */
export function EstablishmentsTab() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const titleId = useId();
  const { data, isPending, isError } = useScopeEstablishments();
  const [selected, setSelected] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(PAGE_SIZE);
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const choose = async (id: number) => {
    if (id === selected) return;
    if (dirty.current) {
      const leave = await confirm({
        title: t('leave.title'),
        message: t('leave.message'),
        confirmLabel: t('leave.confirm'),
        cancelLabel: t('leave.stay'),
      });
      if (!leave) return;
    }
    setSelected(id);
  };

  if (isPending) return <Skeleton variant="rounded" height={240} aria-label={t('layout.loading')} />;
  if (isError) return <Alert severity="error">{t('account.establishments.loadError')}</Alert>;
  const rows = data.slice(page * size, (page + 1) * size);
  const name = `establishment-${titleId}`;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined">
        <Typography id={titleId} component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
          {t('account.establishments.table')}
        </Typography>
        <TableContainer>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Typography component="span" sx={visuallyHidden}>
                    {t('account.establishments.columns.select')}
                  </Typography>
                </TableCell>
                <TableCell>{t('account.establishments.columns.id')}</TableCell>
                <TableCell>{t('account.establishments.columns.raisonsociale')}</TableCell>
                <TableCell>{t('account.establishments.columns.siret')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>{t('account.establishments.empty')}</TableCell>
                </TableRow>
              )}
              {rows.map((row) => {
                const checked = row.id === selected;
                const inactive = row.dateResiliation !== null;
                const label = inactive
                  ? t('account.establishments.terminatedName', {
                      name: row.raisonsociale,
                      date: formatDate(row.dateResiliation),
                    })
                  : row.raisonsociale;
                return (
                  <TableRow
                    key={row.id}
                    hover
                    selected={checked}
                    aria-selected={checked}
                    onClick={() => void choose(row.id)}
                    sx={{
                      cursor: 'pointer',
                      ...(inactive && {
                        '& td': { color: 'text.secondary', fontStyle: 'italic' },
                        backgroundColor: 'action.hover',
                      }),
                    }}
                  >
                    <TableCell padding="checkbox">
                      <Radio
                        checked={checked}
                        onChange={() => void choose(row.id)}
                        // The row's own click would choose it a second time.
                        onClick={(event) => event.stopPropagation()}
                        name={name}
                        value={row.id}
                        slotProps={{ input: { 'aria-label': label } }}
                      />
                    </TableCell>
                    <TableCell>{row.id}</TableCell>
                    <TableCell>{label}</TableCell>
                    <TableCell>{row.siret ?? t('app.none')}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data.length}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('account.establishments.pageSize')}
          labelDisplayedRows={({ from, to, count }) => t('account.establishments.pager', { from, to, count })}
          getItemAriaLabel={(type) => t(`account.establishments.pagerButtons.${type}`)}
        />
      </Paper>
      {selected === null ? (
        <Alert severity="info">{t('account.establishments.choose')}</Alert>
      ) : (
        <AddressEditor establishmentId={selected} onDirtyChange={onDirtyChange} />
      )}
    </Stack>
  );
}
