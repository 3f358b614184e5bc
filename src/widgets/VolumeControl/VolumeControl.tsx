import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { getVolume, playSound, setVolume } from '../../notifications/index.ts';

// Loaded when the popover first opens (an operator's action), not with the home screen.
const Slider = lazy(() => import('./LazySlider.tsx'));

/** §9 volumeSlider: the sound volume, with mute, stored locally. */
export function VolumeControl() {
  const [volume, setLocal] = useState(getVolume);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [beforeMute, setBeforeMute] = useState(1);
  const apply = (v: number) => {
    setLocal(v);
    setVolume(v);
  };
  const percent = Math.round(volume * 100);
  return (
    <>
      <IconButton color="inherit" aria-label={`Sound volume ${percent}%`} onClick={(e) => setAnchor(e.currentTarget)}>
        {volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack direction="row" spacing={2} sx={{ p: 2, width: 260, alignItems: 'center' }}>
          <IconButton
            aria-label={volume === 0 ? 'Unmute sounds' : 'Mute sounds'}
            onClick={() => {
              if (volume === 0) apply(beforeMute || 1);
              else {
                setBeforeMute(volume);
                apply(0);
              }
            }}
          >
            {volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
          </IconButton>
          <Suspense fallback={<Box sx={{ flex: 1 }} />}>
            <Slider
              aria-label="Volume"
              value={percent}
              min={0}
              max={100}
              onChange={(_, v) => apply((Array.isArray(v) ? (v[0] ?? 0) : v) / 100)}
              onChangeCommitted={() => playSound('plop')}
            />
          </Suspense>
          <Typography variant="body2" sx={{ width: 40, fontVariantNumeric: 'tabular-nums' }}>
            {percent}%
          </Typography>
        </Stack>
      </Popover>
    </>
  );
}
