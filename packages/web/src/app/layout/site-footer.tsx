import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { SCREENS } from '@portail/contract/routes';
import type { CentreInfo } from '@portail/contract/schemas/assistance';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { loadConformityStatus } from '../../lib/centre-load';
import { currentUser, useSession } from '../../lib/session';
import { canAccess } from '../access';

type ConformityStatus = CentreInfo['accessibilite']['statut'];

/**
 * The accessibility status of the configured centre, once known. The footer also frames the sign-in
 * page, which has no query cache: it reads the shared one-time load directly.
 */
function useConformityStatus(): ConformityStatus | null {
  const [status, setStatus] = useState<ConformityStatus | null>(null);
  useEffect(() => {
    let current = true;
    loadConformityStatus().then(
      (known) => {
        if (current) setStatus(known);
      },
      // Without the centre the link keeps its plain name.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return status;
}

/**
 * Every page's footer: legal notice, accessibility status (RGAA: "Accessibilité : partiellement
 * conforme" on every page) and assistance, in the same place and order everywhere (WCAG 3.2.6).
 * Only links the route guard would open are shown.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = currentUser(useSession());
  const status = useConformityStatus();
  const assistance = [SCREENS.assistance.path, SCREENS.publicAssistance.path].find((path) =>
    canAccess(path, user),
  );
  const links = [
    { path: SCREENS.legalNotice.path, label: t('footer.legalNotice') },
    {
      path: SCREENS.accessibility.path,
      label: status ? t(`footer.accessibilityStatus.${status}`) : t('footer.accessibility'),
    },
    ...(assistance ? [{ path: assistance, label: t('footer.assistance') }] : []),
  ].filter((link) => canAccess(link.path, user));
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: 2, py: 1.5 }}
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          columnGap: 3,
          rowGap: 1,
        }}
      >
        {links.map((link) => (
          <li key={link.path}>
            <Link
              component={RouterLink}
              to={link.path}
              variant="body2"
              aria-current={link.path === pathname ? 'page' : undefined}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
