import { describe, expect, it } from 'vitest';
import { gasHint, gasUnit } from '../../src/domain/gasUnit.ts';

describe('gas figures carry their unit', () => {
  it('an EVM network reads gwei; a network whose fee is not a gwei price has none, and says so', () => {
    expect(gasUnit('Ethereum')).toBe('gwei');
    expect(gasUnit('Arbitrum')).toBe('gwei');
    expect(gasUnit('Solana')).toBeNull();
    expect(gasHint('Ethereum')).toMatch(/in gwei/);
    expect(gasHint('Solana')).toBe("Solana's fee estimate as the backend sends it: not a gwei price");
  });
});
