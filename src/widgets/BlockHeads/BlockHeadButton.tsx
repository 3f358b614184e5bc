import { memo } from 'react';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useLive } from '../../realtime/index.ts';
import { explorerBlockUrl, staleThresholdMs } from '../../config/networks.ts';
import { isBlockStale, lastTwoDigits, secondsSince } from '../../domain/blocks.ts';
import { useNow } from '../shared/useNow.ts';

/**
 * SPEC §2: last 2 digits of the block number and seconds since the last change; opens the block
 * page on the network's explorer. §4: danger when unchanged for longer than the network's threshold.
 */
export const BlockHeadButton = memo(function BlockHeadButton({ network }: { network: string }) {
  const head = useLive((s) => s.newHeads[network]);
  const now = useNow(1000);
  if (!head) return null;
  const stale = isBlockStale(network, head.changedAt, now);
  const seconds = secondsSince(head.changedAt, now);
  const url = explorerBlockUrl(network, head.num);
  const label = `${network} block ${head.num}`;
  return (
    <Tooltip describeChild
      title={`${label}, changed ${seconds} s ago${stale ? ` (stale: over ${staleThresholdMs(network) / 1000} s)` : ''}`}
    >
      <Button
        component="a"
        size="small"
        variant={stale ? 'contained' : 'outlined'}
        color={stale ? 'error' : 'inherit'}
        aria-label={label}
        data-stale={stale}
        href={url ?? undefined}
        target="_blank"
        rel="noopener noreferrer"
        disabled={!url}
        sx={{ minWidth: 0, px: 1, fontVariantNumeric: 'tabular-nums', textTransform: 'none', gap: 0.75 }}
      >
        <span>{network}</span>
        <strong>{lastTwoDigits(head.num)}</strong>
        <span>{seconds}s</span>
      </Button>
    </Tooltip>
  );
});
