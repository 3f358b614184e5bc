/**
 * Demo data for a fresh database (the reference server is a demo backend): real mainnet token
 * addresses and decimals, a few bridges and a plausible brain state.
 */
import type { AwsGroup, BrainState, Bridge, BridgeFee, ConnectedServices, MiscSettings, Token } from '../../../src/contract/index.ts';
import type { BridgeKind } from '../../../src/config/enums.ts';
import type { Network } from '../../../src/config/networks.ts';

type Deployments = Partial<Record<Network, [address: string, decimals: number]>>;

function token(tokenName: string, deployments: Deployments): Token {
  const networkData: Token['networkData'] = {};
  for (const [network, entry] of Object.entries(deployments)) {
    if (entry) networkData[network] = { address: entry[0].toLowerCase(), decimals: entry[1] };
  }
  return { tokenName, networkData };
}

const TOKENS: Token[] = [
  token('USDC', {
    Ethereum: ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6],
    Arbitrum: ['0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6],
    Base: ['0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6],
    Polygon: ['0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6],
    Binance: ['0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18],
  }),
  token('USDT', {
    Ethereum: ['0xdAC17F958D2ee523a2206206994597C13D831ec7', 6],
    Arbitrum: ['0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6],
    Polygon: ['0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6],
    Binance: ['0x55d398326f99059fF775485246999027B3197955', 18],
  }),
  token('DAI', {
    Ethereum: ['0x6B175474E89094C44Da98b954EedeAC495271d0F', 18],
    Arbitrum: ['0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18],
    Base: ['0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 18],
    Polygon: ['0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', 18],
  }),
  token('WBTC', {
    Ethereum: ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 8],
    Arbitrum: ['0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', 8],
    Polygon: ['0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6', 8],
  }),
  token('LINK', {
    Ethereum: ['0x514910771AF9Ca656af840dff83E8264EcF986CA', 18],
    Arbitrum: ['0xf97f4df75117a78c1A5a0DBb814Af92458539FB4', 18],
    Polygon: ['0x53E0bca35eC356BD5ddDFebbD1Fc0fD03FaBad39', 18],
    Binance: ['0xF8A0BF9cF54Bb92F17374d9e9A321E6a111a51bD', 18],
  }),
  token('UNI', {
    Ethereum: ['0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 18],
    Arbitrum: ['0xFa7F8980b0f1E64A2062791cc3b0871572f1F7f0', 18],
    Polygon: ['0xb33EaAd8d922B1083446DC23f610c2567fB5180f', 18],
    Binance: ['0xBf5140A22578168FD562DCcF235E5D43A02ce9B1', 18],
  }),
  token('AAVE', {
    Ethereum: ['0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9', 18],
    Arbitrum: ['0xba5DdD1f9d7F570dc94a51479a000E3BCE967196', 18],
    Polygon: ['0xD6DF932A45C0f255f85145f286eA0b292B21C90B', 18],
  }),
  token('ARB', {
    Ethereum: ['0xB50721BCf8d664c30412Cfbc6cf7a15145234ad1', 18],
    Arbitrum: ['0x912CE59144191C1204E64559FE8253a0e49E6548', 18],
  }),
  token('WETH', {
    Ethereum: ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18],
    Arbitrum: ['0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 18],
    Base: ['0x4200000000000000000000000000000000000006', 18],
    Polygon: ['0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 18],
    Binance: ['0x2170Ed0880ac9A755fd29B2688956BD959F933F8', 18],
  }),
  token('CAKE', {
    Binance: ['0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82', 18],
  }),
  token('AERO', {
    Base: ['0x940181a94A35A4569E4529A3CDfB74e38FD98631', 18],
  }),
  token('GMX', {
    Arbitrum: ['0xfc5A1A6EB076a2C7aD06eD22C90d7E710E35ad0a', 18],
  }),
];

function bridge(bridgeName: string, kind: BridgeKind, networks: Network[], tokens: string[], fee: BridgeFee): Bridge {
  return { bridgeName, kind, networks, tokens, fee, enabled: true };
}

/**
 * Fees per transfer as the bridges quote them: messaging fees in the source chain's coin, or flat
 * USD. The demo's trades go over these only (the seed's history and the simulator's trades), so
 * every bridge a trade names is in the Bridges list.
 */
export const DEMO_BRIDGES: Bridge[] = [
  bridge('stargate-eth-arb', 'Stargate', ['Ethereum', 'Arbitrum'], ['USDC', 'USDT'], { amount: 0.00009, currency: 'ETH' }),
  bridge('ccip-eth-base', 'CCIP', ['Ethereum', 'Base'], ['LINK', 'USDC'], { amount: 0.42, currency: 'USD' }),
  bridge('polygon-pos', 'Polygon', ['Ethereum', 'Polygon'], ['DAI', 'WBTC', 'AAVE', 'UNI'], { amount: 0.0016, currency: 'ETH' }),
  bridge('synapse-arb-bsc', 'Synapse', ['Arbitrum', 'Binance'], ['USDC', 'USDT', 'WETH'], { amount: 0.0007, currency: 'BNB' }),
];

/** Each token names the bridges that carry it, as the bridges list their tokens. */
export const DEMO_TOKENS: Token[] = TOKENS.map((token) => {
  const bridges = DEMO_BRIDGES.filter((b) => Array.isArray(b.tokens) && b.tokens.includes(token.tokenName));
  return bridges.length > 0 ? { ...token, bridges: bridges.map((b) => b.bridgeName) } : token;
});

export const DEMO_MISC_SETTINGS: MiscSettings = { sellOnly: false, tradeMode: 'auto' };

export const DEMO_BRAIN_STATE: BrainState = {
  walletAddress: '0x5e8a4c1b0f3d92a7c6e1b4d8f0a29c3e7b5d1f64',
  workersRunning: false,
  workersStartedBy: '',
  routeSearchRunning: false,
  routeSearchProgress: 0,
  pinnedTokens: ['LINK', 'ARB'],
  autosellPins: ['GMX'],
  pendingSells: [],
  lockedNonces: [],
  wethPriceUSD: 3187.42,
  txPeerStatus: { 'tx-eu-1': 4, 'tx-us-1': 3 },
  zmqPeerStatus: { 'zmq-eu-1': 2, 'zmq-us-1': 2 },
  nativePriceUSD: { ETH: 3187.42, BNB: 598.3, POL: 0.41, AVAX: 27.9, SOL: 148.6, FTM: 0.52, XDAI: 1 },
  txState: { pendingTxs: 0, lastTradeId: null },
};

export const DEMO_AWS_GROUPS: AwsGroup[] = [
  { name: 'workers-eu-central-1', region: 'eu-central-1', instanceType: 'c7i.2xlarge', desired: 2, running: 2 },
  { name: 'workers-us-east-1', region: 'us-east-1', instanceType: 'c7i.xlarge', desired: 1, running: 1 },
];

export const DEMO_CONNECTED_SERVICES: ConnectedServices = { numConnected: 8, numExpected: 8 };
