import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DRAWER_WIDTH } from '@portail/contract/constants';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs';
import { useCurrentPageLabel } from '../../lib/page-label';
import { PREFERENCE_KEYS, usePreference } from '../../lib/preferences';
import { currentUser, useSession } from '../../lib/session';
import { QueryProvider } from '../query-layout';
import { breadcrumbTrail } from './breadcrumb-trail';
import { buildMenu } from './menu';
import { SideMenu } from './side-menu';
import { SiteFooter } from './site-footer';
import { MAIN_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/**
 * The page and its footer. With the docked drawer closed, the column slides over the space it leaves.
 * The footer stays outside `main`: only there is it the page's contentinfo landmark.
 */
const Column = styled('div', { shouldForwardProp: (prop) => prop !== 'shifted' })<{ shifted: boolean }>(
  ({ theme, shifted }) => ({
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    marginLeft: shifted ? -DRAWER_WIDTH : 0,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
  }),
);

const Main = styled('main')(({ theme }) => ({
  flexGrow: 1,
  padding: theme.spacing(3),
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
}));

const MENU_STATES = ['open', 'closed'] as const;

/**
 * The layout once signed in and confirmed (docs/interface-conventions.md#layout): top bar, side menu, breadcrumb, page. `children`
 * stands in for the route's screen where there is none (a path missing from the table, see not-found-page).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  const { pathname } = useLocation();
  const docked = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  // Docked, the menu stays as the user last left it (issue 18: collapsed, the grids get its 370
  // pixels); over the page on a small screen it opens on demand only and closes on each choice.
  const [dockedState, setDockedState] = usePreference(PREFERENCE_KEYS.menuOpen, MENU_STATES, 'open');
  const [overlayOpen, setOverlayOpen] = useState(false);
  const open = docked ? dockedState === 'open' : overlayOpen;
  const pageLabel = useCurrentPageLabel();

  useEffect(() => {
    if (docked) setOverlayOpen(false);
  }, [docked]);

  const toggleMenu = () => {
    if (docked) setDockedState(open ? 'closed' : 'open');
    else setOverlayOpen(!open);
  };
  const closeMenu = () => {
    if (docked) setDockedState('closed');
    else setOverlayOpen(false);
  };

  useHotkeys('shift+m', toggleMenu, { useKey: true, preventDefault: true }, [docked, open]);

  const entries = useMemo(() => buildMenu(user), [user]);
  const crumbs: Crumb[] = breadcrumbTrail(pathname).map((entry) => ({
    label: t(entry.labelKey),
    path: entry.path,
  }));
  const last = crumbs.at(-1);
  if (last && pageLabel) last.label = pageLabel;
  const title = last?.label ?? (children ? t('http.404') : t('product.name'));

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!user) return null;
  return (
    <QueryProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <SkipLink />
        <TopBar user={user} menuOpen={open} onToggleMenu={toggleMenu} />
        <SideMenu entries={entries} open={open} docked={docked} onClose={closeMenu} />
        <Column shifted={docked && !open}>
          <Main id={MAIN_ID} tabIndex={-1}>
            <Toolbar />
            <Breadcrumbs entries={crumbs} />
            {children ?? <Outlet />}
          </Main>
          <SiteFooter />
        </Column>
      </Box>
    </QueryProvider>
  );
}
