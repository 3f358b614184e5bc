import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLive } from '../../realtime/index.ts';
import { NETWORKS } from '../../config/networks.ts';
import { BlockHeadButton } from './BlockHeadButton.tsx';

const order = new Map<string, number>(NETWORKS.map((n, i) => [n, i]));

/** The networks that have reported a block head, in the table order of SPEC §3; stable across renders. */
function selectNetworks(s: { newHeads: Readonly<Record<string, unknown>> }): string {
  return Object.keys(s.newHeads)
    .sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999) || a.localeCompare(b))
    .join('|');
}

export function BlockHeads() {
  const networks = useLive(selectNetworks);
  const list = networks ? networks.split('|') : [];
  return (
    <Box component="section" aria-label="Block heads" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
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
