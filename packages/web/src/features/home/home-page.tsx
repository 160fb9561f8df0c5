import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { currentUser, useSession } from '../../lib/session';
import { HOME_CARDS } from './home-cards';

/** Home (000 §2.5): a grid of cards chosen by the user's roles and consents. */
export function HomePage() {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  if (!user) return null;
  return (
    <>
      <PageTitle>{t('home.welcome', { name: user.nomComplet })}</PageTitle>
      <Grid container spacing={3}>
        {HOME_CARDS.filter((card) => card.visible(user)).map(({ id, Component, width }) => (
          <Grid key={id} size={{ xs: 12, md: width }}>
            <Component user={user} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
