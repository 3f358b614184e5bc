/**
 * Preferences of the signals, kept per user in this browser: per kind, its level (toast and bell,
 * toast only, bell only, off; docs/guide.md "Preferences") and its sound; how many toasts at once;
 * a snooze of everything; browser notifications while the tab is hidden. A snoozed signal is still
 * recorded in the notification centre when its level reaches the bell. Loaded with Preferences.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_TOAST_LIMIT, MIN_TOAST_LIMIT, SIGNAL_KIND_LABELS, SIGNAL_KINDS, SIGNAL_KINDS_WITH_SOUND, SIGNAL_LEVEL_LABELS, SIGNAL_LEVELS, SNOOZE_DURATIONS_MS,
  type SignalKind, type SignalLevel,
} from '../config/signals.ts';
import { levelOf } from '../domain/signalPolicy.ts';
import { isSnoozed, snoozeFor, withLevel, withSoundMuted, type SignalPrefs } from '../domain/signals.ts';
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

function KindRow({ kind, current, prefs }: { kind: SignalKind; current: SignalPrefs; prefs: SignalPrefsStore }) {
  const label = SIGNAL_KIND_LABELS[kind];
  const level = levelOf(current.levels, kind);
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        // A phone puts the levels under the kind's name; wider, one line per kind.
        gridTemplateColumns: { xs: '1fr auto', md: '150px 1fr auto' },
        gridTemplateAreas: { xs: '"name sound" "levels levels"', md: '"name levels sound"' },
        alignItems: 'center',
        columnGap: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ gridArea: 'name', fontWeight: 600 }}>
        {label}
      </Typography>
      <RadioGroup
        row
        aria-label={`Level for ${label}`}
        value={level}
        onChange={(_, next) => prefs.set(withLevel(prefs.get(), kind, next as SignalLevel))}
        sx={{ gridArea: 'levels', columnGap: 0.5 }}
      >
        {SIGNAL_LEVELS.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio size="small" />}
            label={SIGNAL_LEVEL_LABELS[option]}
            slotProps={{ typography: { variant: 'body2' } }}
            sx={{ mr: 1, ml: 0 }}
          />
        ))}
      </RadioGroup>
      {SIGNAL_KINDS_WITH_SOUND.includes(kind) ? (
      <FormControlLabel
        sx={{ gridArea: 'sound', mr: 0, ml: 0 }}
        label="Sound"
        slotProps={{ typography: { variant: 'body2' } }}
        control={
          <Switch
            size="small"
            checked={!current.mutedSounds.includes(kind)}
            onChange={(_, on) => prefs.set(withSoundMuted(prefs.get(), kind, !on))}
            slotProps={{ input: { role: 'switch', 'aria-label': `Sound for ${label}` } }}
          />
        }
      />
      ) : null}
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
          Where each kind of signal goes: a toast, the notification centre (the bell in the header), both or neither, and whether it plays a sound. Kept for you in this browser only.
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
      <Box>
        <Typography variant="subtitle2" component="h3">
          Per kind of signal
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The bell counts only what needs a look: failures, stuck trades, firing alerts, a lost connection. Off also silences the kind's sound.
        </Typography>
      </Box>
      <Box component="ul" aria-label="Level per kind of signal" sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
        {SIGNAL_KINDS.map((kind) => (
          <KindRow key={kind} kind={kind} current={current} prefs={prefs} />
        ))}
      </Box>
      <BrowserNotifications prefs={prefs} />
    </Paper>
  );
}
