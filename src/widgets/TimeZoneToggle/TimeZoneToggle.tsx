import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zoneLabel, type TimeZoneMode } from '../../domain/time.ts';
import { LazyTooltip } from '../../ui/LazyTooltip.tsx';
import { setTimeZoneMode, useTimeZoneMode } from '../../ui/timeZone.ts';

const CHOICES: readonly { mode: TimeZoneMode; text: string }[] = [
  { mode: 'local', text: 'Local' },
  { mode: 'utc', text: 'UTC' },
];

/**
 * The header's time zone switch: every time on every screen in the browser's zone or in UTC, at once,
 * remembered per browser. Two pressed-or-not buttons rather than MUI's ToggleButtonGroup: same
 * semantics for assistive technology, and no new component in the home screen's budgeted bundle.
 */
export function TimeZoneToggle() {
  const mode = useTimeZoneMode();
  const local = zoneLabel(Date.now(), 'local');
  return (
    <LazyTooltip title={`Times are shown in ${mode === 'utc' ? 'UTC' : `local time (${local})`}`}>
      <Box role="group" aria-label="Time zone" sx={{ display: 'inline-flex', mr: 1, border: 1, borderColor: 'currentColor', borderRadius: 1, overflow: 'hidden' }}>
        {CHOICES.map((choice) => {
          const pressed = mode === choice.mode;
          return (
            <Button
              key={choice.mode}
              size="small"
              color="inherit"
              aria-pressed={pressed}
              onClick={() => setTimeZoneMode(choice.mode)}
              sx={{
                // 24 px square at least: a touch target WCAG 2.2 AA accepts (axe target-size on a phone).
                minWidth: 24,
                minHeight: 24,
                px: 1,
                py: 0.25,
                borderRadius: 0,
                textTransform: 'none',
                fontWeight: pressed ? 700 : 400,
                // The chosen one reads as filled in the bar's own colours, light or dark.
                bgcolor: pressed ? 'action.selected' : 'transparent',
                opacity: pressed ? 1 : 0.75,
              }}
            >
              {choice.text}
            </Button>
          );
        })}
      </Box>
    </LazyTooltip>
  );
}
