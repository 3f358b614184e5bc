/**
 * Preferences of the signals, kept in this browser: per kind, its toast and its sound; how many
 * toasts at once; a snooze of everything; browser notifications while the tab is hidden. A muted or
 * snoozed signal is still recorded in the notification centre. Loaded with the Preferences screen.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_TOAST_LIMIT, MIN_TOAST_LIMIT, SIGNAL_KIND_LABELS, SIGNAL_KINDS, SNOOZE_DURATIONS_MS, type SignalKind,
} from '../config/signals.ts';
import { isSnoozed, snoozeFor, withKindMuted } from '../domain/signals.ts';
import { useFormatTime } from '../ui/timeZone.ts';
import { signalPrefs, type SignalPrefsStore } from './signalPrefs.ts';

const durationLabel = (ms: number) => (ms >= 3_600_000 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`);
const LIMITS = Array.from({ length: MAX_TOAST_LIMIT - MIN_TOAST_LIMIT + 1 }, (_, i) => MIN_TOAST_LIMIT + i);

/** Re-renders when the snooze ends, so the screen does not go on saying "snoozed". */
function useSnoozeEnd(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), until - now + 50);
    return () => clearTimeout(timer);
  }, [until, now]);
  return now;
}

function KindRow({ kind, prefs }: { kind: SignalKind; prefs: SignalPrefsStore }) {
  const current = prefs.get();
  const label = SIGNAL_KIND_LABELS[kind];
  const flip = (what: 'toast' | 'sound') => (_: unknown, on: boolean) => prefs.set(withKindMuted(prefs.get(), what, kind, !on));
  return (
    <Box component="tr">
      <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 400, pr: 2 }}>
        {label}
      </Box>
      <td>
        <Switch size="small" checked={!current.mutedToasts.includes(kind)} onChange={flip('toast')} slotProps={{ input: { role: 'switch', 'aria-label': `${label}: toast` } }} />
      </td>
      <td>
        <Switch size="small" checked={!current.mutedSounds.includes(kind)} onChange={flip('sound')} slotProps={{ input: { role: 'switch', 'aria-label': `${label}: sound` } }} />
      </td>
    </Box>
  );
}

function BrowserNotifications({ prefs }: { prefs: SignalPrefsStore }) {
  const supported = typeof Notification !== 'undefined';
  const [refused, setRefused] = useState(false);
  const on = prefs.get().browserNotifications && supported && Notification.permission === 'granted';
  const change = async (_: unknown, wanted: boolean) => {
    if (!wanted) return prefs.set({ ...prefs.get(), browserNotifications: false });
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    setRefused(permission !== 'granted');
    prefs.set({ ...prefs.get(), browserNotifications: permission === 'granted' });
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Switch
          size="small"
          checked={on}
          disabled={!supported}
          onChange={(e, wanted) => void change(e, wanted)}
          slotProps={{ input: { role: 'switch', 'aria-label': 'Browser notifications for trade failures and disconnects' } }}
        />
        <Typography variant="body2">Browser notifications for trade failures and disconnects while this tab is hidden</Typography>
      </Box>
      {!supported ? <Typography variant="body2" color="text.secondary">This browser has no notifications.</Typography> : null}
      {refused ? (
        <Typography variant="body2" color="error" role="alert">
          The browser refused: allow notifications for this site in its settings, then switch this on again.
        </Typography>
      ) : null}
    </Box>
  );
}

export function NotificationPreferences({ prefs = signalPrefs() }: { prefs?: SignalPrefsStore }) {
  const current = useSyncExternalStore(prefs.subscribe, prefs.get, prefs.get);
  const now = useSnoozeEnd(current.snoozeUntil);
  const formatTime = useFormatTime();
  const snoozed = isSnoozed(current, now);
  return (
    <Paper component="section" aria-label="Notifications" variant="outlined" sx={{ p: 2, gridColumn: { md: 'span 2' }, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Notifications
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Which signals show a toast or play a sound, kept in this browser only. Everything is still listed in the notification centre (the bell in the header).
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {snoozed && current.snoozeUntil !== null ? (
          <>
            <Typography variant="body2" role="status" sx={{ fontWeight: 600 }}>
              Snoozed until {formatTime(current.snoozeUntil)}: no toast, no sound.
            </Typography>
            <Button size="small" variant="outlined" onClick={() => prefs.set({ ...prefs.get(), snoozeUntil: null })}>
              End snooze
            </Button>
          </>
        ) : (
          SNOOZE_DURATIONS_MS.map((ms) => (
            <Button key={ms} size="small" variant="outlined" onClick={() => prefs.set(snoozeFor(prefs.get(), Date.now(), ms))}>
              Snooze {durationLabel(ms)}
            </Button>
          ))
        )}
        <TextField
          select
          size="small"
          label="Toasts on screen at most"
          value={current.limit}
          onChange={(e) => prefs.set({ ...prefs.get(), limit: Number(e.target.value) })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ ml: 'auto', width: 200, flex: 'none' }}
        >
          {LIMITS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </TextField>
      </Box>
      <Box component="table" sx={{ borderCollapse: 'collapse', '& td, & th': { py: 0.25, px: 1 }, '& td': { textAlign: 'center' }, width: 'fit-content' }}>
        <caption style={{ textAlign: 'left', captionSide: 'top' }}>
          <Typography variant="body2" color="text.secondary" component="span">
            Per kind of signal
          </Typography>
        </caption>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ textAlign: 'left', pr: 2 }}>
              Kind
            </Box>
            <th scope="col">Toast</th>
            <th scope="col">Sound</th>
          </tr>
        </thead>
        <tbody>
          {SIGNAL_KINDS.map((kind) => (
            <KindRow key={kind} kind={kind} prefs={prefs} />
          ))}
        </tbody>
      </Box>
      <BrowserNotifications prefs={prefs} />
    </Paper>
  );
}
