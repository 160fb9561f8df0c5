import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type Language } from '@portail/contract/constants';
import { SCREENS } from '@portail/contract/routes';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changeLanguage } from '../../lib/i18n';
import { logout } from '../../lib/session';

const LANGUAGE_NAMES: Record<Language, { name: string; lang: string }> = {
  fr_FR: { name: 'Français', lang: 'fr' },
  en_EN: { name: 'English', lang: 'en' },
};

/** The user's name, the interface language (kept for the tab) and sign-out (docs/interface-conventions.md#languages). */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<AccountCircleIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: { xs: 160, sm: 320 } }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {user.nomComplet}
        </span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // Kept inside the header landmark rather than portalled to the end of the body.
        disablePortal
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <ListSubheader component="div">{t('layout.language')}</ListSubheader>
        {LANGUAGES.map((language) => {
          const selected = i18n.language === language;
          return (
            <MenuItem
              key={language}
              role="menuitemradio"
              aria-checked={selected}
              lang={LANGUAGE_NAMES[language].lang}
              onClick={() => {
                changeLanguage(language, true);
                close();
              }}
            >
              <ListItemIcon>{selected && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{LANGUAGE_NAMES[language].name}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            logout();
            void navigate(SCREENS.login.path, { replace: true });
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('layout.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
