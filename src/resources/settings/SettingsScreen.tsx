/** /settings (Admin): misc settings (sell only read-only), cache clear, cloud groups, volume. /tsettings: misc + volume. */
import Stack from '@mui/material/Stack';
import { CacheClear } from './CacheClear.tsx';
import { CloudGroups } from './CloudGroups.tsx';
import { MiscSettingsPanel } from './MiscSettingsPanel.tsx';
import { VolumePreference } from './VolumePreference.tsx';

export function SettingsScreen({ admin }: { admin: boolean }) {
  return (
    <Stack spacing={4}>
      <MiscSettingsPanel />
      {admin && <CacheClear />}
      {admin && <CloudGroups />}
      <VolumePreference />
    </Stack>
  );
}
