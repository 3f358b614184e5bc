/**
 * What a bridge row shows (§3): its kind, networks and tokens, its fee in ETH (GET
 * /bridges/fee-to-eth, asked again when the live bridges change) and whether bridge automation
 * uses it (live misc settings); the row's Solana config action.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TuneIcon from '@mui/icons-material/Tune';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useCreatePath } from 'react-admin';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { toSignificant } from '../../domain/amounts.ts';
import { useLive, liveStore, type LiveState } from '../../realtime/index.ts';
import type { ColumnDef } from '../../kit/definition.ts';
import { AUTOMATION_OFF, automatedText } from './automationRules.ts';
import { BRIDGES_RESOURCE, type BridgeRow } from './record.ts';

const selectBridges = (s: LiveState) => s.bridges;
const selectAutomation = (s: LiveState) => s.miscSettings.bridgeAutomation;
export const listText = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : '');

/** A display choice, not a §9 constant: enough digits to compare fees at a glance; the full value is on hover. */
export const FEE_SIGNIFICANT_DIGITS = 4;

/** A fee in ETH, short: 0.000130672590491 -> "0.0001307". Numbers JS writes in exponent form are written out first. */
export function feeText(fee: number): string {
  if (!Number.isFinite(fee)) return String(fee);
  const plain = /e/i.test(String(fee)) ? fee.toFixed(20) : String(fee);
  return toSignificant(plain, FEE_SIGNIFICANT_DIGITS);
}

/** Every bridge's fee in ETH: one request shared by the rows, asked again when the live bridges change. */
export function useBridgeFees() {
  const dataProvider = useConsoleDataProvider();
  const bridges = useLive(selectBridges);
  const key = useMemo(
    () => Object.values(bridges).map((b) => `${b.bridgeName}:${String((b as { version?: unknown }).version ?? '')}`).sort().join(','),
    [bridges],
  );
  return useQuery({ queryKey: [BRIDGES_RESOURCE, 'fees', key], queryFn: () => dataProvider.bridgeFees(), staleTime: 30_000 });
}

function FeeCell({ bridgeName }: { bridgeName: string }) {
  const { data } = useBridgeFees();
  const fee = data?.fees[bridgeName];
  if (fee === undefined) return null;
  return (
    <Box component="span" title={String(fee)} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {feeText(fee)}
    </Box>
  );
}

function AutomatedCell({ bridgeName }: { bridgeName: string }) {
  const automation = useLive(selectAutomation) ?? AUTOMATION_OFF;
  return <>{automatedText(automation, bridgeName)}</>;
}

export const BRIDGE_COLUMNS: ColumnDef<BridgeRow>[] = [
  { source: 'bridgeName', label: 'Bridge', priority: 'primary' },
  { source: 'kind', label: 'Kind' },
  { source: 'networks', label: 'Networks', render: (b) => listText(b.networks) },
  { source: 'tokens', label: 'Tokens', render: (b) => listText(b.tokens) },
  { source: 'fee', label: 'Fee (ETH)', sortable: false, render: (b) => <FeeCell bridgeName={b.bridgeName} /> },
  { source: 'automated', label: 'Automated', render: (b) => <AutomatedCell bridgeName={b.bridgeName} /> },
];

/** Sort keys of the computed columns. */
export function bridgeSortValue(bridge: BridgeRow, field: string): unknown {
  switch (field) {
    case 'networks':
    case 'tokens':
      return listText(bridge[field]);
    case 'automated':
      return automatedText(liveStore.getState().miscSettings.bridgeAutomation ?? AUTOMATION_OFF, bridge.bridgeName);
    default:
      return (bridge as Record<string, unknown>)[field];
  }
}

/** The search box: a bridge's name, kind, networks or tokens contain the text (case-insensitive). */
export function matchesBridge(bridge: BridgeRow, filter: Readonly<Record<string, unknown>>): boolean {
  const q = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : '';
  if (q === '') return true;
  return [bridge.bridgeName, bridge.kind, listText(bridge.networks), listText(bridge.tokens)].some((t) => String(t ?? '').toLowerCase().includes(q));
}

/** The row's way to the bridge's Solana bridge configuration (the resource's show view). */
export function BridgeRowActions({ record }: { record: BridgeRow }) {
  const createPath = useCreatePath();
  return (
    <IconButton
      component={Link}
      to={createPath({ resource: BRIDGES_RESOURCE, id: record.id, type: 'show' })}
      aria-label={`Solana config of ${record.bridgeName}`}
      title="Solana config"
      size="small"
    >
      <TuneIcon fontSize="small" />
    </IconButton>
  );
}
