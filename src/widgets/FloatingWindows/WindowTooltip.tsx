import type { ReactElement, ReactNode } from 'react';
import Tooltip from '@mui/material/Tooltip';
import { WINDOW_Z_INDEX } from '../../config/constants.ts';

/** A tooltip that shows above the floating windows (MUI's default z-index is below them). */
export function WindowTooltip({ title, children }: { title: ReactNode; children: ReactElement }) {
  return (
    <Tooltip title={title} slotProps={{ popper: { sx: { zIndex: WINDOW_Z_INDEX + 1 } } }}>
      {children}
    </Tooltip>
  );
}
