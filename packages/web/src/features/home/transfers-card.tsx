import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { SCREENS } from '@portail/contract/routes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '../../components/retry-alert';
import { currentUser, useSession } from '../../lib/session';
import { useCorrespondantHome } from './api/get-home-detail';

/**
 * "Mutations en cours" (docs/home.md#correspondant-home): incoming and outgoing transfers in progress, to the transfer list.
 * An establishment correspondant lands on the list filtered on that direction (its address parameters,
 * features/mutations/list-params.ts); the filters are theirs only (docs/home.md#correspondant-home), so others land on the list.
 */
export function TransfersCard() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useCorrespondantHome();
  const directions = currentUser(useSession())?.correspondantEtablissement === true;
  const incomingPath = directions ? `${SCREENS.mutations.path}?entrantes=true` : SCREENS.mutations.path;
  const outgoingPath = directions ? `${SCREENS.mutations.path}?sortantes=true` : SCREENS.mutations.path;
  return (
    <Card component="section" aria-labelledby="transfers-card-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<SwapHorizIcon color="primary" />}
        title={t('home.transfers.title')}
        slotProps={{ title: { id: 'transfers-card-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending && <Skeleton variant="rounded" height={96} aria-label={t('layout.loading')} />}
        {isError && <RetryAlert onRetry={() => void refetch()}>{t('home.loadError')}</RetryAlert>}
        {data && (
          <List disablePadding>
            <ListItem disableGutters>
              <ListItemIcon>
                <CallReceivedIcon />
              </ListItemIcon>
              <ListItemText>
                <Link component={RouterLink} to={incomingPath}>
                  {t('home.transfers.incoming', { count: data.nbMutationsEntrantes })}
                </Link>
              </ListItemText>
            </ListItem>
            <ListItem disableGutters>
              <ListItemIcon>
                <CallMadeIcon />
              </ListItemIcon>
              <ListItemText>
                <Link component={RouterLink} to={outgoingPath}>
                  {t('home.transfers.outgoing', { count: data.nbMutationsSortantes })}
                </Link>
              </ListItemText>
            </ListItem>
          </List>
        )}
      </CardContent>
    </Card>
  );
}
