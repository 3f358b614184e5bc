/**
 * §2 (exchange logos by dex key, with a default logo as fallback) and docs/decisions.md "Logos
 * bundled, loaded one at a time": the one table from the console's network names, token symbols and
 * dex keys to the SVG logos of
 * @web3icons/react (bundled with the console, never fetched at run time). Each value is the name of
 * the package's icon component (its file under @web3icons/react/icons/<kind>/), or DEFAULT_LOGO where
 * the package has no logo for it: those show the default logo (src/ui/logos).
 *
 * Where the package has no exchange logo, an exchange's own governance token is its logo (Curve's
 * CRV, Camelot's GRAIL, ...): the same mark the exchange shows. A native coin without a token logo
 * shows its network's (BERA: Berachain, S: Sonic, XDAI: Gnosis); a wrapped native shows its native
 * coin's, and a bridged USDC (USDC.e, USDbC) shows USDC's.
 */
import { DEX_LOGOS, dexLogoFor } from './dexLogos.ts';
import { DEFAULT_LOGO, NETWORK_LOGOS, type LogoEntry } from './networkLogos.ts';

// The network table lives in its own module: home's network logos load it without the token and exchange tables.
export { DEFAULT_LOGO, NETWORK_LOGOS, WHITE_MARK_LOGOS, type LogoEntry, type LogoIcon } from './networkLogos.ts';

/** Every dex key of the §2 exchange table (DEX_LOGOS). */
export const DEX_LOGO_ICONS = {
  uni: 'ExchangeUniswap',
  pancake: 'ExchangePancakeSwap',
  sushi: 'ExchangeSushiswap',
  camelot: 'TokenGRAIL',
  curve: 'TokenCRV',
  balancer: 'ExchangeBalancer',
  quickswap: 'TokenQUICK',
  traderjoe: 'TokenJOE',
  apeswap: DEFAULT_LOGO,
  biswap: 'TokenBSW',
  // SHIB is Shiba Inu's logo, not ShibaSwap's.
  shibaswap: DEFAULT_LOGO,
  velodrome: 'TokenVELO',
  aerodrome: DEFAULT_LOGO,
  kyberswap: 'TokenKNC',
  maverick: 'TokenMAV',
  thena: 'TokenTHE',
  ramses: 'TokenRAM',
  // The package's SYNC is Syncus, not SyncSwap.
  syncswap: DEFAULT_LOGO,
  spookyswap: DEFAULT_LOGO,
  dodo: 'TokenDODO',
  solidly: 'TokenSOLID',
  baseswap: DEFAULT_LOGO,
  // Frax Share carries the Frax mark Fraxswap shows.
  fraxswap: 'TokenFXS',
  pulsex: DEFAULT_LOGO,
  raydium: 'TokenRAY',
  orca: DEFAULT_LOGO,
  // The package's MET is Metronome, not Meteora.
  meteora: DEFAULT_LOGO,
  default: DEFAULT_LOGO,
} as const satisfies Record<keyof typeof DEX_LOGOS | 'default', LogoEntry>;

/**
 * Token symbols the console knows: the §3 built-in token list, the native coins and the wrapped
 * natives (tests/config/logos.test.ts checks every one is here). Looked up as written, then
 * upper-cased; any other token shows the default logo.
 */
export const TOKEN_LOGOS = {
  AAVE: 'TokenAAVE',
  AERO: DEFAULT_LOGO,
  ARB: 'TokenARB',
  AVAX: 'TokenAVAX',
  BERA: 'NetworkBerachain',
  BNB: 'TokenBNB',
  // Binance-Peg BTCB: not in the package.
  BTCB: DEFAULT_LOGO,
  CAKE: 'TokenCAKE',
  DAI: 'TokenDAI',
  ETH: 'TokenETH',
  FTM: 'TokenFTM',
  GMX: 'TokenGMX',
  HYPE: 'TokenHYPE',
  LDO: 'TokenLDO',
  LINK: 'TokenLINK',
  METIS: 'TokenMETIS',
  MKR: 'TokenMKR',
  OP: 'TokenOP',
  PEPE: 'TokenPEPE',
  PLS: 'TokenPLS',
  POL: 'TokenPOL',
  QUICK: 'TokenQUICK',
  S: 'NetworkSonic',
  SOL: 'TokenSOL',
  TON: 'TokenTON',
  TRX: 'TokenTRX',
  UNI: 'TokenUNI',
  USDC: 'TokenUSDC',
  'USDC.e': 'TokenUSDC',
  USDT: 'TokenUSDT',
  USDbC: 'TokenUSDC',
  VELO: 'TokenVELO',
  WAVAX: 'TokenAVAX',
  WBERA: 'NetworkBerachain',
  WBNB: 'TokenBNB',
  WBTC: 'TokenWBTC',
  WETH: 'TokenETH',
  WHYPE: 'TokenHYPE',
  WMETIS: 'TokenMETIS',
  WPLS: 'TokenPLS',
  WPOL: 'TokenPOL',
  WS: 'NetworkSonic',
  WSOL: 'TokenSOL',
  WTON: 'TokenTON',
  WTRX: 'TokenTRX',
  WXDAI: 'NetworkGnosis',
  XDAI: 'NetworkGnosis',
  // Coinbase Wrapped BTC: not in the package.
  cbBTC: DEFAULT_LOGO,
} as const satisfies Record<string, LogoEntry>;

type Values<T> = T[keyof T];
/** Every icon the tables above use: src/ui/logos/iconLoaders.ts has one loader for each. */
export type LogoIconName = Exclude<Values<typeof NETWORK_LOGOS> | Values<typeof DEX_LOGO_ICONS> | Values<typeof TOKEN_LOGOS>, typeof DEFAULT_LOGO>;

const own = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(table, key);

const icon = (entry: LogoEntry): LogoIconName | null => (entry === DEFAULT_LOGO ? null : (entry as LogoIconName));

/** A network's logo; null: the default logo. */
export function networkLogo(network: string): LogoIconName | null {
  return own(NETWORK_LOGOS, network) ? icon(NETWORK_LOGOS[network]) : null;
}

/** §2 An exchange's logo by dex key (name_variant 'uni_v3' or a bare key); null: the default logo. */
export function dexLogo(nameVariant: string): LogoIconName | null {
  const key = dexLogoFor(nameVariant).key;
  return own(DEX_LOGO_ICONS, key) ? icon(DEX_LOGO_ICONS[key]) : null;
}

/** A token's logo by symbol (as written, then upper-cased); null: the default logo. */
export function tokenLogo(symbol: string): LogoIconName | null {
  const trimmed = symbol.trim();
  if (own(TOKEN_LOGOS, trimmed)) return icon(TOKEN_LOGOS[trimmed]);
  const upper = trimmed.toUpperCase();
  return own(TOKEN_LOGOS, upper) ? icon(TOKEN_LOGOS[upper]) : null;
}
