/**
 * Misc settings as the live store has them, shown by System settings and Preferences alike; sell
 * only is shown, not changed here (the header toggle does that).
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLive, type LiveState } from '../realtime/index.ts';
import { Section } from './Section.tsx';

const selectMisc = (s: LiveState) => s.miscSettings;

function State({ label, on }: { label: string; on: boolean | undefined }) {
  const text = on === undefined ? 'unknown' : on ? 'on' : 'off';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-label={`${label}: ${text}`} role="group">
      <Typography variant="body2" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Chip size="small" label={text} color={on ? 'warning' : 'default'} variant="outlined" />
    </Stack>
  );
}

export function MiscSettingsPanel() {
  const misc = useLive(selectMisc);
  const automation = misc.bridgeAutomation;
  return (
    <Section title="Misc settings" about="Live from the server. Sell only is switched with the Sell Only toggle of the worker controls on the home screen.">
      <State label="Sell only" on={misc.sellOnly} />
      {automation && (
        <>
          <State label="Bridge automation" on={automation.enabled} />
          <Typography variant="body2" color="text.secondary">
            {automation.bridges.length > 0 ? `Automated bridges: ${automation.bridges.join(', ')}` : 'No bridge is automated.'}
          </Typography>
        </>
      )}
    </Section>
  );
}
