import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  /** Without a path the entry is plain text (the current page, or a menu group). */
  path?: string;
}

/** The breadcrumb trail, shown only from two entries on (docs/interface-conventions.md#layout). */
export function Breadcrumbs({ entries }: { entries: readonly Crumb[] }) {
  const { t } = useTranslation();
  if (entries.length < 2) return null;
  const last = entries.length - 1;
  return (
    <MuiBreadcrumbs aria-label={t('layout.breadcrumbs')} sx={{ mb: 2 }}>
      {entries.map((entry, index) =>
        entry.path && index !== last ? (
          <Link key={entry.path} component={RouterLink} to={entry.path} color="inherit">
            {entry.label}
          </Link>
        ) : (
          <Typography
            key={entry.path ?? entry.label}
            color={index === last ? 'text.primary' : 'text.secondary'}
            aria-current={index === last ? 'page' : undefined}
          >
            {entry.label}
          </Typography>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
