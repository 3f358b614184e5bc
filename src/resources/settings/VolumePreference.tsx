/** SPEC §9 volumeSlider: the local sound volume, 0 to 100%. */
import { useState } from 'react';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getVolume, setVolume } from '../../notifications/index.ts';

export function VolumePreference() {
  const [volume, setLocal] = useState(getVolume);
  return (
    <Stack component="section" aria-label="Volume" spacing={1} sx={{ maxWidth: 320 }}>
      <Typography variant="h6" component="h2">
        Volume
      </Typography>
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
      <Typography variant="body2">{Math.round(volume * 100)}%</Typography>
    </Stack>
  );
}
