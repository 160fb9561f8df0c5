import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Whether the screen is a phone's (narrower than MUI's `sm`, 600 px): lists become cards there and
 * the document viewer takes the whole screen. `useTheme` falls back to MUI's default theme, whose
 * breakpoints the portal's theme keeps.
 */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
