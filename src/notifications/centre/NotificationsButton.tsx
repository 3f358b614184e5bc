/** The header's way into the notification centre: "Notifications, 3 unread" (its name says the count). */
import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useSignals } from '../NotificationsProvider.tsx';

export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

export function NotificationsButton() {
  const { journal, openCentre } = useSignals();
  const { unread } = useSyncExternalStore(journal.subscribe, journal.getView, journal.getView);
  const label = notificationsLabel(unread);
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={openCentre} sx={{ position: 'relative' }}>
        <NotificationsIcon />
        {unread > 0 ? (
          // A plain span, not MUI's Badge: the header is in the home bundle (docs/decisions.md "Bundle budgets and lazy chunks").
          <Box
            component="span"
            aria-hidden
            sx={{
              position: 'absolute',
              top: 2,
              right: 0,
              minWidth: 18,
              height: 18,
              px: 0.5,
              borderRadius: 9,
              bgcolor: 'error.main',
              color: 'error.contrastText',
              fontSize: 11,
              fontWeight: 700,
              lineHeight: '18px',
              textAlign: 'center',
              boxSizing: 'border-box',
            }}
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        ) : null}
      </IconButton>
    </Tooltip>
  );
}
