import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SCREENS, screenPath } from '@portail/contract/routes';
import { formatPersonName } from '@portail/contract/rules/person-name';
import {
  type AccountKind,
  type AccountSummary,
  accountKind,
  accountSearchQuery,
} from '@portail/contract/schemas/centre';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { useAccountSearch } from './api/centre-api';
import { AccountStateChip } from './components/state-chip';

const isKind = (value: string | null): value is AccountKind => accountKind.safeParse(value).success;

/** One account found: identifier (the link to its card), name, kind, contact, state. */
function AccountItem({ account }: { account: AccountSummary }) {
  const { t } = useTranslation();
  const record =
    account.participantId !== null
      ? t('centre.accounts.participantId', { id: account.participantId })
      : account.correspondantId !== null
        ? t('centre.accounts.correspondantId', { id: account.correspondantId })
        : null;
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Link
          component={RouterLink}
          to={screenPath(SCREENS.centreAccount, { id: account.id })}
          sx={{ fontWeight: 500 }}
        >
          {account.login}
        </Link>
        <Typography component="span">{formatPersonName(account.lastName, account.firstName)}</Typography>
        <AccountStateChip state={account.state} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[t(`centre.kind.${account.kind}`), record, account.email, account.mobile]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </ListItem>
  );
}

/**
 * Account support (issue 20): the helpline finds the account of the person on the phone by
 * identifier, name, e-mail, mobile or record id, then opens its card.
 */
export function AccountsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kindParam = params.get('type');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const [text, setText] = useState(q);
  const [chosenKind, setChosenKind] = useState<AccountKind | ''>(kind ?? '');
  const [tooShort, setTooShort] = useState(false);
  const search = useAccountSearch(q, kind);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    setTooShort(typed.length < 2);
    if (typed.length < 2) return;
    const next = new URLSearchParams({ q: typed });
    if (chosenKind) next.set('type', chosenKind);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageTitle>{t('routes.centre.accounts')}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('centre.accounts.intro')}</Typography>
      <Box
        component="form"
        role="search"
        aria-label={t('centre.accounts.searchLabel')}
        onSubmit={onSubmit}
        noValidate
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}
      >
        <TextField
          label={t('centre.accounts.query')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={tooShort}
          helperText={tooShort ? t('centre.accounts.queryTooShort') : t('centre.accounts.queryHelp')}
          slotProps={{ htmlInput: { maxLength: maxLengthOf(accountSearchQuery.shape.q) } }}
          sx={{ flex: '1 1 18rem' }}
        />
        <TextField
          select
          label={t('centre.accounts.kind')}
          value={chosenKind}
          onChange={(event) => setChosenKind(isKind(event.target.value) ? event.target.value : '')}
          sx={{ flex: '0 1 12rem', minWidth: '10rem' }}
        >
          <MenuItem value="">{t('centre.accounts.anyKind')}</MenuItem>
          {accountKind.options.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`centre.kind.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ mt: 1 }}>
          {t('centre.accounts.search')}
        </Button>
      </Box>
      {search.isFetching && <LinearProgress aria-label={t('layout.loading')} />}
      {search.isError && (
        <RetryAlert error={search.error} onRetry={() => void search.refetch()}>
          {t('centre.accounts.loadError')}
        </RetryAlert>
      )}
      {search.data && q && (
        <section aria-labelledby="centre-results">
          <Typography id="centre-results" component="h2" variant="h6" sx={{ mt: 2 }}>
            {t('centre.accounts.results', { count: search.data.items.length })}
          </Typography>
          {search.data.more && (
            <Alert severity="info" sx={{ my: 1 }}>
              {t('centre.accounts.more', { count: search.data.items.length })}
            </Alert>
          )}
          {search.data.items.length === 0 ? (
            <Typography sx={{ mt: 1 }}>{t('centre.accounts.none')}</Typography>
          ) : (
            <List>
              {search.data.items.map((account) => (
                <AccountItem key={account.id} account={account} />
              ))}
            </List>
          )}
        </section>
      )}
    </>
  );
}
