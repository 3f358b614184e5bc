import { useEffect, useReducer, type ComponentType, type ReactNode } from 'react';
import type { IconProps, LogoFor } from './iconLoaders.ts';

/** A logo to draw: the package's icon and its variant (WHITE_MARK_LOGOS on their own dark ground). */
export interface ResolvedLogo {
  Icon: ComponentType<IconProps>;
  variant: 'branded' | 'background';
}

/**
 * Where a logo's code comes from, imported on first use: the one chunk of network logos
 * (networkIcons.ts, which home loads) or the table of every logo (iconLoaders.ts, one chunk per icon).
 * Resolves null when it has none.
 */
export type LogoSource = (what: LogoFor) => Promise<ResolvedLogo | null>;

/** Icons already resolved (null: there is none), shared by every logo on the page, by what they are for. */
const resolved = new Map<string, ResolvedLogo | null>();
const pending = new Map<string, Promise<unknown>>();

const keyOf = (what: LogoFor): string =>
  'network' in what ? `network:${what.network}` : 'token' in what ? `token:${what.token}` : `dex:${what.dex}`;

/** Downloads a logo's chunk once; a failed download is forgotten, so a later mount tries again. */
function load(key: string, what: LogoFor, source: LogoSource): Promise<unknown> {
  let promise = pending.get(key);
  if (!promise) {
    promise = source(what)
      .then((found) => void resolved.set(key, found))
      .catch(() => void pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

export interface PackageLogoProps {
  /** What the logo is for; the config table (src/config/logos.ts) says which icon, if any. */
  logo: LogoFor;
  /** Where its code comes from. */
  source: LogoSource;
  size: number;
  /** The default logo (SPEC §2): shown while the logo loads, if it fails to, and when there is none. */
  fallback: ReactNode;
  /** data-* attributes naming what the logo is for (tests and tools find it by them). */
  data?: Record<`data-${string}`, string>;
}

/**
 * Issue 26 item 6: a logo of @web3icons/react, loaded after first paint on first use (the table and
 * each icon are their own small chunks; the network logos one chunk), on a light disc so dark marks stay legible on the dark theme.
 * Decorative: every place that shows one shows the name beside it (or names its control), so the
 * logo is hidden from assistive technology.
 */
export function PackageLogo({ logo, source, size, fallback, data }: PackageLogoProps) {
  const [, loadedNow] = useReducer((n: number) => n + 1, 0);
  const key = keyOf(logo);
  const logoNow = resolved.get(key);
  useEffect(() => {
    if (resolved.has(key)) return;
    let live = true;
    void load(key, logo, source).then(() => {
      if (live) loadedNow();
    });
    return () => {
      live = false;
    };
    // `key` says all of `logo`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!logoNow) return fallback;
  const { Icon, variant } = logoNow;
  return (
    <span
      aria-hidden="true"
      data-logo=""
      {...data}
      style={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: '50%',
        background: '#fff',
        boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.18)',
        overflow: 'hidden',
      }}
    >
      {/* A mark on its own dark square fills the disc; others sit inside it. */}
      <Icon size={variant === 'background' ? size : Math.round(size * 0.82)} variant={variant} aria-hidden="true" focusable="false" />
    </span>
  );
}
