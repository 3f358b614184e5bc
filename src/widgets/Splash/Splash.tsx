import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { APP_LABEL, APP_VERSION, SPLASH_PROMPT_DELAY_MS, SPLASH_PROMPT_TEXT } from '../../config/constants.ts';
import type { SoundName } from '../../config/enums.ts';

export interface SplashProps {
  onEnter: () => void;
  playSound: (name: SoundName) => void;
}

/**
 * §2 splash loader after login: the prompt appears after 4 s; a click plays a sound and enters.
 * The click is also the user gesture browsers require before any later sound can play.
 */
export function Splash({ onEnter, playSound }: SplashProps) {
  const [prompt, setPrompt] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setPrompt(true), SPLASH_PROMPT_DELAY_MS);
    return () => clearTimeout(id);
  }, []);
  const enter = () => {
    playSound('plop');
    onEnter();
  };
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-label="Enter the console"
      onClick={enter}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') enter();
      }}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
        cursor: 'pointer',
      }}
    >
      <Typography variant="h5" component="p">
        {APP_LABEL} v{APP_VERSION}
      </Typography>
      <CircularProgress aria-label="Loading live data" />
      {/* §2 the prompt appears after 4 s: not in the page before (an empty line of its height keeps the layout still). */}
      <Typography variant="body1" sx={{ fontFamily: 'monospace', minHeight: '1.5em' }} aria-live="polite">
        {prompt ? SPLASH_PROMPT_TEXT : null}
      </Typography>
    </Box>
  );
}
