import Box from '@mui/material/Box';

/** A stable hue per name, so a network or token without a logo always looks the same. */
export function nameHue(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) >>> 0;
  return hash % 360;
}

/** The round frame every logo sits in, default or drawn (PackageLogo): `size` px, its content centred. */
export const discFrame = (size: number) =>
  ({ display: 'inline-flex', flex: 'none', alignItems: 'center', justifyContent: 'center', width: size, height: size, borderRadius: '50%' }) as const;

/** A name's first two letters or digits ("?" when it has none). */
export const initialsOf = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '').slice(0, 2) || '?';

/**
 * The §2 default logo's shape: a disc of `fill` with two letters drawn by CSS rather than being
 * text in the page, so a control named by the full name keeps its visible text in its name (axe
 * label-content-name-mismatch). `data` marks what it stands for (data-network-icon, data-token-logo).
 */
export function InitialsDisc({ initials, size, fill, data }: { initials: string; size: number; fill: string; data: Record<`data-${string}`, string> }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      {...data}
      data-initials={initials}
      sx={{
        ...discFrame(size),
        bgcolor: fill,
        color: '#fff',
        userSelect: 'none',
        // On the letters themselves: a button's icon slot sets its icon's font size (MUI startIcon).
        '&::before': { content: 'attr(data-initials)', fontFamily: 'system-ui, sans-serif', fontWeight: 700, fontSize: Math.round(size * 0.4), lineHeight: 1 },
      }}
    />
  );
}
