import AccessibilityNewIcon from '@mui/icons-material/AccessibilityNew';
import ArticleIcon from '@mui/icons-material/Article';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BadgeIcon from '@mui/icons-material/Badge';
import BiotechIcon from '@mui/icons-material/Biotech';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import ContactsIcon from '@mui/icons-material/Contacts';
import EventIcon from '@mui/icons-material/Event';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import MailIcon from '@mui/icons-material/Mail';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import OutboxIcon from '@mui/icons-material/Outbox';
import PolicyIcon from '@mui/icons-material/Policy';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import WomanIcon from '@mui/icons-material/Woman';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { DRAWER_WIDTH } from '@portail/contract/constants';
import { findScreenRoute } from '@portail/contract/routes';
import { type ReactElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { dismissToasts } from '../../lib/notify';
import type { MenuEntry, MenuLink } from './menu';

export const MENU_ID = 'side-menu';

const ICONS: Record<string, ReactElement> = {
  '/home': <HomeIcon />,
  '/document/resultatsAnalyses': <BiotechIcon />,
  '/document/consultations': <MedicalServicesIcon />,
  '/document/consultationGynecologique': <WomanIcon />,
  '/document/courrier': <MailIcon />,
  '/fiche/liste': <ArticleIcon />,
  '/participant/mesrendezvous': <EventIcon />,
  '/participant/monActivite': <ManageHistoryIcon />,
  '/participant/mescoordonnees': <BadgeIcon />,
  '/adherentsCorrespondant': <GroupsIcon />,
  '/bilansCorrespondant': <AssignmentIcon />,
  '/historiqueBilansCorrespondant': <HistoryIcon />,
  '/mutation': <SwapHorizIcon />,
  '/correspondant/mescorrespondants': <ContactsIcon />,
  '/mescoordonnees': <ContactMailIcon />,
  '/assistance': <SupportAgentIcon />,
  '/politiqueProtectionDonnees': <PolicyIcon />,
  '/mentionsLegales': <GavelIcon />,
  '/accessibilite': <AccessibilityNewIcon />,
  '/centre/comptes': <ManageAccountsIcon />,
  '/centre/envois': <OutboxIcon />,
  '/centre/journal': <FactCheckIcon />,
  '/centre/contenus': <LibraryBooksIcon />,
};

function MenuItemLink({
  item,
  active,
  nested,
  onNavigate,
}: {
  item: MenuLink;
  active: boolean;
  nested: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={item.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ pl: nested ? 4 : 2 }}
      >
        <ListItemIcon>{ICONS[item.path]}</ListItemIcon>
        <ListItemText primary={t(item.labelKey)} />
      </ListItemButton>
    </ListItem>
  );
}

export interface SideMenuProps {
  entries: readonly MenuEntry[];
  open: boolean;
  /** Docked beside the content on wide screens, over it on small ones. */
  docked: boolean;
  onClose: () => void;
}

/** The side drawer (370 px, docs/interface-conventions.md#layout) holding the menu of the signed-in user. */
export function SideMenu({ entries, open, docked, onClose }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const activePattern = findScreenRoute(pathname)?.path;
  const onNavigate = () => {
    if (!docked) onClose();
  };
  // Over the page (a phone), the drawer opens under the toasts' corner: close them, so that none covers
  // a menu entry (issue 18).
  useEffect(() => {
    if (open && !docked) dismissToasts();
  }, [open, docked]);
  return (
    <Drawer
      id={MENU_ID}
      variant={docked ? 'persistent' : 'temporary'}
      open={open}
      onClose={onClose}
      // Over the page the drawer is a modal dialog, which needs a name; docked it is no dialog.
      slotProps={docked ? undefined : { paper: { 'aria-label': t('layout.menu') } }}
      sx={{
        width: DRAWER_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Toolbar />
      <nav aria-label={t('layout.menu')}>
        <List>
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <MenuItemLink
                key={entry.path}
                item={entry}
                active={entry.path === activePattern}
                nested={false}
                onNavigate={onNavigate}
              />
            ) : (
              <ListItem key={entry.id} disablePadding sx={{ display: 'block' }}>
                <ListSubheader id={`menu-group-${entry.id}`} component="div" disableSticky>
                  {t(entry.labelKey)}
                </ListSubheader>
                <List disablePadding aria-labelledby={`menu-group-${entry.id}`}>
                  {entry.links.map((item) => (
                    <MenuItemLink
                      key={item.path}
                      item={item}
                      active={item.path === activePattern}
                      nested
                      onNavigate={onNavigate}
                    />
                  ))}
                </List>
              </ListItem>
            ),
          )}
        </List>
      </nav>
    </Drawer>
  );
}
