import { useState } from 'react';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getVolume, setVolume } from '../../notifications/index.ts';

/** §9 volumeSlider laid out flat, with its percentage: the Preferences screen's Sound card (the header has VolumeControl). */
export function VolumeSlider() {
  const [volume, setLocal] = useState(getVolume);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 360, pl: 1 }}>
      <Slider
        value={Math.round(volume * 100)}
        min={0}
        max={100}
        valueLabelDisplay="auto"
        aria-label="Sound volume"
        onChange={(_, v) => {
          const next = (Array.isArray(v) ? (v[0] ?? 0) : v) / 100;
          setLocal(next);
          setVolume(next);
        }}
      />
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {Math.round(volume * 100)}%
      </Typography>
    </Stack>
  );
}
