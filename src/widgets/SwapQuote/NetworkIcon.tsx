/** A network's icon: a disc in a colour derived from its name, with its first two letters. */
export function NetworkIcon({ network, size = 18 }: { network: string; size?: number }) {
  let hash = 0;
  for (let i = 0; i < network.length; i++) hash = (hash * 31 + network.charCodeAt(i)) >>> 0;
  const initials = network.replace(/[^A-Za-z0-9]/g, '').slice(0, 2) || '?';
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false" data-network-icon={network}>
      <circle cx="10" cy="10" r="10" fill={`hsl(${hash % 360} 55% 40%)`} />
      <text x="10" y="10" textAnchor="middle" dominantBaseline="central" fontSize="8" fontWeight="700" fontFamily="system-ui, sans-serif" fill="#fff">
        {initials}
      </text>
    </svg>
  );
}
