import type { VrpProblem } from '../solver/vrp-model';
import { buildSolomonMatrix, type SolomonInstance } from './solomon-parser';
import { buildTsplibMatrix, type TsplibInstance } from './tsplib-parser';

export interface BestKnown {
  tsplib: Map<string, number>;
  solomon: Map<string, { vehicles: number; distance: number }>;
}

/** Reads the two tables of tsplib/OPTIMA.md: | name | nodes | type | optimum | and | name | vehicles | distance |. */
export function parseBestKnown(markdown: string): BestKnown {
  const tsplib = new Map<string, number>();
  const solomon = new Map<string, { vehicles: number; distance: number }>();
  for (const line of markdown.split(/\r?\n/)) {
    const cells = line
      .split('|')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    if (cells.length === 4 && /^\d+$/.test(cells[1]!) && /^\d+(\.\d+)?$/.test(cells[3]!)) {
      tsplib.set(cells[0]!, Number(cells[3]));
    } else if (cells.length === 3 && /^\d+$/.test(cells[1]!) && /^\d+(\.\d+)?$/.test(cells[2]!)) {
      solomon.set(cells[0]!.toUpperCase(), { vehicles: Number(cells[1]), distance: Number(cells[2]) });
    }
  }
  return { tsplib, solomon };
}

/** A TSP as a one-vehicle problem: node 1 of the file is the depot, no service, no shift limit. */
export function convertTsplibToProblem(instance: TsplibInstance): VrpProblem {
  const n = instance.points.length;
  const flat = buildTsplibMatrix(instance);
  const matrix = Array.from({ length: n }, (_, i) => flat.subarray(i * n, (i + 1) * n));
  return {
    stops: Array.from({ length: n - 1 }, () => ({ serviceMin: 0 })),
    vehicles: [{ shiftStartMin: 0, shiftEndMin: Number.POSITIVE_INFINITY }],
    travelMin: matrix,
    distance: matrix,
    objective: 'distance',
  };
}

/** Total distance of routes given as customer ids (as in .sol files), depot to depot. */
export function measureSolomonRoutes(instance: SolomonInstance, routes: number[][]): number {
  const matrix = buildSolomonMatrix(instance);
  let total = 0;
  for (const route of routes) {
    let prev = 0;
    for (const id of route) {
      total += matrix[prev]![id]!;
      prev = id;
    }
    total += matrix[prev]![0]!;
  }
  return total;
}
