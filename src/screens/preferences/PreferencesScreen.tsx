/**
 * /tsettings, Preferences (anyone): the misc settings to read (src/ui/MiscSettingsPanel.tsx, shared
 * with System settings), this browser's sound, the alert rules and the notification preferences.
 */
import Box from '@mui/material/Box';
import { MiscSettingsPanel } from '../../ui/MiscSettingsPanel.tsx';
import { AlertRulesPreferences, NotificationPreferences } from '../../preferences/index.ts';
import { VolumePreference } from './VolumePreference.tsx';

export function PreferencesScreen() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start', maxWidth: 1200 }}>
      <MiscSettingsPanel />
      <VolumePreference />
      <AlertRulesPreferences />
      <NotificationPreferences />
    </Box>
  );
}
