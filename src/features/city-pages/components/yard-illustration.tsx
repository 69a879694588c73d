/**
 * A small yard drawn in SVG with one dot per mosquito landing: the before/after pictures need no
 * image download and keep their box from the first paint (fixed viewBox, no layout shift).
 */
export function YardIllustration({ landings, seed, variant }: { landings: number; seed: number; variant: 'before' | 'after' }) {
  const dots = placeDots(landings, seed);
  const sky = variant === 'before' ? '#e7e5e4' : '#e0f2fe';
  return (
    <svg viewBox="0 0 240 140" className="h-auto w-full" aria-hidden="true" focusable="false">
      <rect width="240" height="140" fill={sky} />
      <rect y="96" width="240" height="44" fill={variant === 'before' ? '#65a30d' : '#16a34a'} />
      {/* house */}
      <rect x="20" y="58" width="64" height="44" fill="#fef3c7" stroke="#92400e" />
      <path d="M14 60 L52 30 L90 60 Z" fill="#b45309" />
      <rect x="44" y="76" width="16" height="26" fill="#92400e" />
      {/* trees and hedge where mosquitoes rest */}
      <circle cx="190" cy="62" r="26" fill="#166534" />
      <rect x="186" y="84" width="8" height="18" fill="#78350f" />
      <rect x="110" y="86" width="56" height="14" rx="7" fill="#15803d" />
      {/* patio chairs */}
      <rect x="120" y="108" width="10" height="10" fill="#1f2937" />
      <rect x="140" y="108" width="10" height="10" fill="#1f2937" />
      {dots.map(([x, y], i) => (
        <g key={i} transform={`translate(${x} ${y})`}>
          <circle r="2.2" fill="#111827" />
          <path d="M-4 -2 L0 0 L-4 2 M4 -2 L0 0 L4 2" stroke="#374151" strokeWidth="0.8" fill="none" />
        </g>
      ))}
    </svg>
  );
}

/** Deterministic positions (server and browser draw the same picture, no hydration mismatch). */
function placeDots(count: number, seed: number): [number, number][] {
  let state = (seed * 9301 + 49297) % 233280;
  const next = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  return Array.from({ length: count }, () => [Math.round(8 + next() * 224), Math.round(10 + next() * 110)]);
}
