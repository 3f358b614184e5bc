/** The sidebar: the screens of ROUTES the role may see (SPEC §6), admin ones under their own heading. */
import type { ReactElement } from 'react';
import ListSubheader from '@mui/material/ListSubheader';
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
import { ROUTES } from '../config/routes.ts';
import { isAdminRole } from '../authProvider/session.ts';
import type { ScreenPath } from '../pages/index.tsx';

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

type ScreenRoute = Extract<(typeof ROUTES)[number], { path: ScreenPath }>;
const SCREENS = ROUTES.filter((r): r is ScreenRoute => r.access !== 'public');

function MenuItem({ route }: { route: ScreenRoute }) {
  return <RaMenu.Item to={route.path.replace(/\/\*$/, '')} primaryText={route.title} leftIcon={ICONS[route.path]} />;
}

export function Menu() {
  const { permissions } = usePermissions();
  const [open] = useSidebarState();
  const admin = isAdminRole(permissions);
  return (
    <RaMenu>
      {SCREENS.filter((r) => r.access === 'any').map((r) => (
        <MenuItem key={r.path} route={r} />
      ))}
      {admin && open ? <ListSubheader sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>Admin</ListSubheader> : null}
      {admin ? SCREENS.filter((r) => r.access === 'admin').map((r) => <MenuItem key={r.path} route={r} />) : null}
    </RaMenu>
  );
}
