import type { LogoSource } from './PackageLogo.tsx';

/**
 * Any logo of the config table (src/config/logos.ts): the table and each icon load on first use, one
 * small chunk each. Token and exchange logos come from here (the swap window, trades); home's network
 * logos do not (NetworkIcon loads the one chunk of network logos), so home never downloads the table.
 */
export const fromIconTable: LogoSource = (what) =>
  import('./iconLoaders.ts').then(async ({ loaderFor }) => {
    const found = loaderFor(what);
    return found ? { Icon: (await found.load()).default, variant: found.variant } : null;
  });
