import Grid from '@mui/material/Grid';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { currentUser, useSession } from '../../lib/session';
import { HOME_CARDS, NEW_DOCUMENTS_HEADING_ID } from './home-cards';

/** Home (docs/home.md#participant-home): a grid of cards chosen by the user's roles and consents. */
export function HomePage() {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  useFocusAfterAcceptance(user?.dmcAccepte === true);
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

/**
 * Accepting the medical record replaces its card, and the button that opened the dialog, by the new
 * documents card: focus goes to that card's heading instead of falling to the page (issue 18).
 */
function useFocusAfterAcceptance(accepted: boolean) {
  const before = useRef(accepted);
  useEffect(() => {
    const justAccepted = accepted && !before.current;
    before.current = accepted;
    if (!justAccepted) return;
    const heading = document.getElementById(NEW_DOCUMENTS_HEADING_ID);
    if (!heading) return;
    // Focusable by script only: the heading is no stop of the Tab order.
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [accepted]);
}
