/**
 * What operators did on a trade (docs/protocol.md "Trades", the console extension field
 * `operations` of GET /trades/{tradeId}): each refund, force, manual tx, sell and sell edit,
 * unlock-nonce, with who did it, when (in the chosen time zone, as every time is shown) and its tx
 * (/tx/{id}). A backend that leaves the field out, or a trade nobody touched, shows nothing. With
 * it, a refund sent twice is there to be seen.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { TradeOperation } from '../../contract/trades.ts';
import { TimeText } from '../../ui/TimeText.tsx';

/** Each kind in the operator's words; a kind a backend adds is shown as it names it. */
const KIND_WORDS: Readonly<Record<string, string>> = {
  refund: 'Refund',
  force: 'Forced trade',
  manual: 'Manual tx',
  sell: 'Sell',
  sellEdit: 'Sell edited',
  unlockNonce: 'Nonce unlocked',
};

export const operationWords = (kind: string): string => KIND_WORDS[kind] ?? kind;

export function TradeOperations({ operations }: { operations: readonly TradeOperation[] | undefined }) {
  if (!operations || operations.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="trade-operations-heading">
      <Typography id="trade-operations-heading" variant="subtitle1" component="h2" sx={{ mb: 0.5 }}>
        Done by operators
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', rowGap: 0.5 }}>
        {operations.map((op, i) => (
          <Typography component="li" variant="body2" key={`${op.kind}-${op.at}-${op.txId ?? i}`} sx={{ overflowWrap: 'anywhere' }}>
            <strong>{operationWords(op.kind)}</strong> by {op.by || 'an unknown user'}, <TimeText ms={op.at} />
            {op.txId !== undefined && (
              <>
                {', tx '}
                <Link component={RouterLink} to={`/tx/${encodeURIComponent(op.txId)}`} sx={{ fontFamily: 'monospace' }}>
                  {op.txId}
                </Link>
              </>
            )}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
