import { selectTsplibDistance, type TsplibEdgeWeightType, type TsplibPoint } from './tsplib-distance';

export interface TsplibInstance {
  name: string;
  edgeWeightType: TsplibEdgeWeightType;
  points: TsplibPoint[];
}

const SUPPORTED_TYPES: readonly TsplibEdgeWeightType[] = ['EUC_2D', 'CEIL_2D', 'ATT', 'GEO'];

function isSupportedType(value: string): value is TsplibEdgeWeightType {
  return (SUPPORTED_TYPES as readonly string[]).includes(value);
}

/** Parses a TSPLIB .tsp file with a NODE_COORD_SECTION (the coordinate types we support). */
export function parseTsplib(text: string): TsplibInstance {
  const header = new Map<string, string>();
  const points: TsplibPoint[] = [];
  let inCoords = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line === 'EOF') continue;
    if (line === 'NODE_COORD_SECTION') {
      inCoords = true;
      continue;
    }
    if (inCoords) {
      const parts = line.split(/\s+/);
      if (parts.length < 3 || !/^\d+$/.test(parts[0] as string)) {
        inCoords = false;
      } else {
        points.push({ x: Number(parts[1]), y: Number(parts[2]) });
        continue;
      }
    }
    const colon = line.indexOf(':');
    if (colon > 0) header.set(line.slice(0, colon).trim().toUpperCase(), line.slice(colon + 1).trim());
  }
  const type = header.get('EDGE_WEIGHT_TYPE') ?? '';
  if (!isSupportedType(type)) throw new Error(`Unsupported TSPLIB EDGE_WEIGHT_TYPE: ${type || '(missing)'}`);
  const dimension = Number(header.get('DIMENSION'));
  if (points.length !== dimension) {
    throw new Error(`TSPLIB DIMENSION ${dimension} but ${points.length} coordinates`);
  }
  return { name: header.get('NAME') ?? 'unnamed', edgeWeightType: type, points };
}

/** Full symmetric integer distance matrix, flat (row-major). */
export function buildTsplibMatrix(instance: TsplibInstance): Float64Array {
  const n = instance.points.length;
  const distance = selectTsplibDistance(instance.edgeWeightType);
  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = distance(instance.points[i] as TsplibPoint, instance.points[j] as TsplibPoint);
      matrix[i * n + j] = d;
      matrix[j * n + i] = d;
    }
  }
  return matrix;
}

export function isTsplibText(text: string): boolean {
  return /^\s*(NAME|TYPE|DIMENSION|EDGE_WEIGHT_TYPE)\s*:/m.test(text) && text.includes('NODE_COORD_SECTION');
}
