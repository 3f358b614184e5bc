/** A transaction's hash as a link to its page on the network's explorer (config/networks.ts), wherever a hash is shown. */
import Link from '@mui/material/Link';
import { explorerTxUrl } from '../config/networks.ts';
import { shortHash } from '../domain/shortHash.ts';

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/** `full`: the whole hash (a record's page); otherwise its start and end, whole in the title. */
export function TxHashLink({ network, hash, full = false }: { network: string; hash: string; full?: boolean }) {
  const url = explorerTxUrl(network, hash);
  const shown = full ? hash : shortHash(hash);
  const mono = { fontFamily: 'monospace', whiteSpace: full ? 'normal' : 'nowrap', overflowWrap: 'anywhere' } as const;
  if (!url) {
    return (
      <span title={hash} style={mono}>
        {shown}
      </span>
    );
  }
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={`${hash} on ${hostOf(url)} (opens a new tab)`}
      sx={mono}
      // In a list row, the row itself opens the transaction page.
      onClick={(e) => e.stopPropagation()}
    >
      {shown}
    </Link>
  );
}
