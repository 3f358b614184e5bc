/**
 * /settings, System settings (Admin): what applies to the whole system: misc settings and the
 * results cache (cloud groups are a resource of their own, /settings/cloudgroups). The misc settings
 * panel is shared with Preferences (/tsettings), which shows them to read.
 */
import Box from '@mui/material/Box';
import { MiscSettingsPanel } from '../../ui/MiscSettingsPanel.tsx';
import { CacheClear } from './CacheClear.tsx';

export function SettingsScreen() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start', maxWidth: 1200 }}>
      <MiscSettingsPanel />
      <CacheClear />
    </Box>
  );
}
