import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { LanguageSwitch } from './language-switch';
import { SiteFooter } from './site-footer';
import { MAIN_ID, SkipLink } from './skip-link';

/** A public route's `handle`: `wide` pages (assistance, legal notice) get a wider column than the forms. */
export interface PublicRouteHandle {
  wide?: boolean;
}

const isWide = (handle: unknown) =>
  typeof handle === 'object' && handle !== null && (handle as PublicRouteHandle).wide === true;

/** The frame of the pages without the menu: sign-in, code confirmation, public screens. */
export function PublicFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const product = t('product.name');
  useEffect(() => {
    document.title = product;
  }, [product]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="div" sx={{ flexGrow: 1 }}>
            {product}
          </Typography>
          <LanguageSwitch />
        </Toolbar>
      </Box>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{
          width: '100%',
          maxWidth: wide ? 960 : 600,
          mx: 'auto',
          px: 2,
          py: { xs: 3, sm: 6 },
          flexGrow: 1,
        }}
      >
        {children}
      </Box>
      <SiteFooter />
    </Box>
  );
}

export function PublicLayout() {
  const wide = useMatches().some((match) => isWide(match.handle));
  return (
    <PublicFrame wide={wide}>
      <Outlet />
    </PublicFrame>
  );
}
