import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLive } from '../../realtime/index.ts';
import { NETWORKS } from '../../config/networks.ts';
import { BLOCK_HEAD_CLASS, BlockHeadButton } from './BlockHeadButton.tsx';
import type { Theme } from '@mui/material/styles';

/** The buttons' look, set once here rather than per button render (they re-render on every block). */
const sectionSx = (theme: Theme) => ({
  // A layer of its own: the heads change every frame, and repainting them alone is cheaper than
  // repainting the page's layer around them (bench/README.md "firehose").
  willChange: 'transform',
  display: 'flex',
  flexWrap: 'wrap',
  gap: 0.5,
  alignItems: 'center',
  [`& .${BLOCK_HEAD_CLASS}`]: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.75,
    px: 1,
    minHeight: 28,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    color: 'text.primary',
    textDecoration: 'none',
    ...theme.typography.body2,
    fontVariantNumeric: 'tabular-nums',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
    '& strong': { fontWeight: 700 },
    '& span:last-of-type': { color: 'text.secondary' },
  },
  [`& .${BLOCK_HEAD_CLASS}[data-stale="true"]`]: {
    bgcolor: 'error.main',
    borderColor: 'error.main',
    color: 'error.contrastText',
    '& span:last-of-type': { color: 'inherit' },
    '&:hover': { bgcolor: 'error.dark' },
  },
  [`& .${BLOCK_HEAD_CLASS}[aria-disabled="true"]`]: { opacity: 0.6 },
});

const order = new Map<string, number>(NETWORKS.map((n, i) => [n, i]));

/** The networks that have reported a block head, in the table order of §3; stable across renders. */
function selectNetworks(s: { newHeads: Readonly<Record<string, unknown>> }): string {
  return Object.keys(s.newHeads)
    .sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999) || a.localeCompare(b))
    .join('|');
}

export function BlockHeads() {
  const networks = useLive(selectNetworks);
  const list = networks ? networks.split('|') : [];
  return (
    // A group, not a landmark: home puts it in its own "Block heads" panel, and two landmarks of one name mislead.
    <Box role="group" aria-label="Block heads" sx={sectionSx}>
      {list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Waiting for block heads…
        </Typography>
      ) : (
        list.map((network) => <BlockHeadButton key={network} network={network} />)
      )}
    </Box>
  );
}
