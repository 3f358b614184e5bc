/**
 * /settings, System settings (Admin): what applies to the whole system: misc settings and the
 * results cache (cloud groups are a resource of their own, /settings/cloudgroups). /tsettings,
 * Preferences (anyone): this browser's sound, and the misc settings to read.
 */
import Box from '@mui/material/Box';
import { CacheClear } from './CacheClear.tsx';
import { MiscSettingsPanel } from './MiscSettingsPanel.tsx';
import { VolumePreference } from './VolumePreference.tsx';
import { AlertRulesPreferences, NotificationPreferences } from '../../preferences/index.ts';

export function SettingsScreen({ admin }: { admin: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start', maxWidth: 1200 }}>
      <MiscSettingsPanel />
      {!admin && <VolumePreference />}
      {!admin && <AlertRulesPreferences />}
      {!admin && <NotificationPreferences />}
      {admin && <CacheClear />}
    </Box>
  );
}
