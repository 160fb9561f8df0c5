import ArticleIcon from '@mui/icons-material/Article';
import BadgeIcon from '@mui/icons-material/Badge';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LoginIcon from '@mui/icons-material/Login';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACTIVITY_FILTERS,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityKind,
  activityFilter,
} from '@portail/contract/schemas/activity';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardPager } from '../../components/card-pager';
import { CentreTimeNotice } from '../../components/centre-time-notice';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { formatDateTime } from '../../lib/dates';
import { activitySentence } from './activity-text';
import { useActivity } from './api/get-activity';

const PAGE_SIZE = 20;
const ALL = '';

/** The family an event belongs to, by its icon (the text says the rest). */
const ICON: Record<ActivityFilter, ReactNode> = {
  signIns: <LoginIcon />,
  documents: <ArticleIcon />,
  recordChanges: <EditNoteIcon />,
  staff: <BadgeIcon />,
  published: <NoteAddIcon />,
};

const FAMILY: Record<ActivityKind, ActivityFilter> = {
  signIn: 'signIns',
  signInUnconfirmed: 'signIns',
  signInFailed: 'signIns',
  codeFailed: 'signIns',
  accountLocked: 'signIns',
  passwordChanged: 'signIns',
  sessionsEnded: 'signIns',
  passkeyAdded: 'signIns',
  passkeyRemoved: 'signIns',
  appAdded: 'signIns',
  appRemoved: 'signIns',
  smsCodeOff: 'signIns',
  smsCodeOn: 'signIns',
  recoveryCodeUsed: 'signIns',
  recoveryCodesRenewed: 'signIns',
  documentViewed: 'documents',
  documentDownloaded: 'documents',
  documentsSent: 'documents',
  documentsSendFailed: 'documents',
  dataArchiveBuilt: 'documents',
  recordCreated: 'recordChanges',
  recordChanged: 'recordChanges',
  contactChanged: 'recordChanges',
  membershipEnded: 'recordChanges',
  membershipResumed: 'recordChanges',
  transferRequested: 'recordChanges',
  transferAccepted: 'recordChanges',
  transferCancelled: 'recordChanges',
  staffAction: 'staff',
  documentPublished: 'published',
  documentUpdated: 'published',
};

/** The filter and page the address holds (a reload or a link shows the same page). */
function useActivityParams() {
  const [params, setParams] = useSearchParams();
  const parsedType = activityFilter.safeParse(params.get('type'));
  const type = parsedType.success ? parsedType.data : undefined;
  const page = Math.max(0, Math.min(10_000, Number.parseInt(params.get('page') ?? '0', 10) || 0));
  const write = (next: { type: ActivityFilter | undefined; page: number }) => {
    const search = new URLSearchParams();
    if (next.type) search.set('type', next.type);
    if (next.page > 0) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  return { type, page, write };
}

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  return (
    <ListItem divider alignItems="flex-start" sx={{ px: { xs: 1, sm: 2 } }}>
      <ListItemIcon sx={{ minWidth: 40, mt: 0.5, color: 'primary.main' }} aria-hidden>
        {ICON[FAMILY[entry.kind]]}
      </ListItemIcon>
      <ListItemText
        primary={activitySentence(t, entry)}
        secondary={<time dateTime={entry.at}>{formatDateTime(entry.at)}</time>}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

/**
 * "Mon activité" (docs/activity.md#screen): who accessed or changed my record, newest first, a page
 * at a time, narrowed to one family of events; a stacked list that reads the same on a phone.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const { type, page, write } = useActivityParams();
  const activity = useActivity({ type, page, size: PAGE_SIZE });
  const items = activity.data?.items ?? [];
  const total = activity.data?.totalRows ?? 0;
  // A page past the end (an old link, an address typed by hand) has no item but the true total: the
  // screen moves to the last page (the first when there is none) rather than show "nothing" beside a
  // pager that counts rows it does not show.
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
  const pastEnd = activity.isSuccess && !activity.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastEnd) write({ type, page: lastPage });
  }, [pastEnd, lastPage, type, write]);

  return (
    <>
      <PageTitle>{t('routes.activity')}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('activity.intro')}</Typography>
      <CentreTimeNotice />
      <TextField
        select
        name="type"
        label={t('activity.filter')}
        value={type ?? ALL}
        onChange={(event) => {
          const next = activityFilter.safeParse(event.target.value);
          write({ type: next.success ? next.data : undefined, page: 0 });
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ mb: 2, width: { xs: '100%', sm: '20rem' } }}
      >
        <MenuItem value={ALL}>{t('activity.filters.all')}</MenuItem>
        {ACTIVITY_FILTERS.map((filter) => (
          <MenuItem key={filter} value={filter}>
            {t(`activity.filters.${filter}`)}
          </MenuItem>
        ))}
      </TextField>
      {activity.isError ? (
        <RetryAlert error={activity.error} onRetry={() => void activity.refetch()}>
          {t('activity.loadError')}
        </RetryAlert>
      ) : (
        <Paper variant="outlined">
          <Box sx={{ height: 4 }}>
            {activity.isFetching && <LinearProgress aria-label={t('layout.loading')} />}
          </Box>
          {activity.isSuccess && !pastEnd && items.length === 0 ? (
            <Typography sx={{ p: 2 }} role="status">
              {type ? t('activity.emptyFiltered') : t('activity.empty')}
            </Typography>
          ) : (
            <List aria-label={t('activity.list')} disablePadding>
              {items.map((entry) => (
                <ActivityItem key={entry.id} entry={entry} />
              ))}
            </List>
          )}
          <Box sx={{ px: 1 }}>
            <CardPager
              page={Math.min(page, lastPage)}
              size={PAGE_SIZE}
              totalRows={total}
              onPageChange={(next) => write({ type, page: next })}
            />
          </Box>
        </Paper>
      )}
    </>
  );
}
