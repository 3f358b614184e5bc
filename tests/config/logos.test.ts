/**
 * §2: every network and dex key the console knows, and every token symbol of its built-in list, has
 * a logo of @web3icons/react that exists in the installed package, or is marked as using the
 * default logo. Prints the list.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEX_LOGOS } from '../../src/config/dexLogos.ts';
import { DEFAULT_LOGO, DEX_LOGO_ICONS, WHITE_MARK_LOGOS, NETWORK_LOGOS, TOKEN_LOGOS, dexLogo, networkLogo, tokenLogo, type LogoEntry } from '../../src/config/logos.ts';
import { NATIVE_COINS, NETWORKS, NETWORK_INFO } from '../../src/config/networks.ts';
import { BUILTIN_TOKENS } from '../../src/config/tokens.ts';
import { ICON_LOADERS } from '../../src/ui/logos/iconLoaders.ts';

const ICONS = join(process.cwd(), 'node_modules/@web3icons/react/dist/icons');
const folder = (icon: string) => (icon.startsWith('Network') ? 'networks' : icon.startsWith('Token') ? 'tokens' : 'exchanges');
const inPackage = (icon: string) => existsSync(join(ICONS, folder(icon), `${icon}.js`));

function check(kind: string, keys: readonly string[], table: Readonly<Record<string, LogoEntry>>) {
  const rows = keys.map((key) => {
    const entry = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
    return { key, entry, ok: entry === DEFAULT_LOGO || (entry !== undefined && inPackage(entry)) };
  });
  const withLogo = rows.filter((r) => r.entry !== DEFAULT_LOGO).length;
  console.info(
    `${kind}: ${withLogo} of ${rows.length} with a logo\n` +
      rows.map((r) => `  ${r.key.padEnd(12)} ${r.entry === DEFAULT_LOGO ? '(default logo)' : (r.entry ?? 'MISSING')}`).join('\n'),
  );
  return rows;
}

describe('§2 logos: the logo table is total and names logos the package has', () => {
  it('§3 every network has a logo in the package or is marked default', () => {
    const rows = check('networks', NETWORKS, NETWORK_LOGOS);
    expect(rows.filter((r) => !r.ok)).toEqual([]);
    expect(Object.keys(NETWORK_LOGOS).sort()).toEqual([...NETWORKS].sort());
    expect(networkLogo('Ethereum')).toBe('NetworkEthereum');
    expect(networkLogo('ATA')).toBeNull();
    expect(networkLogo('Nowhere')).toBeNull();
  });

  it('§2 every dex key has a logo in the package or is marked default; unknown keys get the default', () => {
    const rows = check('dex keys', [...Object.keys(DEX_LOGOS), 'default'], DEX_LOGO_ICONS);
    expect(rows.filter((r) => !r.ok)).toEqual([]);
    expect(Object.keys(DEX_LOGO_ICONS).sort()).toEqual([...Object.keys(DEX_LOGOS), 'default'].sort());
    expect(dexLogo('uni_v3')).toBe('ExchangeUniswap');
    expect(dexLogo('Uniswap_v2')).toBe('ExchangeUniswap');
    expect(dexLogo('curve_stable_ng')).toBe('TokenCRV');
    expect(dexLogo('apeswap_v2')).toBeNull();
    expect(dexLogo('mystery_v9')).toBeNull();
  });

  it('§3 every built-in token, native coin and wrapped native has a logo in the package or is marked default', () => {
    const symbols = new Set<string>(NATIVE_COINS);
    for (const list of Object.values(BUILTIN_TOKENS)) for (const [name] of list) symbols.add(name);
    for (const info of Object.values(NETWORK_INFO)) symbols.add(info.wrappedNative.symbol);
    const rows = check('tokens', [...symbols].sort(), TOKEN_LOGOS);
    expect(rows.filter((r) => !r.ok)).toEqual([]);
    expect(tokenLogo('weth')).toBe('TokenETH');
    expect(tokenLogo('USDC.e')).toBe('TokenUSDC');
    expect(tokenLogo('NOSUCH')).toBeNull();
  });

  it('every logo the table names has a lazy loader, and each loads a component', async () => {
    const named = new Set([...Object.values(NETWORK_LOGOS), ...Object.values(DEX_LOGO_ICONS), ...Object.values(TOKEN_LOGOS)].filter((e) => e !== DEFAULT_LOGO));
    expect(Object.keys(ICON_LOADERS).sort()).toEqual([...named].sort());
    // Each white-only mark is used, and has the dark-ground variant it is drawn with.
    for (const icon of WHITE_MARK_LOGOS) {
      expect(named.has(icon as never), icon).toBe(true);
      expect(readFileSync(join(ICONS, folder(icon), `${icon}.js`), 'utf8'), icon).toMatch(/^\s*background: \[/m);
    }
    const loaded = await ICON_LOADERS.NetworkEthereum();
    expect(typeof loaded.default).toBe('object'); // a forwardRef component
  });
});
