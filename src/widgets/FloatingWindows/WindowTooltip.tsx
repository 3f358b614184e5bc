import type { ReactElement, ReactNode } from 'react';
import Tooltip from '@mui/material/Tooltip';
import { WINDOW_Z_INDEX } from '../../config/constants.ts';

/**
 * A tooltip that shows above the floating windows (MUI's default z-index is below them). Not
 * interactive: it closes as soon as the pointer leaves its control, rather than
 * staying open while the pointer crosses it on the way to what it covers (the amount field).
 */
export function WindowTooltip({ title, children }: { title: ReactNode; children: ReactElement }) {
  return (
    <Tooltip title={title} disableInteractive slotProps={{ popper: { sx: { zIndex: WINDOW_Z_INDEX + 1 } } }}>
      {children}
    </Tooltip>
  );
}
