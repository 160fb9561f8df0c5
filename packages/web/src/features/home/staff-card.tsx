import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { hasAnyRole } from '@portail/contract/roles';
import type { ScreenPath } from '@portail/contract/routes';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { canAccess } from '../../app/access';
import { userRoles } from '../../lib/session';

/** What the portal offers the centre's administrators (docs/home.md#staff-home, docs/roles-and-access.md#route-table), each with its page. */
function staffLinks(user: SessionUser): { path: ScreenPath; key: string }[] {
  const links: { path: ScreenPath; key: string }[] = [
    { path: '/centre/comptes', key: 'centreAccounts' },
    { path: '/centre/envois', key: 'centreDeliveries' },
    { path: '/centre/journal', key: 'centreAudit' },
    { path: '/centre/contenus', key: 'centreContent' },
    { path: '/participant/mescoordonnees', key: 'account' },
    ...(user.canShowListeCorrespondant
      ? [{ path: '/correspondant/mescorrespondants' as const, key: 'correspondants' }]
      : []),
    { path: '/fiche/liste', key: 'sheets' },
    { path: '/politiqueProtectionDonnees', key: 'dataProtection' },
    { path: '/assistance', key: 'assistance' },
  ];
  // Each link passes the route guard: an operator has neither the sheets nor the admin's own page.
  return links.filter((link) => canAccess(link.path, user));
}

/**
 * The home page of an administrator (issue 18): they own no record and no documents, so the page says
 * what they can do here, with the links of their menu, rather than staying nearly empty.
 */
export function StaffCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  // An operator of the helpline (issue 20) is not an administrator: the card says which they are.
  const admin = hasAnyRole(userRoles(user), ['ROLE_ADMIN']);
  return (
    <Card component="section" aria-labelledby="staff-card-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<AdminPanelSettingsIcon color="primary" />}
        title={t(admin ? 'home.staff.title' : 'home.staff.operatorTitle')}
        slotProps={{ title: { id: 'staff-card-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography>{t(admin ? 'home.staff.intro' : 'home.staff.operatorIntro')}</Typography>
        <List dense>
          {staffLinks(user).map(({ path, key }) => (
            <ListItem key={path} disableGutters>
              <Link component={RouterLink} to={path}>
                {t(`home.staff.links.${key}`)}
              </Link>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
