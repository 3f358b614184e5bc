import { DEFAULT_DEX_LOGO, dexLogoFor } from '../../config/dexLogos.ts';
import { fromIconTable } from '../../ui/logos/iconSource.ts';
import { PackageLogo } from '../../ui/logos/PackageLogo.tsx';

/**
 * §2 An exchange logo by dex key (src/config/logos.ts), loaded on first use from the bundled
 * package (no logo is fetched from the internet); while it loads, and for an exchange the package
 * has no logo for, and for an unknown one, the default logo.
 */
export function DexLogo({ dex, size = 18 }: { dex: string; size?: number }) {
  const key = dexLogoFor(dex).key;
  return (
    <PackageLogo
      source={fromIconTable}
      logo={{ dex }}
      size={size}
      data={{ 'data-dex-logo': key }}
      fallback={<DefaultDexLogo forKey={key} size={size} />}
    />
  );
}

/** §2 The default exchange logo: a grey rounded square marked DEX. */
function DefaultDexLogo({ forKey, size }: { forKey: string; size: number }) {
  const spec = DEFAULT_DEX_LOGO;
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false" data-dex-logo={forKey} data-default-logo="">
      <rect x="0" y="0" width="20" height="20" rx="4" fill={spec.colour} />
      <text x="10" y="10" textAnchor="middle" dominantBaseline="central" fontSize="6" fontWeight="700" fontFamily="system-ui, sans-serif" fill={spec.ink}>
        {spec.initials}
      </text>
    </svg>
  );
}
