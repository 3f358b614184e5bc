/**
 * §8 trade error codes carried by txConfirmed.errCode, and the text the operator sees in the
 * error toast "<tokenName>: <message>". §8 gives the meaning of each code but not the toast
 * wording, so the meaning is the message.
 */
export const TRADE_ERROR_MESSAGES: readonly string[] = [
  /* 0 */ 'unknown error',
  /* 1 */ 'token not found',
  /* 2 */ 'failed to check buy trade',
  /* 3 */ 'failed to prepare buy trade result in checker',
  /* 4 */ 'failed to calculate balance diff in checker',
  /* 5 */ 'failed to calculate sell fee in checker',
  /* 6 */ 'failed to calculate bribe',
  /* 7 */ 'failed to calculate approx bribe',
  /* 8 */ 'failed to fetch evm receipt from node',
  /* 9 */ 'failed to fetch evm receipt with retries',
  /* 10 */ 'failed to parse evm receipt statuses from logs',
  /* 11 */ 'received non-success rpc response when sending evm tx',
  /* 12 */ 'failed to fetch solana receipt from node',
  /* 13 */ 'failed to merge evm txs',
  /* 14 */ 'failed to create public evm tx with slippage',
  /* 15 */ 'failed to send solana tx via jito bundle',
  /* 16 */ 'failed to parse jito bundle response',
  /* 17 */ 'failed to fetch jito hashes',
  /* 18 */ 'failed to parse jito hashes response',
  /* 19 */ 'failed to send solana tx via public',
  /* 20 */ 'failed to confirm solana tx via public',
  /* 21 */ 'failed to parse solana tx response via public',
  /* 22 */ 'failed to send solana txs as multi send',
  /* 23 */ 'failed to get slippage from bribe',
  /* 24 */ 'failed to create swap tx with slippage',
  /* 25 */ 'skip sell set but claim without sell disabled',
  /* 26 */ 'building sell failed and claim without sell disabled',
  /* 27 */ 'failed to build transfer token tx',
  /* 28 */ 'failed to build evm claim tx',
  /* 29 */ 'failed to build swap for sell tx',
  /* 30 */ 'failed to init sell balance for evm sell tx',
  /* 31 */ 'failed to build bridge tx',
  /* 32 */ 'failed to build solana bridge tx',
  /* 33 */ 'failed to build solana bridge claim tx',
  /* 34 */ 'failed to reduce solana swap amount by slippage',
  /* 35 */ 'failed to assemble swap params',
  /* 36 */ 'failed to assemble bridge params',
  /* 37 */ 'failed to prepare dex data via evm lp',
  /* 38 */ 'failed to prepare dex data via jupiter',
  /* 39 */ 'failed to prepare swap params',
  /* 40 */ 'worker quote response is empty, cannot build solana swap tx',
  /* 41 */ 'failed to build solana swap tx',
];

export function tradeErrorMessage(code: number): string {
  const known = Number.isInteger(code) && code >= 0 ? TRADE_ERROR_MESSAGES[code] : undefined;
  return known ?? `unknown error (code ${code})`;
}

/** The §8 error toast text for a txConfirmed with errCode. */
export function tradeErrorToastText(tokenName: string, code: number): string {
  return tokenName ? `${tokenName}: ${tradeErrorMessage(code)}` : tradeErrorMessage(code);
}
