import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { keyframes } from '@mui/material/styles';
import { useLive } from '../../realtime/index.ts';

const drift = keyframes`
  0% { background-position: 0% 50%; }
  50% { background-position: 100% 50%; }
  100% { background-position: 0% 50%; }
`;

/** §2: on the `background` command the page background turns decorative until backgroundUntil. */
export function DecorativeBackground() {
  const until = useLive((s) => s.backgroundUntil);
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (until === null) return;
    const remaining = until - Date.now();
    if (remaining <= 0) {
      setActive(false);
      return;
    }
    setActive(true);
    const id = setTimeout(() => setActive(false), remaining);
    return () => clearTimeout(id);
  }, [until]);
  if (!active) return null;
  return (
    <>
      {/* react-admin's layout paints solid backgrounds over the page; let the decoration through. */}
      <GlobalStyles styles={{ '.layout, .RaLayout-appFrame, .RaLayout-contentWithSidebar, .RaLayout-content': { backgroundColor: 'transparent !important' } }} />
      <Box
        aria-hidden
        data-testid="decorative-background"
        sx={{
          position: 'fixed',
          inset: 0,
          zIndex: -1,
          pointerEvents: 'none',
          opacity: 0.35,
          background: 'linear-gradient(120deg, #ff6ec4, #7873f5, #4adede, #ffd86e)',
          backgroundSize: '400% 400%',
          animation: `${drift} 6s ease infinite`,
        }}
      />
    </>
  );
}
