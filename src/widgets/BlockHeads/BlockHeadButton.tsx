import { memo, type KeyboardEvent } from 'react';
import { useLive } from '../../realtime/index.ts';
import { explorerBlockUrl, staleThresholdMs } from '../../config/networks.ts';
import { isBlockStale, lastTwoDigits, secondsSince } from '../../domain/blocks.ts';
import { LazyTooltip } from '../../ui/LazyTooltip.tsx';
import { useNow } from '../../ui/useNow.ts';
import { VISUALLY_HIDDEN } from '../../ui/visuallyHidden.ts';
import { NetworkIcon } from '../../ui/NetworkIcon.tsx';

/** Class of a block-head button; BlockHeads styles it once for all of them. */
export const BLOCK_HEAD_CLASS = 'block-head';

/**
 * §2: last 2 digits of the block number and seconds since the last change; opens the block
 * page on the network's explorer. §4: danger when unchanged for longer than the network's threshold.
 * A link in the role of a button (§2 calls them buttons; the href keeps middle-click and copy-link)
 * that Space presses as well as Enter, styled by its parent, with its tooltip mounted only on hover or focus: each network's
 * button re-renders on every block, so it must cost next to nothing (bench/firehose.bench.ts).
 */
/** Space presses a role=button link too (a link alone answers Enter only). */
function pressOnSpace(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}

export const BlockHeadButton = memo(function BlockHeadButton({ network }: { network: string }) {
  const head = useLive((s) => s.newHeads[network]);
  const now = useNow(1000);
  if (!head) return null;
  const stale = isBlockStale(network, head.changedAt, now);
  const seconds = secondsSince(head.changedAt, now);
  const url = explorerBlockUrl(network, head.num);
  const label = `${network} block ${head.num}`;
  // The name is the hidden words (the whole block number); what is shown is left out of it (the
  // seconds would change the name every second). Named by its content, not aria-label, so no tool
  // expects the shown digits and seconds in the name.
  const content = (
    <>
      <span style={VISUALLY_HIDDEN}>{label}</span>
      <NetworkIcon network={network} size={14} lettersDrawn />
      <span aria-hidden="true">{network}</span>
      <strong aria-hidden="true">{lastTwoDigits(head.num)}</strong>
      <span aria-hidden="true">{seconds}s</span>
    </>
  );
  return (
    <LazyTooltip
      describeChild
      title={`${label}, changed ${seconds} s ago${stale ? ` (stale: over ${staleThresholdMs(network) / 1000} s)` : ''}`}
    >
      {url ? (
        <a
          className={BLOCK_HEAD_CLASS}
          role="button"
          data-stale={stale}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          onKeyDown={pressOnSpace}
        >
          {content}
        </a>
      ) : (
        // No explorer known for this network: nothing to open.
        <span className={BLOCK_HEAD_CLASS} role="note" data-stale={stale} aria-disabled="true">
          {content}
        </span>
      )}
    </LazyTooltip>
  );
});
