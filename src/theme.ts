/**
 * Light and dark themes: a dense, calm operations look. Muted slate surfaces, one blue accent,
 * status colours kept for status (§4 success/warning/danger), small controls, system fonts
 * (nothing is downloaded at run time).
 */
import type { Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { Z_INDEX } from './config/layers.ts';

declare module '@mui/material/styles' {
  interface ZIndex {
    /** The toast stack: above the page and the header, below anything the operator opens (src/config/layers.ts). */
    toast: number;
  }
}

/** The id of the landmark tooltips open in (rendered by src/layout/SignedInLayout.tsx). */
export const TOOLTIP_LAYER_ID = 'console-tooltips';

/** Where a tooltip opens: the tooltips' landmark while it is there and not hidden behind a modal, else <body> (null). */
export function tooltipContainer(): HTMLElement | null {
  const layer = document.getElementById(TOOLTIP_LAYER_ID);
  return layer && !layer.closest('[aria-hidden="true"]') ? layer : null;
}

export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
export const MONO_FONT_STACK = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const shared = {
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: SYSTEM_FONT_STACK,
    fontSize: 13,
    h1: { fontSize: '1.5rem', fontWeight: 600 },
    h5: { fontSize: '1.15rem', fontWeight: 600, letterSpacing: 0 },
    h6: { fontSize: '1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: 220, closedWidth: 50 },
  // One scale (src/config/layers.ts): menus, popovers, dialogs and tooltips open above the toasts.
  zIndex: Z_INDEX,
} as const satisfies RaThemeOptions;

const denseComponents = {
  MuiButton: { defaultProps: { size: 'small', disableElevation: true } },
  MuiIconButton: { defaultProps: { size: 'small' } },
  MuiChip: { defaultProps: { size: 'small' } },
  MuiTable: { defaultProps: { size: 'small' } },
  MuiToolbar: { defaultProps: { variant: 'dense' } },
  MuiPaper: { defaultProps: { elevation: 0 } },
  MuiCard: { defaultProps: { variant: 'outlined' } },
  MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
  // The header stays in view (src/layout/AppBar.tsx): what focus or a link scrolls to lands below
  // it, not under it (one row from md up, two below).
  MuiCssBaseline: {
    styleOverrides: { html: { scrollPaddingTop: 112, '@media (min-width: 900px)': { scrollPaddingTop: 56 } } },
  },
  // A tooltip opens in the page's "Tooltips" landmark (SignedInLayout) rather than loose in <body>,
  // so all content is inside a landmark (axe's region rule: the bell's tooltip, shown again when
  // focus comes back from the notification centre, would otherwise be outside every landmark). Where
  // there is no such landmark (signed out) or a modal hides it from assistive technology (MUI sets
  // aria-hidden on the page behind a dialog), the tooltip opens in <body> as before.
  MuiTooltip: { defaultProps: { arrow: true, slotProps: { popper: { container: tooltipContainer } } } },
  // A progress bar without a name of its own (react-admin's loading indicator in the header) is
  // announced as what it is.
  MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
  // A marked field's label sits on the filled field's tint, where the palette's error colour falls
  // under WCAG's 4.5:1 (axe, tests/e2e/txNew.e2e.ts): a darker red in light, a lighter one in dark.
  MuiInputLabel: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        '&.Mui-error': { color: theme.palette.mode === 'light' ? theme.palette.error.dark : theme.palette.error.light },
      }),
    },
  },
  MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
  // A checkbox named by an aria-label prop (react-admin's DataTable row checkbox, "Select this row")
  // gets it on MUI's root <span>, where ARIA does not allow it, and the <input> stays unnamed (axe
  // aria-prohibited-attr and label rules, on /settings/tokens and /settings/bridges):
  // the name goes to the input, the control itself. A label set on the input by the caller wins.
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: { 'aria-label': undefined },
        input: (ownerState: { 'aria-label'?: string }) => ({ 'aria-label': ownerState['aria-label'] }),
      },
    },
  },
  // A disabled field's helper text still tells the operator something ("token name does not change
  // once created"): it keeps the secondary text colour rather than the disabled grey, which falls
  // under WCAG AA's 4.5:1 (axe on /settings/tokens/{name}).
  MuiFormHelperText: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
    },
  },
  // react-admin sizes the docked menu column "100vh - 3em" to fill the screen below the header: 3em
  // means the header's 48px at a 16px font, but at this theme's 13px body font it is 44.6px, so the
  // column would reach 3.4px below the screen and give every page a vertical scrollbar.
  RaSidebar: {
    styleOverrides: {
      // From sm up (on a phone the menu is a drawer over the page, out of its flow).
      root: ({ theme }: { theme: Theme }) => {
        const fill = { [theme.breakpoints.up('sm')]: { height: `calc(100vh - ${theme.spacing(6)})` } };
        return { ...fill, '& .RaSidebar-fixed': fill };
      },
    },
  },
} as const satisfies RaThemeOptions['components'];

/** The light theme's outlined status chips' text: AA on the tinted surfaces chips sit on (hovered rows, cards). */
export const LIGHT_OUTLINED_STATUS = { Warning: '#804b00', Success: '#226640', Error: '#b71c1c', Info: '#035e90', Primary: '#174d9c' } as const;

/**
 * The dark theme's outlined status chips' text: AA on the lighter surfaces chips sit on there (a
 * hovered row, a trade's current step; axe found the failed chip of a trade's page under 4.5:1).
 */
export const DARK_OUTLINED_STATUS = { Warning: '#f2c063', Success: '#7fd3a3', Error: '#ff8a80', Info: '#7cc4f0', Primary: '#a3c2f3' } as const;

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: '#1d5fbf' },
    secondary: { main: '#334155' },
    success: { main: '#2e7d4f' },
    // Status colours read as text on white and as chip backgrounds under white text: each holds
    // WCAG AA's 4.5:1 both ways (axe checks every screen in tests/e2e/a11y.e2e.ts).
    warning: { main: '#9a5b00' },
    info: { main: '#0369a1' },
    error: { main: '#c62828' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    divider: 'rgba(15, 23, 42, 0.12)',
    text: { primary: '#0f172a', secondary: '#475569' },
  },
  components: {
    ...defaultLightTheme.components,
    ...denseComponents,
    // An outlined status chip ("stale" on a trade's page, "completed" in /tx/latest) sits on tinted
    // rows and cards (a hovered row is #e9ebee), where the status colours' text falls under AA's 4.5:1
    // (warning 4.1 on #e0e1e4, success 4.2 on #e9ebee, by axe): its text and border
    // take a darker shade of the same hue there (each at least 4.9:1 on #e0e1e4).
    MuiChip: {
      ...denseComponents.MuiChip,
      styleOverrides: {
        root: Object.fromEntries(
          Object.entries(LIGHT_OUTLINED_STATUS).map(([colour, shade]) => [`&.MuiChip-outlined.MuiChip-color${colour}`, { color: shade, borderColor: shade }]),
        ),
      },
    },
    MuiAppBar: {
      ...denseComponents.MuiAppBar,
      styleOverrides: { root: { backgroundColor: '#ffffff', color: '#0f172a', borderBottom: '1px solid rgba(15, 23, 42, 0.12)' } },
    },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#7aa7ec' },
    secondary: { main: '#94a3b8' },
    success: { main: '#4caf7a' },
    warning: { main: '#e0a030' },
    // White on #ef5350 is 3.5:1 (the contained Stop button in dark failed axe color-contrast); dark text is 6:1.
    error: { main: '#ef5350', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: '#0e1318', paper: '#151c24' },
    divider: 'rgba(148, 163, 184, 0.16)',
    text: { primary: '#e2e8f0', secondary: '#94a3b8' },
  },
  components: {
    ...defaultDarkTheme.components,
    ...denseComponents,
    MuiChip: {
      ...denseComponents.MuiChip,
      styleOverrides: {
        root: Object.fromEntries(
          Object.entries(DARK_OUTLINED_STATUS).map(([colour, shade]) => [`&.MuiChip-outlined.MuiChip-color${colour}`, { color: shade, borderColor: shade }]),
        ),
      },
    },
    MuiAppBar: {
      ...denseComponents.MuiAppBar,
      styleOverrides: { root: { backgroundColor: '#121920', color: '#e2e8f0', borderBottom: '1px solid rgba(148, 163, 184, 0.16)' } },
    },
  },
};
