import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { SCREENS } from '@portail/contract/routes';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AccountMenu } from './account-menu';
import { MENU_ID } from './side-menu';

export interface TopBarProps {
  user: SessionUser;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** Product name, menu toggle (also shift+m) and the account menu. */
export function TopBar({ user, menuOpen, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <Tooltip title={t('layout.toggleMenuHint')}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('layout.toggleMenu')}
            aria-controls={menuOpen ? MENU_ID : undefined}
            aria-expanded={menuOpen}
            aria-keyshortcuts="Shift+M"
            onClick={onToggleMenu}
          >
            {menuOpen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={SCREENS.home.path}
            color="inherit"
            underline="none"
            variant="h6"
            noWrap
            sx={{ '&:focus-visible': { outlineColor: 'common.white' } }}
          >
            {t('product.name')}
          </Link>
        </Box>
        <AccountMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
