/** SPEC §2 trade toast body: token name, tx types, buy and sell network icons, bridge name. All text, never HTML. */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export type TradeToastState = 'SENDING' | 'CONFIRM' | 'FAIL';

export interface TradeToastProps {
  state: TradeToastState;
  tokenName: string;
  txTypes: readonly string[];
  networkBuy: string;
  networkSell: string;
  bridgeName: string;
}

/** A stable colour per network name, so the same network always looks the same. */
function networkHue(network: string): number {
  let h = 0;
  for (let i = 0; i < network.length; i++) h = (h * 31 + network.charCodeAt(i)) % 360;
  return h;
}

export function NetworkAvatar({ network }: { network: string }) {
  return (
    <Avatar
      title={network}
      aria-label={network}
      sx={{ width: 20, height: 20, fontSize: 10, bgcolor: `hsl(${networkHue(network)}, 55%, 40%)`, color: '#fff' }}
    >
      {network.slice(0, 2)}
    </Avatar>
  );
}

export function TradeToast({ state, tokenName, txTypes, networkBuy, networkSell, bridgeName }: TradeToastProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }} data-trade-state={state}>
      <Typography variant="body2" component="div" sx={{ fontWeight: 700 }}>
        {state} {tokenName}
      </Typography>
      <Typography variant="caption" component="div">
        {txTypes.join(', ')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <NetworkAvatar network={networkBuy} />
        <Typography variant="caption" component="span">
          {networkBuy}
        </Typography>
        <Typography variant="caption" component="span" aria-hidden>
          →
        </Typography>
        <NetworkAvatar network={networkSell} />
        <Typography variant="caption" component="span">
          {networkSell}
        </Typography>
        {bridgeName ? (
          <Typography variant="caption" component="span" sx={{ ml: 1, opacity: 0.85, whiteSpace: 'nowrap' }}>
            via {bridgeName}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
