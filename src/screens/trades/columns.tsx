/** The trade list's columns and filters, loaded with the trade screens (views.tsx). */
import { createElement } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useListContext } from 'react-admin';
import { NETWORKS } from '../../config/networks.ts';
import { TRADE_STATES, type TradeJourney } from '../../contract/trades.ts';
import { KitSelectInput } from '../../kit/inputs.tsx';
import type { ColumnDef, FilterDef, ResourceViews } from '../../kit/definition.ts';
import { CutText } from '../../ui/CutText.tsx';
import { TimeFilterInput } from '../../ui/TimeFilterInput.tsx';
import { TimeText } from '../../ui/TimeText.tsx';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { NetworkIcon } from '../../ui/NetworkIcon.tsx';
import { TRADE_ERROR_MESSAGES, tradeErrorMessage } from '../../config/errorCodes.ts';
import { shortId, tradeStateColor, tradeStateVariant } from './tradeState.ts';
import { formatAmount, formatUsdChange } from '../../domain/numberFormat.ts';
import { tradeAmountUnit } from '../../domain/amountUnits.ts';

type Trade = TradeJourney & { id: string };

/** A trade's amount with its unit (domain/amountUnits.ts), one format wherever a trade's amounts show. */
export function tradeAmount(trade: Parameters<typeof tradeAmountUnit>[0] & { amountIn?: number; amountOut?: number }, side: 'in' | 'out'): string {
  const value = side === 'in' ? trade.amountIn : trade.amountOut;
  return value === undefined ? '–' : formatAmount(value, tradeAmountUnit(trade, side));
}

/** A figure and its unit stay on one line: "1,192.60" over "USDC" reads as two values. */
const OneLine = ({ text }: { text: string }) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** Buy network → sell network, the bridge under them: as the trade toasts say it, in two short lines for a table. */
export function RouteText({ trade }: { trade: Pick<TradeJourney, 'networkBuy' | 'networkSell' | 'bridge'> }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.3 }}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
        <NetworkIcon network={trade.networkBuy} />
        {trade.networkBuy}
        <span>→</span>
        <NetworkIcon network={trade.networkSell} />
        {trade.networkSell}
      </Box>
      {trade.bridge.name !== '' && (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
          via {trade.bridge.name}
        </Box>
      )}
    </Box>
  );
}

export function StateChip({ state }: { state: TradeJourney['state'] }) {
  return <Chip size="small" label={state} color={tradeStateColor(state)} variant={tradeStateVariant(state)} sx={{ height: 20 }} />;
}

const COLUMNS: ColumnDef<Trade>[] = [
  // The trade's id on one line, its start shown, whole on hover and focus.
  { source: 'tradeId', label: 'Trade', priority: 'primary', render: (t) => <CutText text={t.tradeId} shown={shortId(t.tradeId)} mono /> },
  { source: 'tokenName', label: 'Token', phone: 'secondary' },
  { source: 'route', label: 'Route', sortable: false, phone: 'secondary', render: (t) => <RouteText trade={t} /> },
  { source: 'startedAt', label: 'Started', sortByOrder: 'DESC', phone: 'secondary', render: (t) => <TimeText ms={t.startedAt} /> },
  { source: 'updatedAt', label: 'Last update', sortByOrder: 'DESC', priority: 'low', render: (t) => <TimeText ms={t.updatedAt} /> },
  { source: 'currentStep', label: 'Step', sortable: false, priority: 'medium', render: (t) => t.currentStep + 1 },
  { source: 'state', label: 'State', sortable: false, phone: 'secondary', render: (t) => <StateChip state={t.state} /> },
  { source: 'expectedProfit', label: 'Expected profit', sortByOrder: 'DESC', align: 'right', render: (t) => formatUsdChange(t.expectedProfit) },
  { source: 'amountIn', label: 'Amount in', sortByOrder: 'DESC', align: 'right', priority: 'medium', render: (t) => <OneLine text={tradeAmount(t, 'in')} /> },
  // The sell's output once the trade completed: shown from the column chooser, the table is wide enough.
  { source: 'amountOut', label: 'Amount out', sortable: false, align: 'right', hidden: true, render: (t) => <OneLine text={tradeAmount(t, 'out')} /> },
];

type Named = Readonly<Record<string, unknown>>;
const selectTokenNames = (s: LiveState): Named => s.allTokens;
const selectBridges = (s: LiveState): Named => s.bridges;

/** A select of the names the socket keeps (tokens, bridges): the server matches names exactly, so they are picked, not typed. */
function LiveNameFilter({ source, label = source, of }: { source: string; label?: string; of: 'tokens' | 'bridges'; alwaysOn?: boolean }) {
  const records = useLive(of === 'tokens' ? selectTokenNames : selectBridges);
  const { filterValues } = useListContext();
  const names = Object.keys(records).sort((a, b) => a.localeCompare(b));
  const value: unknown = (filterValues as Record<string, unknown>)[source];
  const chosen = typeof value === 'string' ? value : '';
  const choices = chosen !== '' && !names.includes(chosen) ? [chosen, ...names] : names;
  return <KitSelectInput source={source} label={label} choices={choices} emptyText="Any" sx={{ minWidth: 160 }} />;
}

const ERROR_CODES = TRADE_ERROR_MESSAGES.map((_, code) => String(code));

const FILTERS: FilterDef[] = [
  { source: 'state', label: 'State', kind: 'select', choices: TRADE_STATES, emptyText: 'Any' },
  { source: 'tokenName', label: 'Token', kind: 'custom', input: createElement(LiveNameFilter, { source: 'tokenName', of: 'tokens' }) },
  { source: 'network', label: 'Network', kind: 'select', choices: NETWORKS, emptyText: 'Any' },
  // One end of the route alone (an Analytics route row opens the list filtered to it).
  { source: 'networkBuy', label: 'Buy network', kind: 'select', choices: NETWORKS, emptyText: 'Any' },
  { source: 'networkSell', label: 'Sell network', kind: 'select', choices: NETWORKS, emptyText: 'Any' },
  // The §8 code and its message, as the transactions' filter shows them; only failed trades have one.
  { source: 'errCode', label: 'Error', kind: 'select', choices: ERROR_CODES, emptyText: 'Any', optionText: (code) => `${code}: ${tradeErrorMessage(Number(code))}` },
  { source: 'bridgeName', label: 'Bridge', kind: 'custom', input: createElement(LiveNameFilter, { source: 'bridgeName', of: 'bridges' }) },
  { source: 'from', label: 'Started from', kind: 'custom', input: createElement(TimeFilterInput, { source: 'from', edge: 'start' }) },
  { source: 'to', label: 'Started to', kind: 'custom', input: createElement(TimeFilterInput, { source: 'to', edge: 'end' }) },
];

/** The trade list's parts, which its own list view (TradesList) hands the kit's list. */
export const tradeViews: ResourceViews = {
  columns: COLUMNS as unknown as ColumnDef[],
  filters: FILTERS,
};
