/**
 * /settings, System settings (Admin): what applies to the whole system: misc settings, the results
 * cache, cloud groups. /tsettings, Preferences (anyone): this browser's sound, and the misc
 * settings to read.
 */
import Box from '@mui/material/Box';
import { CacheClear } from './CacheClear.tsx';
import { CloudGroups } from './CloudGroups.tsx';
import { MiscSettingsPanel } from './MiscSettingsPanel.tsx';
import { VolumePreference } from './VolumePreference.tsx';

export function SettingsScreen({ admin }: { admin: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start', maxWidth: 1200 }}>
      <MiscSettingsPanel />
      {!admin && <VolumePreference />}
      {admin && <CacheClear />}
      {admin && <CloudGroups />}
    </Box>
  );
}
