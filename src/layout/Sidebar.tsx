/**
 * react-admin's sidebar, named where it is a dialog: on a phone (below sm) the menu is a temporary
 * drawer, a modal dialog, which needs an accessible name (axe aria-dialog-name); the docked column
 * above sm is no dialog and keeps none (a name on a plain element is prohibited).
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Sidebar as RaSidebar, type SidebarProps } from 'react-admin';

export const MENU_DRAWER_NAME = 'Menu';

export function Sidebar(props: SidebarProps) {
  const drawer = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return <RaSidebar key={drawer ? 'drawer' : 'docked'} {...props} slotProps={drawer ? { paper: { 'aria-label': MENU_DRAWER_NAME } } : undefined} />;
}
