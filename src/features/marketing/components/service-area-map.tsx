import { FSA_CENTROIDS } from '@/features/service-area/fsa-centroids';
import { isServedRow, type ServedPrefix } from '@/features/service-area/postal-code';
import { HARBOUR, LAKE, MAP_HEIGHT as HEIGHT, MAP_WIDTH as WIDTH, project, toSvgPoints } from '../service-area-geometry';

/**
 * The served towns drawn offline (no tile server): each served FSA's centroid as a dot, one label
 * per town at the mean of its dots, and the lake and the harbour for orientation
 * (../service-area-geometry.ts).
 */
export function ServiceAreaMap({ title, lakeLabel, depotLabel, servedPrefixes, depot }: {
  title: string; lakeLabel: string; depotLabel: string;
  servedPrefixes: readonly ServedPrefix[];
  depot: { latitude: number; longitude: number };
}) {
  // A prefix marked not served (0088) is not drawn.
  const areaOf = new Map(servedPrefixes.filter(isServedRow).map((p) => [p.prefix.toUpperCase(), p.area]));
  const dots = FSA_CENTROIDS.filter((c) => areaOf.has(c.fsa)).map((c) => ({ ...c, area: areaOf.get(c.fsa)!, xy: project(c.latitude, c.longitude) }));
  const towns = new Map<string, [number, number][]>();
  for (const dot of dots) towns.set(dot.area, [...(towns.get(dot.area) ?? []), dot.xy]);
  const labels = [...towns].map(([area, points]) => ({
    area,
    x: Math.round(points.reduce((s, p) => s + p[0], 0) / points.length),
    y: Math.round(points.reduce((s, p) => s + p[1], 0) / points.length),
  }));
  const [depotX, depotY] = project(depot.latitude, depot.longitude);

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="service-area-map-title" className="h-full w-full" preserveAspectRatio="xMidYMid meet">
      <title id="service-area-map-title">{title}</title>
      <rect width={WIDTH} height={HEIGHT} fill="#f0fdf4" />
      <polygon points={toSvgPoints(LAKE)} fill="#bfdbfe" stroke="#60a5fa" strokeWidth="2" />
      <polygon points={toSvgPoints(HARBOUR)} fill="#bfdbfe" stroke="#60a5fa" strokeWidth="2" />
      <text x={project(43.32, -79.62)[0]} y={project(43.32, -79.62)[1]} fill="#1e3a8a" fontSize="22" fontStyle="italic" textAnchor="middle">{lakeLabel}</text>
      {dots.map((dot) => (
        <circle key={dot.fsa} cx={dot.xy[0]} cy={dot.xy[1]} r="16" fill="#16a34a" fillOpacity="0.25" stroke="#166534" strokeWidth="1.5">
          <title>{`${dot.fsa} · ${dot.area}`}</title>
        </circle>
      ))}
      {labels.map((label) => (
        <text key={label.area} x={label.x} y={label.y - 22} fontSize="20" fontWeight="700" fill="#1f2937" textAnchor="middle" stroke="#ffffff" strokeWidth="4" paintOrder="stroke">
          {label.area}
        </text>
      ))}
      <g transform={`translate(${depotX} ${depotY})`}>
        <rect x="-7" y="-7" width="14" height="14" fill="#b45309" transform="rotate(45)" />
        <title>{depotLabel}</title>
      </g>
    </svg>
  );
}
