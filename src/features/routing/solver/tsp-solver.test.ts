import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTsplibMatrix, parseTsplib } from '../bench/tsplib-parser';
import { createRandom } from './seeded-random';
import { measureTour, solveTsp } from './tsp-solver';

const benchDir = process.env.BENCH_DIR ?? path.resolve(process.cwd(), '../shared/bench');

describe('solveTsp', () => {
  it('returns every node once, starting at 0, with its true length', () => {
    const n = 60;
    const random = createRandom(8);
    const pts = Array.from({ length: n }, () => [random.next(), random.next()] as const);
    const cost = new Float64Array(n * n);
    pts.forEach((a, i) => pts.forEach((b, j) => (cost[i * n + j] = Math.hypot(a[0] - b[0], a[1] - b[1]))));
    const result = solveTsp(n, cost, createRandom(1), { isTimeUp: () => false, maxKicks: 300, stallKicks: 300 });
    expect(result.tour[0]).toBe(0);
    expect([...result.tour].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(result.length).toBeCloseTo(measureTour(result.tour, n, cost), 9);
  });

  it.skipIf(!existsSync(benchDir))('reaches the known optimum of berlin52 (7542) and of eil51 (426)', () => {
    for (const [file, optimum] of [
      ['berlin52.tsp', 7542],
      ['eil51.tsp', 426],
    ] as const) {
      const instance = parseTsplib(readFileSync(path.join(benchDir, 'tsplib', file), 'utf8'));
      const n = instance.points.length;
      const result = solveTsp(n, buildTsplibMatrix(instance), createRandom(1), {
        isTimeUp: () => false,
        maxKicks: 5000,
        stallKicks: 1000,
      });
      expect(result.length).toBe(optimum);
    }
  });
});
