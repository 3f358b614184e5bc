/** /settings (Admin): misc settings (sell only read-only), cache clear, cloud groups, sound. /tsettings: misc + sound. */
import Box from '@mui/material/Box';
import { CacheClear } from './CacheClear.tsx';
import { CloudGroups } from './CloudGroups.tsx';
import { MiscSettingsPanel } from './MiscSettingsPanel.tsx';
import { VolumePreference } from './VolumePreference.tsx';

export function SettingsScreen({ admin }: { admin: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start', maxWidth: 1200 }}>
      <MiscSettingsPanel />
      <VolumePreference />
      {admin && <CacheClear />}
      {admin && <CloudGroups />}
    </Box>
  );
}
