/** Misc settings as the live store has them; sell only is shown, not changed here (the header toggle does that). */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLive, type LiveState } from '../../realtime/index.ts';

const selectMisc = (s: LiveState) => s.miscSettings;

export function MiscSettingsPanel() {
  const misc = useLive(selectMisc);
  const automation = misc.bridgeAutomation;
  return (
    <Stack component="section" aria-label="Misc settings" spacing={0.5}>
      <Typography variant="h6" component="h2">
        Misc settings
      </Typography>
      <Typography>Sell only: {misc.sellOnly === undefined ? 'unknown' : misc.sellOnly ? 'on' : 'off'}</Typography>
      {automation && (
        <Typography>
          Bridge automation: {automation.enabled ? 'on' : 'off'}
          {automation.bridges.length > 0 ? ` (${automation.bridges.join(', ')})` : ''}
        </Typography>
      )}
    </Stack>
  );
}
