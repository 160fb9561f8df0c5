import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export const MAIN_ID = 'main-content';

const Link = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(1),
  top: -64,
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1, 2),
  background: theme.palette.background.paper,
  color: theme.palette.primary.main,
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.shadows[4],
  '&:focus': { top: theme.spacing(1) },
}));

/** First focusable element of every page: jumps over the header and the menu (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {t('layout.skipToContent')}
    </Link>
  );
}
