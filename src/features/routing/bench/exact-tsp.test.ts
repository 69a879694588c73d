import { describe, expect, it } from 'vitest';
import { forEachPermutation, generatePoints } from '../solver/solver-test-helpers';
import { loadHighs, solveTspExactly } from './exact-tsp';

function buildCost(points: { x: number; y: number }[]): Float64Array {
  const n = points.length;
  const cost = new Float64Array(n * n);
  points.forEach((a, i) => points.forEach((b, j) => (cost[i * n + j] = Math.hypot(a.x - b.x, a.y - b.y))));
  return cost;
}

describe('solveTspExactly', () => {
  it('matches brute force on 8-node instances and returns a single tour', async () => {
    const highs = await loadHighs();
    for (const seed of [1, 2, 3]) {
      const points = generatePoints(seed, 8);
      const n = points.length;
      const cost = buildCost(points);
      let best = Infinity;
      forEachPermutation([1, 2, 3, 4, 5, 6, 7], (order) => {
        let length = cost[order[0]!]! + cost[order[6]! * n]!;
        for (let k = 0; k < 6; k++) length += cost[order[k]! * n + order[k + 1]!]!;
        best = Math.min(best, length);
      });
      const result = solveTspExactly(highs, n, cost);
      expect(result.length).toBeCloseTo(best, 6);
      expect([...result.tour].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    }
  });

  it('needs subtour cuts on two distant clusters', async () => {
    const highs = await loadHighs();
    const points = [
      ...generatePoints(4, 6, 10),
      ...generatePoints(5, 6, 10).map((p) => ({ x: p.x + 1000, y: p.y })),
    ];
    const result = solveTspExactly(highs, points.length, buildCost(points));
    // The degree-2 relaxation alone closes each cluster on itself; the cuts join them.
    expect(result.rounds).toBeGreaterThan(1);
    expect(new Set(result.tour).size).toBe(12);
  });
});
