import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { MAX_FLOATING_PANELS, WINDOW_Z_INDEX } from '../../config/constants.ts';
import { Z_INDEX } from '../../config/layers.ts';
import { windowLabel, type WindowEntry } from './types.ts';
import { WindowTooltip } from './WindowTooltip.tsx';

/** The list's height and its gap to the screen's bottom edge (px). */
const LIST_HEIGHT = 40;
const LIST_GAP = 8;
/**
 * On a phone the list spans the page's left half at the bottom: the page ends with room as tall as
 * the list and its gap, so its last lines scroll out from under it instead of staying hidden there.
 * (Wider screens put the list over the menu's column.)
 */
const LIST_CLASS = 'console-window-list';
const LIST_STYLES = {
  '@media (max-width: 599.95px)': {
    '#main-content::after': { content: '""', display: 'block', flex: '0 0 auto', height: LIST_HEIGHT + LIST_GAP },
  },
  // While the operator has something open (a dialog, the notification centre, the phone's menu, a
  // menu or a popover), the list steps below it, under its backdrop with the rest of the page: it
  // never covers what was opened. (A temporary drawer, the lowest of these, sits on the drawer
  // layer.) The windows themselves keep their z-index (§2/§9).
  [`body:has(.MuiModal-root:not(.MuiModal-hidden)) .${LIST_CLASS}`]: { zIndex: Z_INDEX.drawer - 1 },
};

/** §2/§9 Why the plus button is disabled. */
export const PANEL_LIMIT_TEXT = `At most ${MAX_FLOATING_PANELS} floating panels can be added`;

export interface WindowListProps {
  windows: readonly WindowEntry[];
  onToggle: (id: number) => void;
  onAdd: () => void;
}

/** §2 The bottom-left list: one visibility toggle per window and a plus button adding a Swap window. */
export function WindowList({ windows, onToggle, onAdd }: WindowListProps) {
  const atLimit = windows.length >= MAX_FLOATING_PANELS;
  return (
    <>
      <GlobalStyles styles={LIST_STYLES} />
      <Paper
        component="nav"
        className={LIST_CLASS}
        aria-label="Floating windows"
        elevation={4}
        sx={{
          position: 'fixed',
          left: 8,
          bottom: LIST_GAP,
          height: LIST_HEIGHT,
          boxSizing: 'border-box',
          zIndex: WINDOW_Z_INDEX,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          p: 0.5,
        }}
      >
        {windows.map((entry) => (
          <Button
            key={entry.id}
            size="small"
            variant={entry.hidden ? 'outlined' : 'contained'}
            // Named by its visible text ("#1 Swap"); pressed while the window shows.
            aria-pressed={!entry.hidden}
            title={`${entry.hidden ? 'Show' : 'Hide'} ${windowLabel(entry)}`}
            onClick={() => onToggle(entry.id)}
            sx={{ textTransform: 'none', minWidth: 0 }}
          >
            #{entry.id} {entry.name}
          </Button>
        ))}
        <WindowTooltip title={atLimit ? PANEL_LIMIT_TEXT : 'Add swap window'}>
          {/* A disabled button gets no pointer events; the span keeps the tooltip explaining why. */}
          <span>
            <IconButton size="small" aria-label="Add swap window" disabled={atLimit} onClick={onAdd}>
              <AddIcon fontSize="small" />
            </IconButton>
          </span>
        </WindowTooltip>
      </Paper>
    </>
  );
}
