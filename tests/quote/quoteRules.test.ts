import { describe, expect, it } from 'vitest';
import { NETWORK_INFO, NETWORKS } from '../../src/config/networks.ts';
import { BUILTIN_TOKENS } from '../../src/config/tokens.ts';
import { DEFAULT_DEX_LOGO, dexKey, dexLogoFor } from '../../src/config/dexLogos.ts';
import type { QuoteRoute } from '../../src/contract/index.ts';
import {
  alternativeNetworks, besideInit, chooseToken, formatRoutes, initialPanelState, interpretQuote, isWrappedEther, localErrorQuote,
  quoteAge, quoteInput, quoteQueryKey, shortenAddress, swapSides, tokenNetworks, trackedPoolKeys, wrappedEtherOf,
} from '../../src/domain/quote.ts';
import { buildTokenEntries, type TokenEntry } from '../../src/domain/tokenSearch.ts';

const tokens = buildTokenEntries(BUILTIN_TOKENS, {});
const find = (name: string, network: string): TokenEntry => {
  const token = tokens.find((t) => t.tokenName === name && t.network_name === network);
  if (!token) throw new Error(`${name} on ${network} not in the list`);
  return token;
};
const WETH = find('WETH', 'Ethereum');
const USDC = find('USDC', 'Ethereum');
const DAI = find('DAI', 'Ethereum');
const LINK = find('LINK', 'Ethereum');

describe('§3 built-in token list', () => {
  it('§3/§9 lists the wrapped native first on each network, with NETWORK_INFO\'s address and decimals', () => {
    for (const [network, list] of Object.entries(BUILTIN_TOKENS)) {
      expect(NETWORKS as readonly string[]).toContain(network);
      const info = NETWORK_INFO[network as keyof typeof NETWORK_INFO].wrappedNative;
      expect(list[0]?.[1].toLowerCase()).toBe(info.address.toLowerCase());
      expect(list[0]?.[2]).toBe(info.decimals);
    }
  });

  it('§3 has real-looking EVM addresses, unique per network, 6-12 tokens each, covering the majors', () => {
    for (const [network, list] of Object.entries(BUILTIN_TOKENS)) {
      expect(list.length).toBeGreaterThanOrEqual(6);
      expect(list.length).toBeLessThanOrEqual(12);
      for (const [, address, decimals] of list) {
        expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
        expect([6, 8, 18]).toContain(decimals);
      }
      expect(new Set(list.map(([, a]) => a.toLowerCase())).size, network).toBe(list.length);
      for (const name of ['USDC', 'USDT', 'DAI', 'LINK', 'UNI', 'AAVE']) expect(list.map(([n]) => n), network).toContain(name);
    }
  });
});

describe('§4 quote panel initial state', () => {
  it('§4 with from and to given, uses both on the initial network, amount as given', () => {
    const state = initialPanelState(tokens, { network: 'Ethereum', from: USDC.address.toUpperCase().replace('0X', '0x'), to: DAI.address, amount: '5' });
    expect(state).toEqual({ from: USDC, to: DAI, amount: '5' });
  });

  it('§4 with only one token given, the other defaults to WETH of that network', () => {
    expect(initialPanelState(tokens, { network: 'Ethereum', from: LINK.address })).toEqual({ from: LINK, to: WETH, amount: '1' });
    expect(initialPanelState(tokens, { network: 'Ethereum', to: LINK.address })).toEqual({ from: WETH, to: LINK, amount: '1' });
    const arbUsdc = find('USDC', 'Arbitrum');
    expect(initialPanelState(tokens, { network: 'Arbitrum', from: arbUsdc.address }).to).toEqual(find('WETH', 'Arbitrum'));
    expect(initialPanelState(tokens, { network: 'Binance', from: find('CAKE', 'Binance').address }).to?.tokenName).toBe('WBNB');
  });

  it('§4 otherwise the first token is from and the next one on the same network is to; default amount 1', () => {
    expect(initialPanelState(tokens)).toEqual({ from: WETH, to: USDC, amount: '1' });
    expect(initialPanelState(tokens, { network: 'Polygon' })).toEqual({ from: find('WPOL', 'Polygon'), to: find('WETH', 'Polygon'), amount: '1' });
  });

  it('§4 an address not on the network counts as not given', () => {
    expect(initialPanelState(tokens, { network: 'Base', from: USDC.address })).toEqual({
      from: find('WETH', 'Base'), to: find('USDC', 'Base'), amount: '1',
    });
  });
});

describe('§4 choosing tokens and the swap button', () => {
  const start = { from: WETH, to: USDC, amount: '1' };

  it('§4 choosing a non-WETH token sets the other side to WETH of that network', () => {
    expect(chooseToken(start, 'to', DAI, tokens)).toEqual({ from: WETH, to: DAI, amount: '1' });
    expect(chooseToken({ from: USDC, to: DAI, amount: '1' }, 'from', LINK, tokens)).toEqual({ from: LINK, to: WETH, amount: '1' });
    const arbLink = find('LINK', 'Arbitrum');
    expect(chooseToken(start, 'from', arbLink, tokens)).toEqual({ from: arbLink, to: find('WETH', 'Arbitrum'), amount: '1' });
  });

  it('§4 choosing WETH leaves the other side alone', () => {
    const baseWeth = find('WETH', 'Base');
    expect(isWrappedEther(baseWeth)).toBe(true);
    expect(chooseToken({ from: USDC, to: DAI, amount: '2' }, 'from', WETH, tokens)).toEqual({ from: WETH, to: DAI, amount: '2' });
  });

  it('§4 the swap button exchanges sides and copies the best output scaled by the to-token decimals', () => {
    expect(swapSides(start, 3012_345678n)).toEqual({ from: USDC, to: WETH, amount: '3012.345678' });
    expect(swapSides({ from: USDC, to: WETH, amount: '3000' }, 1_500000000000000000n)).toEqual({ from: WETH, to: USDC, amount: '1.5' });
  });

  it('§4 without a best route the swap keeps the amount', () => {
    expect(swapSides(start, null)).toEqual({ from: USDC, to: WETH, amount: '1' });
  });

  it('§4 alternative networks are the same tokenName on the other networks', () => {
    const networks = alternativeNetworks(tokens, USDC).map((t) => t.network_name);
    expect(networks).toEqual(['Arbitrum', 'Base', 'Optimism', 'Polygon', 'Binance']);
    expect(alternativeNetworks(tokens, find('MKR', 'Ethereum'))).toEqual([]);
  });

  it('§2 the network icons are the token on every network, its own included, in the network list order whichever is chosen', () => {
    const order = tokenNetworks(tokens, USDC).map((t) => t.network_name);
    expect(order).toEqual(['Arbitrum', 'Base', 'Binance', 'Ethereum', 'Optimism', 'Polygon']);
    expect(order).toEqual([...order].sort((a, b) => NETWORKS.indexOf(a as never) - NETWORKS.indexOf(b as never)));
    // Choosing another network of the token leaves every icon where it was.
    for (const network of order) expect(tokenNetworks(tokens, find('USDC', network)).map((t) => t.network_name)).toEqual(order);
    expect(tokenNetworks(tokens, find('MKR', 'Ethereum')).map((t) => t.network_name)).toEqual(['Ethereum']);
    expect(tokenNetworks(tokens, null)).toEqual([]);
  });

  it('§2 a network the list does not know goes after the known ones, by name', () => {
    const extra = (network: string): TokenEntry => ({ ...USDC, network_name: network, address: `0x${network.length.toString(16).padStart(40, '0')}` });
    const list = [extra('Zeta'), ...tokens, extra('Alpha')];
    expect(tokenNetworks(list, USDC).map((t) => t.network_name).slice(-3)).toEqual(['Polygon', 'Alpha', 'Zeta']);
  });

  it('§4 WETH of a network comes from NETWORK_INFO when the list lacks it', () => {
    expect(wrappedEtherOf([], 'Gnosis')).toEqual({
      tokenName: 'WXDAI', network_name: 'Gnosis', address: '0xe91d153e0b41518a2ce8dd3d7944fa863463a97d', decimals: 18,
    });
    expect(wrappedEtherOf(tokens, 'Nowhere')).toBeNull();
  });
});

describe('§5 quote inputs', () => {
  it('§5 from and to must be on the same network', () => {
    expect(quoteInput({ from: USDC, to: find('WETH', 'Base'), amount: '1' })).toEqual({
      ok: false, message: 'From and To tokens must be on the same network',
    });
  });

  it('§5 an empty amount gives "Enter an amount to quote"', () => {
    expect(quoteInput({ from: WETH, to: USDC, amount: '  ' })).toEqual({ ok: false, message: 'Enter an amount to quote' });
  });

  it('§5 a non-number or too many decimals gives the conversion message', () => {
    expect(quoteInput({ from: WETH, to: USDC, amount: '1.2.3' })).toEqual({ ok: false, message: 'Amount must be a number' });
    expect(quoteInput({ from: USDC, to: WETH, amount: '0.1234567' })).toEqual({ ok: false, message: 'Amount has more than 6 decimal places' });
  });

  it('§5 the quote runs only when from, to and amount are all set', () => {
    expect(quoteInput({ from: null, to: USDC, amount: '1' })).toEqual({ ok: false, message: null });
  });

  it('§5/§7 the amount is sent in exact integer base units (1.5 with 18 decimals)', () => {
    const input = quoteInput({ from: WETH, to: USDC, amount: '1.5' });
    expect(input).toEqual({
      ok: true,
      query: { network: 'Ethereum', tokenInAddress: WETH.address, tokenOutAddress: USDC.address, amountIn: '1500000000000000000' },
    });
    if (input.ok) expect(quoteQueryKey(input.query)).toEqual(['quoteUi', 'Ethereum', WETH.address, USDC.address, '1500000000000000000']);
  });
});

describe('§8 quote errors', () => {
  const ok = { version: 1, network: 'Ethereum', from: 'a', to: 'b', amountIn: '1', time: 3, block: 7, routes: [] };

  it('§8 a response error shows its text', () => {
    expect(interpretQuote({ ...ok, error: 'No route found' })).toEqual({ kind: 'error', message: 'No route found' });
  });

  it('§8 an empty or non-text error shows Unknown error', () => {
    expect(interpretQuote({ ...ok, error: '' })).toEqual({ kind: 'error', message: 'Unknown error' });
    expect(interpretQuote({ ...ok, error: { code: 3 } })).toEqual({ kind: 'error', message: 'Unknown error' });
  });

  it('§8 a time that is not a number shows Quote res malformed?', () => {
    expect(interpretQuote({ ...ok, time: '3' })).toEqual({ kind: 'error', message: 'Quote res malformed?' });
    expect(interpretQuote({ ...ok, time: undefined })).toEqual({ kind: 'error', message: 'Quote res malformed?' });
    expect(interpretQuote('oops')).toEqual({ kind: 'error', message: 'Quote res malformed?' });
  });

  it('§8 a thrown fetch error becomes "Local err: <cause>"', () => {
    expect(localErrorQuote(new Error('network down'))).toEqual({ error: 'Local err: network down', routes: [] });
    expect(interpretQuote(localErrorQuote(new Error('x')))).toEqual({ kind: 'error', message: 'Local err: x' });
  });

  it('§8 a good quote passes with its routes', () => {
    expect(interpretQuote(ok)).toEqual({ kind: 'quote', routes: [], block: 7, time: 3 });
  });
});

describe('§2 route display', () => {
  const route = (amountOut: string | number, gasEstimate: number, dexes: string[]): QuoteRoute => ({
    amountOut,
    gasEstimate,
    routeInfo: dexes.map((dex, i) => ({ dex, poolAddress: `0x${String(i + 1).repeat(4)}${'0'.repeat(32)}abcd` })),
  });

  it('§2 labels the first route Best and the others by negative percent with 2 decimals', () => {
    const rows = formatRoutes([route('3012345678912345', 150000, ['uni_v3']), route('3000000000000000', 210000, ['sushi_v2', 'curve_stable'])], {
      network: 'Ethereum', toDecimals: 6,
    });
    expect(rows?.map((r) => r.label)).toEqual(['Best', '-0.41%']);
  });

  it('§2 a quote says how far its block is behind the head; past the limit it is stale and no route is called Best', () => {
    expect(quoteAge(21_676_870, 21_676_873, 20)).toEqual({ behind: 3, stale: false, text: '3 blocks behind' });
    expect(quoteAge(100, 100, 20)).toEqual({ behind: 0, stale: false, text: 'at the head' });
    expect(quoteAge(101, 100, 20)?.text).toBe('at the head');
    expect(quoteAge(21_077_722, 21_676_873, 20)).toEqual({ behind: 599_151, stale: true, text: '599,151 blocks behind: stale' });
    expect(quoteAge(100, undefined, 20)).toBeNull();
    expect(quoteAge('100', 120, 20)).toBeNull();
    const stale = formatRoutes([route('3012345678912345', 150000, ['uni_v3']), route('3000000000000000', 210000, ['sushi_v2'])], { network: 'Ethereum', toDecimals: 6, stale: true });
    expect(stale?.map((r) => [r.label, r.isBest])).toEqual([['Stale', false], ['-0.41%', false]]);
  });

  it('§2/§9 shows amount out to 12 significant digits, scaled by the to-token decimals', () => {
    const rows = formatRoutes([route('3012345678912345', 150000, ['uni_v3']), route('123456789012345678901', 1, ['uni_v2'])], {
      network: 'Ethereum', toDecimals: 6,
    });
    expect(rows?.map((r) => r.amountOutText)).toEqual(['3012345678.91', '123456789012000']);
  });

  it('§2 hops link their shortened pool address to the network explorer (http(s) only)', () => {
    const rows = formatRoutes([route('1', 1, ['uni_v3'])], { network: 'Arbitrum', toDecimals: 0 });
    expect(rows?.[0]?.hops[0]).toEqual({
      dex: 'uni_v3',
      poolAddress: '0x111100000000000000000000000000000000abcd',
      shortAddress: '0x1111…abcd',
      url: 'https://arbiscan.io/address/0x111100000000000000000000000000000000abcd',
    });
    expect(formatRoutes([route('1', 1, ['uni_v3'])], { network: 'Nowhere', toDecimals: 0 })?.[0]?.hops[0]?.url).toBeNull();
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
  });

  it("§2 a pool links to the address page of its own network's explorer (Solscan accounts, Tonviewer at the root)", () => {
    const url = (network: string, pool: string) => formatRoutes([{ amountOut: '1', gasEstimate: 1, routeInfo: [{ dex: 'x_v1', poolAddress: pool }] }], { network, toDecimals: 0 })?.[0]?.hops[0]?.url;
    expect(url('Solana', '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2')).toBe('https://solscan.io/account/58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2');
    expect(url('TON', 'EQCM3B12QK1e4yZSf8GtBRT0aLMNyEsBc_DhVfRRtOEffLez')).toBe('https://tonviewer.com/EQCM3B12QK1e4yZSf8GtBRT0aLMNyEsBc_DhVfRRtOEffLez');
    expect(url('Tron', 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR')).toBe('https://tronscan.org/#/address/TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR');
    expect(url('Base', '0xabc')).toBe('https://basescan.org/address/0xabc');
  });

  it('§3 an amount out sent as a JSON number is read too, beyond 2^53 and with a fraction dropped', () => {
    const rows = formatRoutes([route(2e21, 1, ['uni_v3']), route(1234.9, 1, ['uni_v2'])], { network: 'Ethereum', toDecimals: 18 });
    expect(rows?.map((r) => r.amountOut)).toEqual([2000000000000000000000n, 1234n]);
    expect(rows?.[0]?.amountOutText).toBe('2000');
    expect(formatRoutes([route('1.5', 1, ['uni_v3'])], { network: 'Ethereum', toDecimals: 0 })?.[0]?.amountOut).toBe(1n);
  });

  it('§8 an amount out that is no amount at all makes the quote malformed', () => {
    expect(formatRoutes([route('abc', 1, ['uni_v3'])], { network: 'Ethereum', toDecimals: 0 })).toBeNull();
    expect(formatRoutes([route(-5, 1, ['uni_v3'])], { network: 'Ethereum', toDecimals: 0 })).toBeNull();
    expect(formatRoutes([route(Number.NaN, 1, ['uni_v3'])], { network: 'Ethereum', toDecimals: 0 })).toBeNull();
  });

  it('§2 finds exchange logos by dex key, with a default fallback', () => {
    expect(dexKey('uni_v3')).toBe('uni');
    expect(dexKey('curve_stable_ng')).toBe('curve');
    for (const key of ['uni', 'pancake', 'sushi', 'camelot', 'curve', 'balancer', 'quickswap', 'traderjoe', 'apeswap', 'biswap', 'shibaswap', 'velodrome', 'aerodrome']) {
      expect(dexLogoFor(`${key}_v2`).key).toBe(key);
    }
    expect(dexLogoFor('Uniswap_v3').key).toBe('uni');
    expect(dexLogoFor('mystery_v9')).toBe(DEFAULT_DEX_LOGO);
  });
});

describe('§4/§5 tracked pool keys', () => {
  it('§5 pairs each panel token with its network and every other, networks sorted', () => {
    const keys = trackedPoolKeys(['USDC', 'WETH'], 'Ethereum', ['Arbitrum', 'Ethereum', 'Base']);
    expect(keys).toEqual(['USDC_Arbitrum_Ethereum_lp', 'USDC_Base_Ethereum_lp', 'WETH_Arbitrum_Ethereum_lp', 'WETH_Base_Ethereum_lp']);
  });
});

describe('§2 Cmd/Ctrl-click opens a second panel on the other network', () => {
  it('starts it on that network with the clicked token and the same counterpart token there', () => {
    const state = initialPanelState(tokens, { network: 'Ethereum', from: WETH.address, to: USDC.address });
    const arbWeth = find('WETH', 'Arbitrum');
    const init = besideInit(tokens, state, 'from', arbWeth);
    expect(init).toEqual({ network: 'Arbitrum', from: arbWeth.address, to: find('USDC', 'Arbitrum').address, amount: state.amount });
    const beside = initialPanelState(tokens, init);
    expect(beside.from?.tokenName).toBe('WETH');
    expect(beside.to?.tokenName).toBe('USDC');
    expect(beside.to?.network_name).toBe('Arbitrum');
  });

  it('leaves the other side to §4 defaults when its token does not exist on that network', () => {
    const state = { from: WETH, to: { ...USDC, tokenName: 'NOWHERE' }, amount: '3' };
    const arbWeth = find('WETH', 'Arbitrum');
    expect(besideInit(tokens, state, 'from', arbWeth)).toEqual({ network: 'Arbitrum', from: arbWeth.address, amount: '3' });
  });
});
