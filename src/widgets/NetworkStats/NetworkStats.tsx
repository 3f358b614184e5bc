import { memo, useEffect, useSyncExternalStore } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { TXS_LEFT_DANGER } from '../../config/alerts.ts';
import { NETWORKS, NETWORK_INFO, isNetwork } from '../../config/networks.ts';
import { txsPaidFor } from '../../domain/alertRules.ts';
import { gasHint, gasUnit } from '../../domain/gasUnit.ts';
import { portfolioValueUSD } from '../../domain/portfolio.ts';
import { liveStore, sampledSource, useLive, useLiveFrom, type LiveState } from '../../realtime/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { NetworkSparklines } from './NetworkSparklines.tsx';
import { backfill, followLive, keepsHistory, subscribeHistoryStatus, type FetchSeries } from './networkHistory.ts';
import { VISUALLY_HIDDEN } from '../../ui/visuallyHidden.ts';
import { NetworkIcon } from '../../ui/NetworkIcon.tsx';
import { formatAmount, formatCountCompact, formatGas, formatUsd } from '../../domain/numberFormat.ts';

const order = new Map<string, number>(NETWORKS.map((n, i) => [n, i]));

function selectNetworks(s: LiveState): string {
  const names = new Set([...Object.keys(s.gasEstimate), ...Object.keys(s.balance)]);
  return [...names].sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999) || a.localeCompare(b)).join('|');
}

/**
 * The table's figures change at most four times a second, all in one repaint: a gas estimate that
 * changes every frame cannot be read, and each repaint of the table draws its sparklines' canvases
 * again (bench/sparklines.bench.ts: at 2,500 events/s that costs Home's event-to-paint a fifth).
 */
const FIGURES_EVERY_MS = 250;
const FIGURES = sampledSource(liveStore, FIGURES_EVERY_MS);

/**
 * One row per network; each subscribes to its own gas, balance and native price only. Plain table
 * cells styled once by the table (tableSx): a row re-renders on every gas or balance change, and a
 * MUI TableCell each time would cost a style serialisation per cell (bench/firehose.bench.ts).
 */
function useNetworkFigures(network: string) {
  const gas = useLiveFrom(FIGURES, (s) => s.gasEstimate[network]);
  const balance = useLiveFrom(FIGURES, (s) => s.balance[network]);
  const native = isNetwork(network) ? NETWORK_INFO[network].native : undefined;
  const price = useLiveFrom(FIGURES, (s) => (native ? s.brainState?.nativePriceUSD[native] : undefined));
  const txs = txsPaidFor(network, balance, gas);
  return { gas, balance, native, price, txs, low: txs !== null && txs < TXS_LEFT_DANGER };
}

const NetworkRow = memo(function NetworkRow({ network }: { network: string }) {
  const { gas, balance, native, price, txs, low } = useNetworkFigures(network);
  useBackfill(network);
  return (
    <tr>
      <th scope="row">
        <span>
          <NetworkIcon network={network} size={16} lettersDrawn />
          {network}
        </span>
      </th>
      <td title={gasHint(network)}>{gas === undefined ? '–' : formatGas(gas)}</td>
      <td>{balance === undefined ? '–' : formatAmount(balance, native)}</td>
      <td>{balance === undefined || price === undefined ? '–' : formatUsd(balance * price)}</td>
      <td>
        <NetworkSparklines network={network} native={native} width={SPARK_WIDTH} />
      </td>
      <td data-low={low || undefined} title={low ? `Under ${TXS_LEFT_DANGER} transactions left` : undefined}>
        {txs === null ? '–' : `≈ ${formatCountCompact(txs)} txs`}
        {low && <span style={VISUALLY_HIDDEN}> (low)</span>}
      </td>
    </tr>
  );
});

/** Body cells look like MUI's small TableCells, set once for all rows. */
const tableSx = (theme: Theme) => ({
  fontVariantNumeric: 'tabular-nums',
  willChange: 'transform',
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
  '& tbody th > span': { display: 'inline-flex', alignItems: 'center', gap: 0.75 },
  '& td[data-low]': { color: 'error.main', fontWeight: 700 },
  '& thead th': { px: 1, py: 0.5 },
});

/** The three sparklines of a row: narrow enough that the table fits its card beside Performance at 1280 px. */
const SPARK_WIDTH = 56;

const PAYS_FOR_HINT = 'Transactions the balance still pays for at the current gas estimate';

/**
 * On a phone or a tablet (below md) the five columns do not fit: one card per network instead, its name and what the
 * balance pays for on top, gas, balance and USD under it: an operator on call may have only a phone.
 */
const NetworkCard = memo(function NetworkCard({ network }: { network: string }) {
  const { gas, balance, native, price, txs, low } = useNetworkFigures(network);
  useBackfill(network);
  return (
    <Box component="li" aria-label={network} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
        <Typography variant="body2" component="h3" sx={{ fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <NetworkIcon network={network} size={16} lettersDrawn />
          {network}
        </Typography>
        <Typography
          variant="body2"
          title={low ? `Under ${TXS_LEFT_DANGER} transactions left` : PAYS_FOR_HINT}
          sx={low ? { color: 'error.main', fontWeight: 700 } : undefined}
        >
          {txs === null ? 'pays for –' : `pays for ≈ ${formatCountCompact(txs)} txs`}
          {low && <span style={VISUALLY_HIDDEN}> (low)</span>}
        </Typography>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1.6fr 1.3fr', columnGap: 1, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        {(
          [
            [gasUnit(network) === 'gwei' ? 'Gas, gwei' : 'Gas', gas === undefined ? '–' : formatGas(gas)],
            ['Balance', balance === undefined ? '–' : formatAmount(balance, native)],
            ['USD', balance === undefined || price === undefined ? '–' : formatUsd(balance * price)],
          ] as const
        ).map(([term, value]) => (
          <Box key={term} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2">
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 0.5 }}>
        <NetworkSparklines network={network} native={native} width={72} captions />
      </Box>
    </Box>
  );
});

/** The backfill of a network's sparklines (GET /api/stats/series); a 404 means the backend keeps no history. */
function useBackfill(network: string) {
  const api = useConsoleDataProvider();
  useEffect(() => {
    const fetchSeries: FetchSeries = (kind, net, from, to) =>
      api.getStatsSeries({ kind, network: net, from, to }).then((answer) => (answer.provided ? answer.data.points : null));
    backfill(network, fetchSeries);
  }, [api, network]);
}

const nativeOf = (network: string) => (isNetwork(network) ? NETWORK_INFO[network].native : undefined);

/** "Portfolio $12,345.67" (native balances × their price), naming what it leaves out. */
function selectPortfolio(s: LiveState): string {
  const { totalUSD, priced, unpriced } = portfolioValueUSD(s.balance, nativeOf, s.brainState?.nativePriceUSD);
  if (priced.length === 0) return '';
  return `${formatUsd(totalUSD)}${unpriced.length > 0 ? ` (without ${unpriced.join(', ')}: no price)` : ''}`;
}

function PortfolioTotal() {
  const text = useLiveFrom(FIGURES, selectPortfolio);
  if (text === '') return null;
  return (
    <Typography variant="body2" sx={{ mb: 0.5 }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Native coins' value, USD:{' '}
      </Box>
      <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-portfolio-usd="">
        {text}
      </Box>
    </Typography>
  );
}

const HISTORY_HINT = 'Gas, balance and block interval over the last hour';

/**
 * Gas estimate and balance per network (§1), with the balance's USD value where the native price
 * is known and how many transactions it still pays for at the current gas (config/alerts.ts), the total
 * portfolio value, and each network's last hour as sparklines.
 */
export function NetworkStats() {
  const networks = useLive(selectNetworks);
  useEffect(() => followLive(), []);
  const keeps = useSyncExternalStore(subscribeHistoryStatus, keepsHistory, keepsHistory);
  // Below md the content beside the docked menu (or a phone's whole width) is under 660 px: too narrow for the table.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  if (!networks) {
    return (
      <Typography variant="body2" color="text.secondary">
        Waiting for gas and balances…
      </Typography>
    );
  }
  const historyNote =
    keeps === false ? (
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        This server keeps no history: the lines start when this page opened.
      </Typography>
    ) : null;
  if (phone) {
    return (
      <>
        <PortfolioTotal />
        <Box component="ul" aria-label="Gas and balances per network" sx={{ listStyle: 'none', m: 0, p: 0, fontVariantNumeric: 'tabular-nums' }}>
          {networks.split('|').map((network) => (
            <NetworkCard key={network} network={network} />
          ))}
        </Box>
        {historyNote}
      </>
    );
  }
  return (
    <>
    <PortfolioTotal />
    <Table size="small" aria-label="Gas and balances per network" sx={tableSx}>
      <TableHead>
        <TableRow>
          <TableCell>Network</TableCell>
          {/* The unit under its name: the column stays as narrow as its figures. */}
          <TableCell align="right" title="Gas price in gwei, where the network prices gas so (hover a figure)">
            Gas
            <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary', lineHeight: 1 }}>
              gwei
            </Box>
          </TableCell>
          <TableCell align="right">Balance</TableCell>
          <TableCell align="right">USD</TableCell>
          <TableCell title={HISTORY_HINT}>Last hour (gas, balance, blocks)</TableCell>
          <TableCell align="right" title={PAYS_FOR_HINT}>
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
    {historyNote}
    </>
  );
}

export default NetworkStats;
