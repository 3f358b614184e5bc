/**
 * The sidebar: the screens of the access table (src/config/access.ts) the role may see (§6),
 * in its order, admin ones under their own heading; a resource screen takes its definition's icon.
 * A resource not in view carries the number of changes the operator has not seen in its name
 * ("Manage tokens, 3 new changes").
 */
import { createElement, useId, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { createSvgIcon } from '@mui/material/utils';
import { useLocation, useMatch } from 'react-router-dom';
import { Menu as RaMenu, usePermissions, useSidebarState } from 'react-admin';
import AddBoxIcon from '@mui/icons-material/AddBox';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import HistoryIcon from '@mui/icons-material/History';
import HubIcon from '@mui/icons-material/Hub';
import ListAltIcon from '@mui/icons-material/ListAlt';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SettingsIcon from '@mui/icons-material/Settings';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TimelineIcon from '@mui/icons-material/Timeline';
import TuneIcon from '@mui/icons-material/Tune';
import { screensFor, type ScreenPath } from '../config/access.ts';
import { TRADES_PATH } from '../config/trades.ts';
import { pathOf, type ResourceDefinition } from '../kit/definition.ts';
import { useDefinitions } from '../kit/DefinitionsContext.tsx';
import { unseenLabel, UnseenChangesTracker, useUnseenChanges } from '../kit/unseenChanges.tsx';
import { VISUALLY_HIDDEN } from '../ui/visuallyHidden.ts';
import { useLive, selectNoTrades } from '../realtime/index.ts';
import { TradesWatch } from '../widgets/StuckTrades/TradesWatch.tsx';

/** Three bars of a chart (Analytics): drawn here, one short path, so home's first load pays next to nothing for it. */
const BarsIcon = createSvgIcon(createElement('path', { d: 'M4 10h4v10H4zm6-6h4v16h-4zm6 9h4v7h-4z' }), 'Bars');

/** Icons of the screens that are not resources (a resource brings its own). */
const ICONS: Partial<Record<ScreenPath, ReactElement>> = {
  '/': <DashboardIcon />,
  '/tx': <SwapHorizIcon />,
  '/tx/latest': <HistoryIcon />,
  '/analytics': <BarsIcon />,
  '/alerts/*': <NotificationImportantIcon />,
  '/timeline': <TimelineIcon />,
  '/tsettings': <TuneIcon />,
  '/tx/new': <AddBoxIcon />,
  '/settings': <SettingsIcon />,
  '/settings/networks': <HubIcon />,
  '/settings/configs': <DescriptionIcon />,
  '/settings/userlogs': <ListAltIcon />,
  '/settings/alerts': <NotificationsIcon />,
};

interface Entry {
  path: string;
  title: string;
  admin: boolean;
  icon: ReactElement;
  /** The resource behind the item, whose unseen changes it counts. */
  resource?: string;
  /** Other items' paths under this one (/tx/trades under /tx): their screens are theirs, not this item's. */
  nested?: string[];
}

function entriesFor(role: unknown, definitions: readonly ResourceDefinition[]): Entry[] {
  const byPath = new Map(definitions.map((d) => [pathOf(d), d]));
  const entries: Entry[] = screensFor(role).map((r) => {
    const definition = byPath.get(r.path);
    return {
      path: r.path,
      title: r.title,
      admin: r.access === 'admin',
      icon: definition ? createElement(definition.icon) : (ICONS[r.path] ?? <DashboardIcon />),
      resource: definition?.name,
    };
  });
  for (const entry of entries) entry.nested = entries.filter((e) => e.path.startsWith(`${entry.path}/`)).map((e) => e.path);
  return entries;
}

/** The count on a resource's icon; its name already says it ("…, 3 new changes"), so it is hidden from readers. */
function UnseenBadge({ count }: { count: number }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        position: 'absolute', top: -6, right: -8, minWidth: 18, height: 18, px: 0.5, borderRadius: 9,
        bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 11, fontWeight: 600, lineHeight: '18px', textAlign: 'center',
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}

function MenuItem({ entry }: { entry: Entry }) {
  // react-admin lights an item on every path under it (/settings on /settings/configs); here only the
  // screen itself (or, for a resource, its records) is current, and the bridges splat keeps its sub-routes.
  const exact = useMatch({ path: entry.path, end: true }) !== null;
  const within = useMatch({ path: `${entry.path.replace(/\/\*$/, '')}/*`, end: false }) !== null;
  const { pathname } = useLocation();
  const elsewhere = entry.nested?.some((path) => pathname === path || pathname.startsWith(`${path}/`)) ?? false;
  const current = exact || (entry.resource !== undefined && within && !elsewhere);
  const unseen = useUnseenChanges(entry.resource ?? '');
  const count = entry.resource === undefined ? 0 : unseen;
  return (
    <RaMenu.Item
      to={entry.path.replace(/\/\*$/, '')}
      // The count is said in the item's text (visually hidden), not in an aria-label: a name that does
      // not start with what is seen ("3" on the icon, then the title) fails axe's label-content-name-mismatch.
      primaryText={
        count > 0 ? (
          // The whole name in one hidden run, the seen title hidden from readers: a hidden run of
          // its own after the title got a space before its comma in Chromium's name ("tokens , 2").
          <>
            <span aria-hidden="true">{entry.title}</span>
            <span style={VISUALLY_HIDDEN}>{unseenLabel(entry.title, count)}</span>
          </>
        ) : (
          entry.title
        )
      }
      leftIcon={
        <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
          {entry.icon}
          {count > 0 && <UnseenBadge count={count} />}
        </Box>
      }
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
  const definitions = useDefinitions();
  const withoutTrades = useLive(selectNoTrades);
  const entries = entriesFor(permissions, definitions).filter((e) => !(withoutTrades && e.path === TRADES_PATH));
  // screensFor already left out the screens this role may not open: admin entries are only Admin's.
  const adminEntries = entries.filter((e) => e.admin);
  return (
    <>
      <UnseenChangesTracker definitions={definitions} />
      <TradesWatch />
      <RaMenu aria-label="Screens">
        {entries.filter((e) => !e.admin).map((e) => (
          <MenuItem key={e.path} entry={e} />
        ))}
      </RaMenu>
      {adminEntries.length > 0 ? (
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
            {adminEntries.map((e) => (
              <MenuItem key={e.path} entry={e} />
            ))}
          </RaMenu>
        </>
      ) : null}
    </>
  );
}
