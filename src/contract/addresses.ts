/** §3 addresses on each network, and the per-network {address, decimals} bodies of tokens and Solana bridge entries. */
import { NETWORKS } from '../config/networks.ts';
import { z } from './zod.ts';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const EVM_ADDRESS = /^0x[0-9a-f]{40}$/;
/** Address formats of the networks that are not EVM chains; ATA entries are free-form (§3 skips them). */
const OTHER_ADDRESSES: Partial<Record<(typeof NETWORKS)[number], { pattern: RegExp; what: string }>> = {
  Solana: { pattern: new RegExp(`^${BASE58}{32,44}$`), what: 'a base58 Solana address' },
  Tron: { pattern: new RegExp(`^T${BASE58}{33}$`), what: 'a base58 Tron address starting with T' },
  TON: { pattern: /^(?:[A-Za-z0-9_-]{48}|-?\d+:[0-9a-fA-F]{64})$/, what: 'a TON address (48 base64url characters or raw wc:hex)' },
  ATA: { pattern: /^\S+$/, what: 'an address without spaces' },
};

/** §3 Addresses starting with 0x are kept lower-cased. */
export function normaliseAddress(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address;
}

/** Why `address` (already normalised) is not an address on `network`, or null when it is one. */
export function addressProblem(network: string, address: string): string | null {
  if (!(NETWORKS as readonly string[]).includes(network)) return `unknown network ${network}`;
  const other = OTHER_ADDRESSES[network as (typeof NETWORKS)[number]];
  if (other) return other.pattern.test(address) ? null : `must be ${other.what}`;
  return EVM_ADDRESS.test(address) ? null : 'must be 0x followed by 40 hex digits';
}

export const Address = z.string().trim().min(1).max(128).transform(normaliseAddress);
export const Decimals = z.number().int().min(0).max(36);

/** One network's deployment of a token: address and decimals; other fields are kept. */
export const NetworkDataBody = z.looseObject({ address: Address, decimals: Decimals });

/** Per-network entries keyed by a NETWORKS name, each address valid on its network. */
export const PerNetworkBody = z.record(z.string(), NetworkDataBody).superRefine((entries, ctx) => {
  for (const [network, entry] of Object.entries(entries)) {
    if (!(NETWORKS as readonly string[]).includes(network)) {
      ctx.addIssue({ code: 'custom', path: [network], message: `unknown network; one of ${NETWORKS.join(', ')}` });
      continue;
    }
    const problem = addressProblem(network, entry.address);
    if (problem) ctx.addIssue({ code: 'custom', path: [network, 'address'], message: problem });
  }
});
