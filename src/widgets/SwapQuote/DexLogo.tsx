import { dexLogoFor } from '../../config/dexLogos.ts';

/**
 * §2 An exchange logo by dex key, drawn inline (no logo is fetched at run time): the exchange's
 * colour and initials; unknown exchanges get the default logo, a grey square.
 */
export function DexLogo({ dex, size = 18 }: { dex: string; size?: number }) {
  const spec = dexLogoFor(dex);
  const fontSize = spec.initials.length > 2 ? 6 : 8;
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false" data-dex-logo={spec.key}>
      {spec.key === 'default' ? (
        <rect x="0" y="0" width="20" height="20" rx="4" fill={spec.colour} />
      ) : (
        <circle cx="10" cy="10" r="10" fill={spec.colour} />
      )}
      <text x="10" y="10" textAnchor="middle" dominantBaseline="central" fontSize={fontSize} fontWeight="700" fontFamily="system-ui, sans-serif" fill={spec.ink}>
        {spec.initials}
      </text>
    </svg>
  );
}
