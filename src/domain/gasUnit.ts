/**
 * The unit a network's `gas` event is read in (docs/protocol.md gives `gasEstimate` without one):
 * gwei per unit of gas where the fee is priced so (config/alerts.ts), else none we can name, and the
 * figure is shown as the backend sends it, said so on hover.
 */
import { GAS_NOT_PRICED_IN_GWEI } from '../config/alerts.ts';
import { formatGas } from './numberFormat.ts';

export function gasUnit(network: string): 'gwei' | null {
  return GAS_NOT_PRICED_IN_GWEI.includes(network) ? null : 'gwei';
}

/** What a gas figure's cell says on hover: its unit, or why it has none. */
export function gasHint(network: string): string {
  return gasUnit(network) === 'gwei'
    ? `Gas price on ${network}, in gwei (1 gwei = 0.000000001 of its native coin)`
    : `${network}'s fee estimate as the backend sends it: not a gwei price`;
}

/** A gas figure with its unit where it has one: "25.1234 gwei"; a fee estimate not in gwei bare. */
export function gasText(value: number, network: string): string {
  const unit = gasUnit(network);
  return unit === null ? formatGas(value) : `${formatGas(value)} ${unit}`;
}
