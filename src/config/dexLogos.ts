/**
 * §2: exchange logos are found by dex key (the part of name_variant before '_'), with a default
 * logo as fallback. Logos cannot be downloaded at run time, so each is drawn from this table as a
 * coloured disc with the exchange's initials (src/widgets/SwapQuote/DexLogo.tsx).
 */
export interface DexLogoSpec {
  /** The dex key this logo is for ('default' for the fallback). */
  key: string;
  label: string;
  initials: string;
  /** Disc colour: the exchange's brand colour. */
  colour: string;
  /** Initials colour, readable on the disc. */
  ink: string;
}

const logo = (key: string, label: string, initials: string, colour: string, ink = '#ffffff'): DexLogoSpec => ({
  key, label, initials, colour, ink,
});

export const DEX_LOGOS: Readonly<Record<string, DexLogoSpec>> = {
  uni: logo('uni', 'Uniswap', 'U', '#ff007a'),
  pancake: logo('pancake', 'PancakeSwap', 'PS', '#1fc7d4', '#280d5f'),
  sushi: logo('sushi', 'SushiSwap', 'SU', '#fa52a0'),
  camelot: logo('camelot', 'Camelot', 'CA', '#ffaf1d', '#2b1b00'),
  curve: logo('curve', 'Curve', 'CRV', '#3a3a8f'),
  balancer: logo('balancer', 'Balancer', 'BAL', '#1e1e1e'),
  quickswap: logo('quickswap', 'QuickSwap', 'QS', '#418ac9'),
  traderjoe: logo('traderjoe', 'Trader Joe', 'TJ', '#f2716a'),
  apeswap: logo('apeswap', 'ApeSwap', 'AS', '#a16552'),
  biswap: logo('biswap', 'Biswap', 'BI', '#1263f1'),
  shibaswap: logo('shibaswap', 'ShibaSwap', 'SH', '#ffa409', '#2b1b00'),
  velodrome: logo('velodrome', 'Velodrome', 'VE', '#ff1100'),
  aerodrome: logo('aerodrome', 'Aerodrome', 'AE', '#0433ff'),
  kyberswap: logo('kyberswap', 'KyberSwap', 'KY', '#31cb9e', '#0b2e24'),
  maverick: logo('maverick', 'Maverick', 'MV', '#6b26ff'),
  thena: logo('thena', 'Thena', 'TH', '#d81f8a'),
  ramses: logo('ramses', 'Ramses', 'RA', '#c9a227', '#1f1800'),
  syncswap: logo('syncswap', 'SyncSwap', 'SY', '#5a60f6'),
  spookyswap: logo('spookyswap', 'SpookySwap', 'SP', '#6665dd'),
  dodo: logo('dodo', 'DODO', 'DO', '#fff700', '#1a1a1a'),
  solidly: logo('solidly', 'Solidly', 'SO', '#00a3ff'),
  baseswap: logo('baseswap', 'BaseSwap', 'BS', '#0052ff'),
  fraxswap: logo('fraxswap', 'Fraxswap', 'FX', '#000000'),
  pulsex: logo('pulsex', 'PulseX', 'PX', '#00ff85', '#002414'),
  raydium: logo('raydium', 'Raydium', 'RAY', '#c200fb'),
  orca: logo('orca', 'Orca', 'OR', '#ffd15c', '#2b1b00'),
  meteora: logo('meteora', 'Meteora', 'ME', '#f26b1d'),
};

export const DEFAULT_DEX_LOGO: DexLogoSpec = logo('default', 'Exchange', 'DEX', '#757575');

/** Longer names that mean the same exchange. */
const ALIASES: Readonly<Record<string, string>> = {
  uniswap: 'uni',
  pancakeswap: 'pancake',
  sushiswap: 'sushi',
  balancerv2: 'balancer',
  joe: 'traderjoe',
  kyber: 'kyberswap',
  velo: 'velodrome',
  aero: 'aerodrome',
  spooky: 'spookyswap',
  quick: 'quickswap',
};

/** 'uni_v3' -> 'uni': the part of name_variant before the first '_', lower-cased. */
export function dexKey(nameVariant: string): string {
  const cut = nameVariant.indexOf('_');
  return (cut < 0 ? nameVariant : nameVariant.slice(0, cut)).trim().toLowerCase();
}

/** The logo for a name_variant (or a bare dex key); the default logo when the exchange is not known. */
export function dexLogoFor(nameVariant: string): DexLogoSpec {
  const key = dexKey(nameVariant);
  const canonical = Object.prototype.hasOwnProperty.call(ALIASES, key) ? ALIASES[key] : key;
  if (canonical !== undefined && Object.prototype.hasOwnProperty.call(DEX_LOGOS, canonical)) {
    return DEX_LOGOS[canonical] ?? DEFAULT_DEX_LOGO;
  }
  return DEFAULT_DEX_LOGO;
}
