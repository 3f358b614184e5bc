/** The sidebar: the screens of ROUTES the role may see (SPEC §6), admin ones under their own heading. */
import { useId, type ReactElement } from 'react';
import Typography from '@mui/material/Typography';
import { useMatch } from 'react-router-dom';
import { Menu as RaMenu, usePermissions, useSidebarState } from 'react-admin';
import AddBoxIcon from '@mui/icons-material/AddBox';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import HistoryIcon from '@mui/icons-material/History';
import HubIcon from '@mui/icons-material/Hub';
import ListAltIcon from '@mui/icons-material/ListAlt';
import SettingsIcon from '@mui/icons-material/Settings';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TokenIcon from '@mui/icons-material/Token';
import TollIcon from '@mui/icons-material/Toll';
import TuneIcon from '@mui/icons-material/Tune';
import { screensFor } from '../authProvider/screens.ts';
import type { ScreenPath, ScreenRoute } from '../config/routes.ts';
import { VISUALLY_HIDDEN } from '../widgets/shared/visuallyHidden.ts';

const ICONS: Record<ScreenPath, ReactElement> = {
  '/': <DashboardIcon />,
  '/tx': <SwapHorizIcon />,
  '/tx/latest': <HistoryIcon />,
  '/tsettings': <TuneIcon />,
  '/tsettings/tokens': <TollIcon />,
  '/tx/new': <AddBoxIcon />,
  '/settings': <SettingsIcon />,
  '/settings/networks': <HubIcon />,
  '/settings/configs': <DescriptionIcon />,
  '/settings/tokens': <TokenIcon />,
  '/settings/userlogs': <ListAltIcon />,
  '/settings/bridges/*': <CompareArrowsIcon />,
};

function MenuItem({ route }: { route: ScreenRoute }) {
  // react-admin lights an item on every path under it (/settings on /settings/configs); here only the
  // screen itself is current, and the bridges splat keeps its sub-routes.
  const current = useMatch({ path: route.path, end: true }) !== null;
  return (
    <RaMenu.Item
      to={route.path.replace(/\/\*$/, '')}
      primaryText={route.title}
      leftIcon={ICONS[route.path]}
      selected={current}
      aria-current={current ? 'page' : undefined}
      sx={current ? undefined : { '&.RaMenuItemLink-active': { color: 'text.secondary' } }}
    />
  );
}

/**
 * Two menus: the screens every role sees, then the admin ones under their heading. The heading sits
 * between the menus, not inside one: a menu may hold only its items, and it names the second menu.
 */
export function Menu() {
  const { permissions } = usePermissions();
  const [open] = useSidebarState();
  const headingId = useId();
  const screens = screensFor(permissions);
  const adminScreens = screens.filter((r) => r.access === 'admin');
  return (
    <>
      <RaMenu aria-label="Screens">
        {screens.filter((r) => r.access === 'any').map((r) => (
          <MenuItem key={r.path} route={r} />
        ))}
      </RaMenu>
      {adminScreens.length > 0 ? (
        <>
          <Typography
            id={headingId}
            component="h2"
            variant="body2"
            color="text.secondary"
            // Collapsed to icons, the sidebar has no room for it; it still names the admin menu.
            sx={open ? { px: 2, pt: 1, lineHeight: 2.5, fontWeight: 500 } : VISUALLY_HIDDEN}
          >
            Admin
          </Typography>
          <RaMenu aria-labelledby={headingId} sx={{ mt: 0 }}>
            {adminScreens.map((r) => (
              <MenuItem key={r.path} route={r} />
            ))}
          </RaMenu>
        </>
      ) : null}
    </>
  );
}
