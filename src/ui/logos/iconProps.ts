/**
 * The props PackageLogo passes to an icon of the package, in a module of its own: the loaders
 * (iconLoaders.ts) and the network logos' chunk (networkIcons.ts) both type their icons with it,
 * and neither imports the other for it.
 */
export interface IconProps {
  size?: number;
  variant?: 'branded' | 'mono' | 'background';
  'aria-hidden'?: boolean | 'true';
  focusable?: 'false';
}
