/** What a token row shows (§3): its networks as aligned lines, and the pin switches everyone may use. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import { useNotify } from 'react-admin';
import type { Token } from '../../contract/index.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { errorText } from '../../ui/errors.ts';
import type { ColumnDef } from '../../kit/definition.ts';
import { PinToggle } from './PinToggles.tsx';

const EMPTY: readonly string[] = [];
const selectPins = (s: LiveState) => s.brainState?.pinnedTokens ?? EMPTY;
const selectSellPins = (s: LiveState) => s.brainState?.autosellPins ?? EMPTY;

/** One line per network, as aligned columns: network, address, decimals (monospace, so addresses line up). */
function NetworkLines({ token }: { token: Token }) {
  return (
    <Box component="ul" aria-label={`Networks of ${token.tokenName}`} sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: 13, lineHeight: 1.6 }}>
      {Object.entries(token.networkData).map(([network, d]) => (
        <Box
          component="li"
          key={network}
          aria-label={`${network}: ${d.address} (${d.decimals} decimals)`}
          sx={{ display: 'grid', gridTemplateColumns: '11ch minmax(0, 44ch) 4ch', columnGap: '1ch' }}
        >
          <Box component="span" sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {network}
          </Box>
          <Box component="span" title={d.address} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {d.address}
          </Box>
          <Box component="span" title="decimals" sx={{ textAlign: 'right', color: 'text.secondary' }}>
            {d.decimals}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** A pin switch: PUT the whole list with this token added or taken off (§7 /txs/pins, /txs/pins/sell). */
function PinCell({ tokenName, kind }: { tokenName: string; kind: 'pin' | 'autosell' }) {
  const dataProvider = useConsoleDataProvider();
  const notify = useNotify();
  const pins = useLive(kind === 'pin' ? selectPins : selectSellPins);
  const [pending, setPending] = useState(false);
  const toggle = async (next: boolean) => {
    const list = next ? [...pins.filter((n) => n !== tokenName), tokenName] : pins.filter((n) => n !== tokenName);
    setPending(true);
    try {
      await (kind === 'pin' ? dataProvider.setPins(list) : dataProvider.setSellPins(list));
    } catch (e) {
      notify(`${kind === 'pin' ? 'Pin' : 'Autosell pin'} of ${tokenName} failed: ${errorText(e)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return <PinToggle tokenName={tokenName} kind={kind} pinned={pins.includes(tokenName)} disabled={pending} onToggle={(_n, _k, next) => void toggle(next)} />;
}

export const TOKEN_COLUMNS: ColumnDef<Token & { id: string }>[] = [
  { source: 'tokenName', label: 'Token', priority: 'primary' },
  { source: 'networks', label: 'Networks · network · address · decimals', render: (t) => <NetworkLines token={t} /> },
  { source: 'pinned', label: 'Pinned', render: (t) => <PinCell tokenName={t.tokenName} kind="pin" /> },
  { source: 'autosell', label: 'Autosell', render: (t) => <PinCell tokenName={t.tokenName} kind="autosell" /> },
];
