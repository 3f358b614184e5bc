/**
 * Which §8 trade error codes can happen on which kind of network: a code that names Solana or
 * Jito (or Jupiter, Solana's aggregator) belongs to a Solana tx, one that names an EVM receipt,
 * tx or claim to an EVM tx; the rest (checker, bribe, swap and bridge params...) to any. Plain
 * rules: the reference server's seed and simulator draw their failures from them, so the demo never
 * shows "failed to reduce solana swap amount by slippage" on an Ethereum bridge.
 */
import { NETWORK_INFO, isNetwork } from '../config/networks.ts';

/** §8 codes that name Solana, Jito or Jupiter: 12, 15–22, 32–34, 38, 40, 41. */
export const SOLANA_ERROR_CODES: readonly number[] = [12, 15, 16, 17, 18, 19, 20, 21, 22, 32, 33, 34, 38, 40, 41];
/** §8 codes that name an EVM receipt, tx, claim, sell or lp: 8–11, 13, 14, 28, 30, 37 ("via evm lp"). */
export const EVM_ERROR_CODES: readonly number[] = [8, 9, 10, 11, 13, 14, 28, 30, 37];
/** §8 runs from 0 to 41. */
export const TRADE_ERROR_CODE_LAST = 41;

/** Codes that name no kind of network: they may happen anywhere. */
export const GENERIC_ERROR_CODES: readonly number[] = Array.from({ length: TRADE_ERROR_CODE_LAST + 1 }, (_, code) => code).filter(
  (code) => !SOLANA_ERROR_CODES.includes(code) && !EVM_ERROR_CODES.includes(code),
);

/** solana: Solana; evm: the networks with EVM wallets and nonces; other: TON, Tron, ATA and names not known. */
export type NetworkKind = 'solana' | 'evm' | 'other';

/** Networks that are neither Solana nor EVM chains (ATA: Solana's associated token accounts, not a chain of its own). */
const NOT_EVM: ReadonlySet<string> = new Set(['Solana', 'TON', 'Tron', 'ATA']);

export function networkKind(network: string): NetworkKind {
  if (network === 'Solana') return 'solana';
  if (!isNetwork(network) || NOT_EVM.has(network)) return 'other';
  // Every other network of §3 has an EVM wrapped native with a 0x address.
  return NETWORK_INFO[network].wrappedNative.address.startsWith('0x') ? 'evm' : 'other';
}

/** The §8 codes a failed tx on `network` may carry, ascending. */
export function errorCodesFor(network: string): number[] {
  const kind = networkKind(network);
  const own = kind === 'solana' ? SOLANA_ERROR_CODES : kind === 'evm' ? EVM_ERROR_CODES : [];
  return [...GENERIC_ERROR_CODES, ...own].sort((a, b) => a - b);
}

/** Whether a failed tx on `network` may carry `code` (codes past §8's list fit anywhere: their meaning is not known). */
export function errorCodeFits(code: number, network: string): boolean {
  if (SOLANA_ERROR_CODES.includes(code)) return networkKind(network) === 'solana';
  if (EVM_ERROR_CODES.includes(code)) return networkKind(network) === 'evm';
  return true;
}
