import { enUS, frFR } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import type { Language } from '@portail/contract/constants';

/**
 * Colours chosen for WCAG 2.1 AA (4.5:1 for text): MUI's default blue and green are too light under
 * white text, so the theme uses darker shades. Business messages: error red, warning orange, info teal.
 */
export const TOAST_COLORS = {
  success: '#2e7d32',
  error: '#c62828',
  warning: '#a84300',
  info: '#00695c',
} as const;

export function createAppTheme(language: Language): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: '#1565c0' },
        secondary: { main: '#00695c' },
        success: { main: '#00796b' },
        background: { default: '#f5f7fa' },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            // A visible focus ring for keyboard users on plain links and focusable regions.
            'a:focus-visible, [tabindex]:focus-visible': {
              outline: '2px solid #1565c0',
              outlineOffset: 2,
            },
            'main:focus': { outline: 'none' },
          },
        },
        MuiLink: { defaultProps: { underline: 'always' } },
      },
    },
    language === 'en_EN' ? enUS : frFR,
  );
}
