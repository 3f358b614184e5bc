/** §7 /tx/new: the rules the console checks before a confirmation, each with the words an operator reads. */
import { describe, expect, it } from 'vitest';
import { ForceTradeRequest, ManualTxRequest, RefundRequest, SellRequest, UnlockNonceRequest } from '../../src/contract/index.ts';
import {
  TX_OPERATION_LIMITS, bridgeJoins, bridgesJoining, isDeployedOn, parseDecimal, tokensOn, txOperationProblems, type KnownRecords,
} from '../../src/domain/txOperationRules.ts';

const at = (address: string) => ({ address, decimals: 18 });
const KNOWN: KnownRecords = {
  tokens: {
    PEPE: { networkData: { Base: at('0x00000000000000000000000000000000000000a1') } },
    USDC: { networkData: { Ethereum: at('0x00000000000000000000000000000000000000b1'), Base: at('0x00000000000000000000000000000000000000b2') } },
    JETTON: { networkData: { TON: at('EQ') } },
  },
  bridges: {
    'ccip-eth-base': { networks: ['Ethereum', 'Base'] },
    'stargate-eth-arb': { networks: ['Ethereum', 'Arbitrum'] },
    anywhere: {},
  },
};
const NOTHING_KNOWN: KnownRecords = { tokens: {}, bridges: {} };

const SELL = { network: 'Base', tokenName: 'PEPE', amount: '12.5' };
const MANUAL = { network: 'Base', txType: 'TransferNative', tokenName: 'ETH', amount: '0.01' };
const FORCE = { networkBuy: 'Ethereum', networkSell: 'Base', tokenName: 'USDC', amount: '100', bridgeName: 'ccip-eth-base' };
const UNLOCK = { network: 'Ethereum', nonce: '7' };
const EVM = '0xabcdef0123456789abcdef0123456789abcdef01';

describe('§7 typed numbers', () => {
  it('plain decimals are numbers; hex, exponents, separators and blanks are not', () => {
    expect(['12', '12.5', '.5', '3.', '-1', '+2', ' 7 '].map(parseDecimal)).toEqual([12, 12.5, 0.5, 3, -1, 2, 7]);
    expect(['', 'abc', '0x10', '1e3', '1,5', '1 000', 'Infinity', 'NaN'].map(parseDecimal)).toEqual(Array(8).fill(undefined));
  });
});

describe('§7 /tx/new choices follow the networks (live allTokens[token].networkData, bridges[bridge].networks)', () => {
  it('a token is deployed on a network when its networkData has that network', () => {
    expect(isDeployedOn(KNOWN.tokens.USDC, 'Base')).toBe(true);
    expect(isDeployedOn(KNOWN.tokens.USDC, 'TON')).toBe(false);
    expect(isDeployedOn(undefined, 'Base')).toBe(false);
  });
  it('the tokens offered are those deployed on every network chosen, all of them before any', () => {
    expect(tokensOn(KNOWN.tokens, ['TON'])).toEqual(['JETTON']);
    expect(tokensOn(KNOWN.tokens, ['Base'])).toEqual(['PEPE', 'USDC']);
    expect(tokensOn(KNOWN.tokens, ['Ethereum', 'Base'])).toEqual(['USDC']);
    expect(tokensOn(KNOWN.tokens, [])).toEqual(['JETTON', 'PEPE', 'USDC']);
  });
  it('the bridges offered join every network chosen; one that lists no networks is not limited', () => {
    expect(bridgesJoining(KNOWN.bridges, ['Ethereum', 'Base'])).toEqual(['anywhere', 'ccip-eth-base']);
    expect(bridgesJoining(KNOWN.bridges, ['Ethereum'])).toEqual(['anywhere', 'ccip-eth-base', 'stargate-eth-arb']);
    expect(bridgeJoins({ networks: [] }, ['TON'])).toBe(true);
    expect(bridgeJoins(undefined, [])).toBe(false);
  });
});

describe('§7 /tx/new Sell (and Update sell)', () => {
  const problems = (values: Record<string, string>, known = KNOWN) => txOperationProblems('sell', values, known);

  it('a complete sell has no problem, and its body is one the contract takes', () => {
    expect(problems({ ...SELL, minAmountOut: '0', slippageBps: '10000', note: 'n'.repeat(500) })).toEqual({});
    expect(SellRequest.safeParse({ tokenName: 'PEPE', network: 'Base', amount: 12.5, minAmountOut: 0, slippageBps: 10000, note: 'n'.repeat(500) }).success).toBe(true);
  });
  it('an empty sell asks for a network, a token and an amount', () => {
    expect(problems({})).toEqual({ network: 'Choose a network', tokenName: 'Choose a token', amount: 'Enter an amount greater than 0' });
  });
  it('an amount of 0, below 0 or not a number says "Enter an amount greater than 0"; one past any float is too large', () => {
    for (const amount of ['0', '-1', 'abc', '0x10', '1e3']) expect(problems({ ...SELL, amount }).amount, amount).toBe('Enter an amount greater than 0');
    expect(problems({ ...SELL, amount: '9'.repeat(400) }).amount).toBe('Amount is too large');
  });
  it('the token must be known and deployed on the network chosen', () => {
    expect(problems({ ...SELL, tokenName: 'USDC', network: 'TON' }).tokenName).toBe('USDC is not deployed on TON');
    expect(problems({ ...SELL, tokenName: 'NOPE' }).tokenName).toBe('NOPE is not a known token');
  });
  it('before the live lists arrive the console knows no token to check against, so it does not refuse one', () => {
    expect(problems({ ...SELL, tokenName: 'NOPE' }, NOTHING_KNOWN)).toEqual({});
  });
  it('a network not among the networks is asked for again', () => {
    expect(problems({ ...SELL, network: 'Mars' }).network).toBe('Choose a network');
  });
  it('min amount out is a number, 0 or more', () => {
    expect(problems({ ...SELL, minAmountOut: 'x' }).minAmountOut).toBe('Min amount out must be a number');
    expect(problems({ ...SELL, minAmountOut: '-0.1' }).minAmountOut).toBe('Min amount out must be 0 or more');
  });
  it(`slippage is a whole number of basis points from 0 to ${TX_OPERATION_LIMITS.slippageBpsMax}`, () => {
    expect(problems({ ...SELL, slippageBps: '10001' }).slippageBps).toBe('Slippage must be at most 10000');
    expect(problems({ ...SELL, slippageBps: '-1' }).slippageBps).toBe('Slippage must be 0 or more');
    expect(problems({ ...SELL, slippageBps: '12.5' }).slippageBps).toBe('Slippage must be a whole number of basis points');
    expect(problems({ ...SELL, slippageBps: 'lots' }).slippageBps).toBe('Slippage must be a whole number of basis points');
  });
  it('the note is at most 500 characters', () => {
    expect(problems({ ...SELL, note: 'n'.repeat(501) }).note).toBe('Note must be at most 500 characters');
  });
});

describe('§7 /tx/new Manual', () => {
  const problems = (values: Record<string, string>, known = KNOWN) => txOperationProblems('manual', values, known);

  it('a native coin or a token deployed on the network, with an address of the network\'s form, has no problem; the contract takes it', () => {
    expect(problems(MANUAL)).toEqual({});
    expect(problems({ ...MANUAL, tokenName: 'PEPE', txType: 'TransferToken', amount: '0', to: EVM.toUpperCase().replace('0X', '0x') })).toEqual({});
    expect(ManualTxRequest.safeParse({ network: 'Base', txType: 'TransferToken', tokenName: 'PEPE', amount: 0, to: EVM }).success).toBe(true);
  });
  it('an empty manual asks for a network, a type, a token and an amount', () => {
    expect(problems({})).toEqual({
      network: 'Choose a network',
      txType: 'Choose a transaction type',
      tokenName: "Enter a token or the network's native coin",
      amount: 'Enter an amount of 0 or more',
    });
    expect(problems({ network: 'Base' }).tokenName).toBe('Enter a token on Base or its native coin ETH');
  });
  it('a type not among the tx types is asked for again', () => {
    expect(problems({ ...MANUAL, txType: 'Teleport' }).txType).toBe('Choose a transaction type');
  });
  it('a token neither deployed on the network nor its native coin is said so', () => {
    expect(problems({ ...MANUAL, tokenName: 'JETTON' }).tokenName).toBe('JETTON is neither a token on Base nor its native coin ETH');
    expect(problems({ ...MANUAL, network: 'Solana' }).tokenName).toBe('ETH is neither a token on Solana nor its native coin SOL');
  });
  it('a token name is made of the characters a record name may have', () => {
    for (const tokenName of ['.ETH', 'E TH', 'x'.repeat(65)]) {
      expect(problems({ ...MANUAL, tokenName }).tokenName, tokenName).toBe('A token name is letters, digits and $ . _ + - only, starting with a letter, digit or $');
    }
  });
  it('the amount may be 0 but not below, and must be a number', () => {
    expect(problems({ ...MANUAL, amount: '-1' }).amount).toBe('Enter an amount of 0 or more');
    expect(problems({ ...MANUAL, amount: 'some' }).amount).toBe('Enter an amount of 0 or more');
  });
  it('an address on an EVM network is 0x followed by 40 hex digits (any case), and the message names that form', () => {
    for (const to of ['0x12345', 'abcdef0123456789abcdef0123456789abcdef0123', `${EVM}0`, '0xzzzzef0123456789abcdef0123456789abcdef01']) {
      expect(problems({ ...MANUAL, to }).to, to).toBe('The address must be 0x followed by 40 hex digits');
    }
  });
  it('an address on another network has that network\'s form', () => {
    expect(problems({ ...MANUAL, network: 'Solana', tokenName: 'SOL', to: EVM }).to).toBe('The address must be a base58 Solana address');
    expect(problems({ ...MANUAL, network: 'Solana', tokenName: 'SOL', to: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' })).toEqual({});
  });
  it('an address is at most 128 characters; without a network chosen its form is not judged', () => {
    expect(problems({ ...MANUAL, to: 'a'.repeat(129) }).to).toBe('The address must be at most 128 characters');
    expect(problems({ ...MANUAL, network: '', to: 'anything' }).to).toBeUndefined();
  });
  it('before the live lists arrive any well-formed token name is let through to the server', () => {
    expect(problems({ ...MANUAL, tokenName: 'JETTON' }, NOTHING_KNOWN)).toEqual({});
  });
});

describe('§7 /tx/new Refund: exactly one of tradeId and txId', () => {
  const problems = (values: Record<string, string>) => txOperationProblems('refund', values, KNOWN);

  it('one id, with or without a reason, has no problem; the contract takes it', () => {
    expect(problems({ tradeId: 'T-1' })).toEqual({});
    expect(problems({ txId: 'X-1', reason: 'r'.repeat(500) })).toEqual({});
    expect(RefundRequest.safeParse({ txId: 'X-1', reason: 'r'.repeat(500) }).success).toBe(true);
  });
  it('neither id says "Enter a trade id or a tx id" beside both', () => {
    expect(problems({ tradeId: '  ', reason: 'why' })).toEqual({ tradeId: 'Enter a trade id or a tx id', txId: 'Enter a trade id or a tx id' });
  });
  it('both ids say "not both" beside both', () => {
    expect(problems({ tradeId: 'T-1', txId: 'X-1' })).toEqual({ tradeId: 'Enter a trade id or a tx id, not both', txId: 'Enter a trade id or a tx id, not both' });
  });
  it('ids are at most 128 characters, the reason at most 500', () => {
    expect(problems({ tradeId: 't'.repeat(129) }).tradeId).toBe('Trade id must be at most 128 characters');
    expect(problems({ txId: 'x'.repeat(129) }).txId).toBe('Tx id must be at most 128 characters');
    expect(problems({ tradeId: 'T-1', reason: 'r'.repeat(501) }).reason).toBe('Reason must be at most 500 characters');
  });
});

describe('§7 /tx/new Force', () => {
  const problems = (values: Record<string, string>, known = KNOWN) => txOperationProblems('force', values, known);

  it('a token deployed on both networks over a bridge joining them has no problem; the contract takes it', () => {
    expect(problems(FORCE)).toEqual({});
    expect(problems({ ...FORCE, bridgeName: 'anywhere' })).toEqual({});
    expect(ForceTradeRequest.safeParse({ ...FORCE, amount: 100 }).success).toBe(true);
  });
  it('an empty force asks for each field', () => {
    expect(problems({})).toEqual({
      networkBuy: 'Choose the network to buy on',
      networkSell: 'Choose the network to sell on',
      tokenName: 'Choose a token',
      amount: 'Enter an amount greater than 0',
      bridgeName: 'Choose a bridge',
    });
  });
  it('buy and sell networks must differ, said beside Sell on', () => {
    expect(problems({ ...FORCE, networkBuy: 'Base', networkSell: 'Base' }).networkSell).toBe('Buy and sell networks must differ');
  });
  it('the token must be deployed on both networks', () => {
    expect(problems({ ...FORCE, tokenName: 'PEPE' }).tokenName).toBe('PEPE is not deployed on Ethereum');
    expect(problems({ ...FORCE, networkSell: 'TON' }).tokenName).toBe('USDC is not deployed on TON');
    expect(problems({ ...FORCE, tokenName: 'NOPE' }).tokenName).toBe('NOPE is not a known token');
  });
  it('the bridge must be known and join the two networks', () => {
    expect(problems({ ...FORCE, bridgeName: 'stargate-eth-arb' }).bridgeName).toBe('stargate-eth-arb does not connect Ethereum and Base');
    expect(problems({ ...FORCE, bridgeName: 'nope' }).bridgeName).toBe('nope is not a known bridge');
  });
  it('before the live lists arrive tokens and bridges are not refused', () => {
    expect(problems({ ...FORCE, tokenName: 'NOPE', bridgeName: 'nope' }, NOTHING_KNOWN)).toEqual({});
  });
});

describe('§7 /tx/new Unlock nonce', () => {
  const problems = (values: Record<string, string>) => txOperationProblems('unlock', values, KNOWN);

  it('a network and a whole nonce, 0 or more, have no problem; the contract takes them', () => {
    expect(problems(UNLOCK)).toEqual({});
    expect(problems({ ...UNLOCK, nonce: '0' })).toEqual({});
    expect(UnlockNonceRequest.safeParse({ network: 'Ethereum', nonce: 0 }).success).toBe(true);
  });
  it('an empty form asks for a network and a nonce', () => {
    expect(problems({})).toEqual({ network: 'Choose a network', nonce: 'Enter a nonce: a whole number, 0 or more' });
  });
  it('a nonce below 0, with a fraction or not a number is asked for again; one past the safe integers is too large', () => {
    for (const nonce of ['-1', '1.5', 'seven']) expect(problems({ ...UNLOCK, nonce }).nonce, nonce).toBe('Enter a nonce: a whole number, 0 or more');
    expect(problems({ ...UNLOCK, nonce: '9007199254740992' }).nonce).toBe('Nonce must be at most 9007199254740991');
  });
});

describe('§7 the rules\' limits are the contract\'s', () => {
  const sell = (extra: Record<string, unknown>) => SellRequest.safeParse({ tokenName: 'PEPE', network: 'Base', amount: 1, ...extra }).success;
  it('each limit is accepted by the contract and one past it is refused', () => {
    const { slippageBpsMax, noteMaxChars, reasonMaxChars, idMaxChars, addressMaxChars, nonceMax } = TX_OPERATION_LIMITS;
    expect([sell({ slippageBps: slippageBpsMax }), sell({ slippageBps: slippageBpsMax + 1 })]).toEqual([true, false]);
    expect([sell({ note: 'n'.repeat(noteMaxChars) }), sell({ note: 'n'.repeat(noteMaxChars + 1) })]).toEqual([true, false]);
    const refund = (extra: Record<string, unknown>) => RefundRequest.safeParse(extra).success;
    expect([refund({ tradeId: 't'.repeat(idMaxChars) }), refund({ tradeId: 't'.repeat(idMaxChars + 1) })]).toEqual([true, false]);
    expect([refund({ txId: 'x', reason: 'r'.repeat(reasonMaxChars) }), refund({ txId: 'x', reason: 'r'.repeat(reasonMaxChars + 1) })]).toEqual([true, false]);
    const manual = (extra: Record<string, unknown>) => ManualTxRequest.safeParse({ network: 'ATA', txType: 'TransferToken', tokenName: 'X', amount: 1, ...extra }).success;
    expect([manual({ to: 'a'.repeat(addressMaxChars) }), manual({ to: 'a'.repeat(addressMaxChars + 1) })]).toEqual([true, false]);
    const unlock = (nonce: number) => UnlockNonceRequest.safeParse({ network: 'Ethereum', nonce }).success;
    expect([unlock(nonceMax), unlock(nonceMax + 2)]).toEqual([true, false]);
  });
});
