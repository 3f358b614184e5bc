/**
 * The header (§1): the build label linking to /, the development-database marker, the time zone
 * switch (local time or UTC for every time shown), the notification centre's button, the theme toggle, react-admin's refresh indicator
 * and the user menu with Logout.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { AppBar as RaAppBar, LoadingIndicator, Logout, UserMenuContextProvider, useGetIdentity, useTheme } from 'react-admin';
import { APP_LABEL, APP_VERSION } from '../config/constants.ts';
import { NotificationsButton } from '../notifications/centre/NotificationsButton.tsx';
import { useLive, type LiveState } from '../realtime/index.ts';
import { ConnectionIndicator } from '../widgets/ConnectionIndicator/ConnectionIndicator.tsx';
import { SessionCountdown } from '../widgets/SessionCountdown/SessionCountdown.tsx';
import { TimeZoneToggle } from '../widgets/TimeZoneToggle/TimeZoneToggle.tsx';
import { VolumeControl } from '../widgets/VolumeControl/VolumeControl.tsx';

export const BUILD_LABEL = `${APP_LABEL} v${APP_VERSION}`;

const selectDevMode = (s: LiveState) => s.devMode;

export function DevDbMarker() {
  const devMode = useLive(selectDevMode);
  if (!devMode) return null;
  return <Chip label="DEV DB" color="warning" aria-label="Development database in use" sx={{ ml: 1, fontWeight: 700, flexShrink: 0 }} />;
}

const TOGGLE_LABEL = 'Toggle light/dark theme';

export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  return (
    <Tooltip title={TOGGLE_LABEL}>
      <IconButton color="inherit" aria-label={TOGGLE_LABEL} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
        {theme === 'dark' ? <Brightness7Icon /> : <Brightness4Icon />}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The header's controls. Below md (a phone, a tablet: the one row needs about 800 px) they wrap onto
 * a second row of their own under the label and the user menu (CSS order and a full-width basis),
 * and wrap again rather than scroll sideways if even that row is too narrow: an operator on call
 * may have only a phone.
 */
const toolbar = (
  <Box className="AppBar-controls" sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
    {/* At 390 px the two groups just fit one row with no margin between them (space-between spaces them). */}
    <Box className="AppBar-status" sx={{ display: 'flex', gap: 1, alignItems: 'center', mr: 1 }}>
      <ConnectionIndicator />
      <SessionCountdown />
    </Box>
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <TimeZoneToggle />
      <NotificationsButton />
      <VolumeControl />
      <ThemeToggle />
      <LoadingIndicator />
    </Box>
  </Box>
);

/**
 * Below md the bar has two rows, taller than the space react-admin's frame keeps for it (56 px below
 * sm, 48 above): it is sticky there, in the page's flow, taking that space back with a negative
 * margin, so nothing under it is covered whatever its height. From md up it stays react-admin's
 * fixed one-row bar. One media query for all of it (the header is in the home screen's budgeted bundle).
 * The label: a flex line breaks before anything shrinks, so with no width of its own (basis 0) it
 * takes the room left on the first row, and on the narrowest phones gives way (ellipsis, the full
 * label on hover and to readers) rather than push the user menu down.
 */
const barSx = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: {
    position: 'sticky',
    top: 0,
    marginTop: theme.spacing(-6),
    '& .RaAppBar-toolbar, & .AppBar-controls': { flexWrap: 'wrap' },
    '& .AppBar-controls': { order: 1, flexBasis: '100%', justifyContent: 'space-between', pb: 0.5 },
    '& .AppBar-status': { mr: 0 },
    '& .AppBar-label': { flex: '1 1 0', fontSize: '1rem' },
    '& .AppBar-spacer': { display: 'none' },
  },
  [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(-7) },
});

const MENU_ANCHOR = { vertical: 'bottom', horizontal: 'right' } as const;
const MENU_ORIGIN = { vertical: 'top', horizontal: 'right' } as const;

/**
 * Who is signed in, at every width: the button shows the name beside its icon and its accessible
 * name says the name and role (react-admin's UserMenu falls back to an unnamed "Profile" icon on a
 * phone), and the open menu starts with the name and role in words, then Logout.
 */
function AccountMenu() {
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = useCallback(() => setAnchor(null), []);
  const context = useMemo(() => ({ onClose: close }), [close]);
  const name = identity?.fullName ?? '';
  const role = typeof identity?.role === 'string' ? identity.role : '';
  const label = name === '' ? 'Profile' : `Profile ${name}${role ? ` (${role})` : ''}`;
  return (
    <>
      <Button
        color="inherit"
        aria-label={label}
        title={label}
        aria-haspopup="true"
        aria-controls={anchor ? 'menu-appbar' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<AccountCircle />}
        sx={{ textTransform: 'none', minWidth: 0, whiteSpace: 'nowrap', flex: 'none' }}
      >
        {name}
      </Button>
      <UserMenuContextProvider value={context}>
        <Menu id="menu-appbar" disableScrollLock anchorEl={anchor} anchorOrigin={MENU_ANCHOR} transformOrigin={MENU_ORIGIN} open={anchor !== null} onClose={close}>
          {name !== '' && (
            // Not a menu item: text, skipped by the menu's keyboard focus.
            <Box component="li" role="none" sx={{ px: 2, py: 1, typography: 'body2', color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
              Signed in as{' '}
              <Box component="strong" sx={{ color: 'text.primary' }}>
                {name}
              </Box>
              {role ? `, ${role}` : ''}
            </Box>
          )}
          <Logout />
        </Menu>
      </UserMenuContextProvider>
    </>
  );
}

/**
 * The header is always in view (react-admin's default slides it away while the page scrolls down,
 * taking the live state, the countdown, the bell and the user menu with it, and leaving the toasts
 * over the rows). No wrapper either: below md the bar is sticky in the page's own flow.
 */
function InPlace({ children }: { children?: ReactNode }) {
  return children;
}

export function AppBar() {
  return (
    <RaAppBar toolbar={toolbar} userMenu={<AccountMenu />} sx={barSx} container={InPlace}>
      <Link
        component={RouterLink}
        to="/"
        color="inherit"
        underline="none"
        variant="h6"
        title={BUILD_LABEL}
        className="AppBar-label"
        sx={{ whiteSpace: 'nowrap', fontWeight: 700, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {BUILD_LABEL}
      </Link>
      <DevDbMarker />
      <Box className="AppBar-spacer" sx={{ flex: 1 }} />
    </RaAppBar>
  );
}
