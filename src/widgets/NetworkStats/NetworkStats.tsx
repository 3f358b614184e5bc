import { memo } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { TXS_LEFT_DANGER } from '../../config/alerts.ts';
import { NETWORKS, NETWORK_INFO, isNetwork } from '../../config/networks.ts';
import { txsPaidFor } from '../../domain/alertRules.ts';
import { useLive } from '../../realtime/index.ts';
import { VISUALLY_HIDDEN } from '../shared/visuallyHidden.ts';
import type { LiveState } from '../../realtime/liveState.ts';

const order = new Map<string, number>(NETWORKS.map((n, i) => [n, i]));

function selectNetworks(s: LiveState): string {
  const names = new Set([...Object.keys(s.gasEstimate), ...Object.keys(s.balance)]);
  return [...names].sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999) || a.localeCompare(b)).join('|');
}

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });
const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
/** Exact under a thousand, where it matters; 12K, 1.2M above. */
const count = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

/**
 * One row per network; each subscribes to its own gas, balance and native price only. Plain table
 * cells styled once by the table (tableSx): a row re-renders on every gas or balance change, and a
 * MUI TableCell each time would cost a style serialisation per cell (issue #6 firehose).
 */
const NetworkRow = memo(function NetworkRow({ network }: { network: string }) {
  const gas = useLive((s) => s.gasEstimate[network]);
  const balance = useLive((s) => s.balance[network]);
  const native = isNetwork(network) ? NETWORK_INFO[network].native : undefined;
  const price = useLive((s) => (native ? s.brainState?.nativePriceUSD[native] : undefined));
  const txs = txsPaidFor(network, balance, gas);
  const low = txs !== null && txs < TXS_LEFT_DANGER;
  return (
    <tr>
      <th scope="row">{network}</th>
      <td>{gas === undefined ? '–' : number.format(gas)}</td>
      <td>{balance === undefined ? '–' : `${number.format(balance)} ${native ?? ''}`}</td>
      <td>{balance === undefined || price === undefined ? '–' : usd.format(balance * price)}</td>
      <td data-low={low || undefined} title={low ? `Under ${TXS_LEFT_DANGER} transactions left` : undefined}>
        {txs === null ? '–' : `≈ ${count.format(txs)} txs`}
        {low && <span style={VISUALLY_HIDDEN}> (low)</span>}
      </td>
    </tr>
  );
});

/** Body cells look like MUI's small TableCells, set once for all rows. */
const tableSx = (theme: Theme) => ({
  fontVariantNumeric: 'tabular-nums',
  '& tbody th, & tbody td': {
    ...theme.typography.body2,
    px: 1,
    py: 0.5,
    borderBottom: 1,
    borderColor: 'divider',
    textAlign: 'right',
    whiteSpace: 'nowrap',
  },
  '& tbody th': { textAlign: 'left', fontWeight: 400 },
  '& td[data-low]': { color: 'error.main', fontWeight: 700 },
  '& thead th': { px: 1, py: 0.5 },
});

/**
 * Gas estimate and balance per network (SPEC §1), with the balance's USD value where the native price
 * is known and how many transactions it still pays for at the current gas (config/alerts.ts).
 */
export function NetworkStats() {
  const networks = useLive(selectNetworks);
  if (!networks) {
    return (
      <Typography variant="body2" color="text.secondary">
        Waiting for gas and balances…
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label="Gas and balances per network" sx={tableSx}>
      <TableHead>
        <TableRow>
          <TableCell>Network</TableCell>
          <TableCell align="right">Gas</TableCell>
          <TableCell align="right">Balance</TableCell>
          <TableCell align="right">USD</TableCell>
          <TableCell align="right" title="Transactions the balance still pays for at the current gas estimate">
            Pays for
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {networks.split('|').map((network) => (
          <NetworkRow key={network} network={network} />
        ))}
      </TableBody>
    </Table>
  );
}
