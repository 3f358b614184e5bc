/**
 * What /tx/new can check before it asks for a confirmation (§7 sell, manual, refund, force and
 * unlock-nonce bodies), answered as field name -> the sentence an operator reads beside that field.
 * The limits are the contract's (tests/domain/txOperationRules.test.ts holds the two together); the
 * live token and bridge lists are passed in, so the rules stay pure. The server stays the last word:
 * what it alone knows (a trade id that does not exist, a network without nonces) comes back as a 400.
 */
import { TX_TYPES } from '../config/enums.ts';
import { NETWORK_INFO, isNetwork, type Network } from '../config/networks.ts';
import { RecordName, addressProblem, normaliseAddress } from '../contract/index.ts';

export type TxOperationKind = 'sell' | 'manual' | 'refund' | 'force' | 'unlock';

/** The live lists the rules read: where each token is deployed, which networks each bridge joins. */
export interface KnownRecords {
  tokens: Readonly<Record<string, { readonly networkData: Readonly<Record<string, unknown>> }>>;
  /** A bridge's other fields are not read; `networks` lists the networks it joins, when it says. */
  bridges: Readonly<Record<string, { readonly networks?: unknown; readonly [field: string]: unknown }>>;
}

/** Field name -> what is wrong with it, in the operator's words. */
export type FieldProblems = Record<string, string>;

/** The text typed in each field, by field name (a field never touched may be missing). */
export type TypedValues = Readonly<Record<string, string | undefined>>;

/** The contract's limits on these bodies (src/contract SellRequest, RefundRequest, UnlockNonceRequest...). */
export const TX_OPERATION_LIMITS = {
  slippageBpsMax: 10_000,
  noteMaxChars: 500,
  reasonMaxChars: 500,
  idMaxChars: 128,
  addressMaxChars: 128,
  nonceMax: Number.MAX_SAFE_INTEGER,
} as const;

/** Numbers as operators write them: 12, 0.5, .5, 3., -1. Hex, exponents and thousands separators are not amounts anyone means. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Typed text as a number, or undefined when it is not written as a plain decimal. */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : undefined;
}

/** Whether the token has an entry for the network in its networkData (what the server checks too). */
export function isDeployedOn(token: { readonly networkData: Readonly<Record<string, unknown>> } | undefined, network: string): boolean {
  return token !== undefined && Object.hasOwn(token.networkData, network);
}

/** The tokens deployed on every one of `networks` (all of them when none is chosen yet), sorted. */
export function tokensOn(tokens: KnownRecords['tokens'], networks: readonly string[]): string[] {
  return Object.keys(tokens)
    .filter((name) => networks.every((network) => isDeployedOn(tokens[name], network)))
    .sort();
}

/** Whether a bridge joins every one of `networks`; a bridge that lists no networks is not limited (as the server reads it). */
export function bridgeJoins(bridge: KnownRecords['bridges'][string] | undefined, networks: readonly string[]): boolean {
  if (bridge === undefined) return false;
  const joined = bridge.networks;
  if (!Array.isArray(joined) || joined.length === 0) return true;
  return networks.every((network) => joined.includes(network));
}

/** The bridges that join every one of `networks` (all of them when none is chosen yet), sorted. */
export function bridgesJoining(bridges: KnownRecords['bridges'], networks: readonly string[]): string[] {
  return Object.keys(bridges)
    .filter((name) => bridgeJoins(bridges[name], networks))
    .sort();
}

const typed = (values: TypedValues, name: string) => (values[name] ?? '').trim();

/** The chosen network, when one of NETWORKS is chosen. */
const networkOf = (values: TypedValues, name: string): Network | undefined => {
  const value = typed(values, name);
  return isNetwork(value) ? value : undefined;
};

function amountProblem(text: string, allowZero: boolean): string | undefined {
  const ask = allowZero ? 'Enter an amount of 0 or more' : 'Enter an amount greater than 0';
  const amount = parseDecimal(text);
  if (amount === undefined) return ask;
  if (!Number.isFinite(amount)) return 'Amount is too large';
  return (allowZero ? amount >= 0 : amount > 0) ? undefined : ask;
}

function tooLong(label: string, text: string, max: number): string | undefined {
  return text.length > max ? `${label} must be at most ${max} characters` : undefined;
}

/** A token picked from the list: chosen, known, and deployed on each of the networks already chosen. */
function listedTokenProblem(values: TypedValues, known: KnownRecords, networks: readonly (Network | undefined)[]): string | undefined {
  const name = typed(values, 'tokenName');
  if (name === '') return 'Choose a token';
  // An empty list means the live lists have not arrived: the console knows nothing to check against.
  if (Object.keys(known.tokens).length === 0) return undefined;
  const token = known.tokens[name];
  if (token === undefined) return `${name} is not a known token`;
  const missing = networks.find((network) => network !== undefined && !isDeployedOn(token, network));
  return missing === undefined ? undefined : `${name} is not deployed on ${missing}`;
}

function sellProblems(values: TypedValues, known: KnownRecords): FieldProblems {
  const problems: FieldProblems = {};
  const network = networkOf(values, 'network');
  if (network === undefined) problems.network = 'Choose a network';
  const token = listedTokenProblem(values, known, [network]);
  if (token) problems.tokenName = token;
  const amount = amountProblem(typed(values, 'amount'), false);
  if (amount) problems.amount = amount;

  const minOut = typed(values, 'minAmountOut');
  if (minOut !== '') {
    const value = parseDecimal(minOut);
    if (value === undefined || !Number.isFinite(value)) problems.minAmountOut = 'Min amount out must be a number';
    else if (value < 0) problems.minAmountOut = 'Min amount out must be 0 or more';
  }

  const slippage = typed(values, 'slippageBps');
  if (slippage !== '') {
    const bps = parseDecimal(slippage);
    if (bps === undefined || !Number.isInteger(bps)) problems.slippageBps = 'Slippage must be a whole number of basis points';
    else if (bps < 0) problems.slippageBps = 'Slippage must be 0 or more';
    else if (bps > TX_OPERATION_LIMITS.slippageBpsMax) problems.slippageBps = `Slippage must be at most ${TX_OPERATION_LIMITS.slippageBpsMax}`;
  }

  const note = tooLong('Note', typed(values, 'note'), TX_OPERATION_LIMITS.noteMaxChars);
  if (note) problems.note = note;
  return problems;
}

function manualProblems(values: TypedValues, known: KnownRecords): FieldProblems {
  const problems: FieldProblems = {};
  const network = networkOf(values, 'network');
  if (network === undefined) problems.network = 'Choose a network';
  if (!(TX_TYPES as readonly string[]).includes(typed(values, 'txType'))) problems.txType = 'Choose a transaction type';

  const name = typed(values, 'tokenName');
  const native = network === undefined ? undefined : NETWORK_INFO[network].native;
  if (name === '') {
    problems.tokenName = network === undefined ? "Enter a token or the network's native coin" : `Enter a token on ${network} or its native coin ${native}`;
  } else if (!RecordName.safeParse(name).success) {
    problems.tokenName = 'A token name is letters, digits and $ . _ + - only, starting with a letter, digit or $';
  } else if (network !== undefined && name !== native && Object.keys(known.tokens).length > 0 && !isDeployedOn(known.tokens[name], network)) {
    problems.tokenName = `${name} is neither a token on ${network} nor its native coin ${native}`;
  }

  const amount = amountProblem(typed(values, 'amount'), true);
  if (amount) problems.amount = amount;

  const to = typed(values, 'to');
  if (to.length > TX_OPERATION_LIMITS.addressMaxChars) problems.to = `The address must be at most ${TX_OPERATION_LIMITS.addressMaxChars} characters`;
  else if (to !== '' && network !== undefined) {
    // The contract's own check and words ("must be 0x followed by 40 hex digits"), so form and server agree.
    const problem = addressProblem(network, normaliseAddress(to));
    if (problem) problems.to = `The address ${problem}`;
  }
  return problems;
}

function refundProblems(values: TypedValues): FieldProblems {
  const problems: FieldProblems = {};
  const tradeId = typed(values, 'tradeId');
  const txId = typed(values, 'txId');
  // Both fields carry the message: either one is what the operator may want to change.
  if (tradeId === '' && txId === '') problems.tradeId = problems.txId = 'Enter a trade id or a tx id';
  else if (tradeId !== '' && txId !== '') problems.tradeId = problems.txId = 'Enter a trade id or a tx id, not both';
  const longTrade = tooLong('Trade id', tradeId, TX_OPERATION_LIMITS.idMaxChars);
  if (longTrade) problems.tradeId = longTrade;
  const longTx = tooLong('Tx id', txId, TX_OPERATION_LIMITS.idMaxChars);
  if (longTx) problems.txId = longTx;
  const reason = tooLong('Reason', typed(values, 'reason'), TX_OPERATION_LIMITS.reasonMaxChars);
  if (reason) problems.reason = reason;
  return problems;
}

function forceProblems(values: TypedValues, known: KnownRecords): FieldProblems {
  const problems: FieldProblems = {};
  const buy = networkOf(values, 'networkBuy');
  const sell = networkOf(values, 'networkSell');
  if (buy === undefined) problems.networkBuy = 'Choose the network to buy on';
  if (sell === undefined) problems.networkSell = 'Choose the network to sell on';
  else if (sell === buy) problems.networkSell = 'Buy and sell networks must differ';

  const token = listedTokenProblem(values, known, [buy, sell]);
  if (token) problems.tokenName = token;
  const amount = amountProblem(typed(values, 'amount'), false);
  if (amount) problems.amount = amount;

  const bridgeName = typed(values, 'bridgeName');
  if (bridgeName === '') problems.bridgeName = 'Choose a bridge';
  else if (Object.keys(known.bridges).length > 0) {
    const bridge = known.bridges[bridgeName];
    if (bridge === undefined) problems.bridgeName = `${bridgeName} is not a known bridge`;
    else if (buy !== undefined && sell !== undefined && buy !== sell && !bridgeJoins(bridge, [buy, sell])) {
      problems.bridgeName = `${bridgeName} does not connect ${buy} and ${sell}`;
    }
  }
  return problems;
}

function unlockProblems(values: TypedValues): FieldProblems {
  const problems: FieldProblems = {};
  if (networkOf(values, 'network') === undefined) problems.network = 'Choose a network';
  const nonce = parseDecimal(typed(values, 'nonce'));
  if (nonce === undefined || !Number.isInteger(nonce) || nonce < 0) problems.nonce = 'Enter a nonce: a whole number, 0 or more';
  else if (nonce > TX_OPERATION_LIMITS.nonceMax) problems.nonce = `Nonce must be at most ${TX_OPERATION_LIMITS.nonceMax}`;
  return problems;
}

/** Every problem the console can see in an operation's typed values; empty when it may be confirmed and sent. */
export function txOperationProblems(kind: TxOperationKind, values: TypedValues, known: KnownRecords): FieldProblems {
  switch (kind) {
    case 'sell':
      return sellProblems(values, known);
    case 'manual':
      return manualProblems(values, known);
    case 'refund':
      return refundProblems(values);
    case 'force':
      return forceProblems(values, known);
    case 'unlock':
      return unlockProblems(values);
  }
}
