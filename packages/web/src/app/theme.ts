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

const PRIMARY_BLUE = '#1565c0';

/**
 * One keyboard focus ring for every control (issue 18): a blue ring (5.7:1 on white) outside a white
 * one, so it stands out as much on the page as on the blue app bar or a filled button.
 */
const FOCUS_RING = {
  outline: `2px solid ${PRIMARY_BLUE}`,
  outlineOffset: 2,
  boxShadow: '0 0 0 2px #fff',
} as const;

/** Keyboard focus on buttons, icon buttons, tabs, checkboxes, menu items (MUI marks them), links, regions. */
const FOCUSABLE =
  '.Mui-focusVisible, a:focus-visible, button:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible';
/** Tabs sit in a scroller that clips what overflows: their ring goes inside (outweighing FOCUSABLE). */
const TAB_FOCUS = '.MuiTabs-root .MuiTab-root.MuiTab-root:focus-visible';
/** The data grid's cells and headers take focus one at a time: the ring goes inside, where there is room. */
const GRID_FOCUS = [
  '.MuiDataGrid-root .MuiDataGrid-cell.MuiDataGrid-cell:focus-within',
  '.MuiDataGrid-root .MuiDataGrid-columnHeader.MuiDataGrid-columnHeader:focus-within',
].join(', ');

export function createAppTheme(language: Language): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: PRIMARY_BLUE },
        secondary: { main: '#00695c' },
        success: { main: '#00796b' },
        background: { default: '#f5f7fa' },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            [FOCUSABLE]: FOCUS_RING,
            [GRID_FOCUS]: { outline: `2px solid ${PRIMARY_BLUE}`, outlineOffset: -2 },
            [TAB_FOCUS]: { outline: `2px solid ${PRIMARY_BLUE}`, outlineOffset: -4, boxShadow: 'none' },
            'main:focus': { outline: 'none' },
          },
        },
        MuiLink: { defaultProps: { underline: 'always' } },
        // Checkboxes, radios and switches reset the outline in their own styles, which come after the
        // global ones: without these they showed only the ripple's faint grey halo (issue 18).
        MuiCheckbox: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
        MuiRadio: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
        MuiSwitch: {
          styleOverrides: { root: { '&:has(.Mui-focusVisible)': { ...FOCUS_RING, borderRadius: 12 } } },
        },
      },
    },
    language === 'en_EN' ? enUS : frFR,
  );
}
