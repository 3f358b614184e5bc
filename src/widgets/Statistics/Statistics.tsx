import { useState, type ComponentProps } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { liveStore, useLive, type LiveState } from '../../realtime/index.ts';
import { retryableLazy } from '../../ui/retryableLazy.tsx';
import type { JsonDialog as JsonDialogType } from '../../ui/dialogs/JsonDialog.tsx';
import { OnceOpened } from '../../ui/OnceOpened.tsx';

/** Its code loads when the operator first opens it (not with home). */
const JsonDialog = retryableLazy<ComponentProps<typeof JsonDialogType>>('the value viewer', () =>
  import('./StatisticDialog.tsx').then((m) => ({ default: m.StatisticDialog })),
);

const STATS = [
  { key: 'eventerStats', label: 'Eventer stats' },
  { key: 'workerStats', label: 'Worker stats' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'events', label: 'Events' },
  { key: 'lpStats', label: 'Liquidity pools' },
] as const satisfies readonly { key: keyof LiveState; label: string }[];

type StatKey = (typeof STATS)[number]['key'];

/** §3 statistics strings, each readable in a popup. Buttons re-render only when a stat appears. */
export function Statistics() {
  const available = useLive((s) => STATS.map(({ key }) => (s[key] ? '1' : '0')).join(''));
  const [open, setOpen] = useState<StatKey | null>(null);
  const shown = STATS.find((s) => s.key === open);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} component="section" aria-label="Statistics">
      {STATS.map(({ key, label }, i) => (
        <Button key={key} size="small" variant="outlined" disabled={available[i] !== '1'} onClick={() => setOpen(key)}>
          {label}
        </Button>
      ))}
      {/* Read once when opened: a popup someone is reading should not jump under them. */}
      <OnceOpened open={shown !== undefined}>
        <JsonDialog open={shown !== undefined} title={shown?.label ?? ''} value={shown ? liveStore.getState()[shown.key] : ''} onClose={() => setOpen(null)} />
      </OnceOpened>
    </Stack>
  );
}
