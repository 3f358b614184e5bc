import { useEffect, useId, useLayoutEffect, useReducer, useRef, type ComponentType, type ReactNode } from 'react';
import type { LogoFor } from './iconLoaders.ts';
import type { IconProps } from './iconProps.ts';
import { discFrame } from './InitialsDisc.tsx';

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
  /** The default logo (§2): shown while the logo loads, if it fails to, and when there is none. */
  fallback: ReactNode;
  /** data-* attributes naming what the logo is for (tests and tools find it by them). */
  data?: Record<`data-${string}`, string>;
}

/** Attributes of an SVG that may point at an id of the same SVG (a gradient, a clip path…). */
const REFERRING = ['fill', 'stroke', 'clip-path', 'mask', 'filter', 'href', 'xlink:href', 'style'];

/**
 * The package's SVGs carry fixed ids (their gradients): two copies of one logo on a page would share
 * them (an id must be unique: axe duplicate-id, and a browser may paint one copy with the other's
 * gradient). Each copy's ids, and what refers to them, get the copy's own suffix.
 */
function uniqueIds(root: Element, suffix: string): void {
  const renamed = new Map<string, string>();
  for (const el of root.querySelectorAll('[id]')) {
    if (el.id.endsWith(`-${suffix}`)) continue;
    const next = `${el.id}-${suffix}`;
    renamed.set(el.id, next);
    el.id = next;
  }
  if (renamed.size === 0) return;
  for (const el of root.querySelectorAll('*')) {
    for (const name of REFERRING) {
      const value = el.getAttribute(name);
      if (!value || !value.includes('#')) continue;
      const next = value.replace(/#([^\s)'"]+)/g, (whole, id: string) => {
        const to = renamed.get(id);
        return to ? `#${to}` : whole;
      });
      if (next !== value) el.setAttribute(name, next);
    }
  }
}

/**
 * A logo of @web3icons/react, loaded after first paint on first use (the table and
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
  const frame = useRef<HTMLSpanElement>(null);
  const suffix = useId().replace(/[^\w-]/g, '');
  useLayoutEffect(() => {
    if (frame.current) uniqueIds(frame.current, suffix);
  }, [logoNow, suffix]);
  if (!logoNow) return fallback;
  const { Icon, variant } = logoNow;
  return (
    <span
      ref={frame}
      aria-hidden="true"
      data-logo=""
      {...data}
      style={{
        ...discFrame(size),
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
