/**
 * Proven-optimal symmetric TSP for benchmark checks, with the HiGHS MIP solver (WebAssembly):
 * solve the degree-2 relaxation as an integer programme, add a subtour-elimination cut for every
 * disconnected component of the answer, and repeat until the answer is one tour. Fine up to about
 * a hundred nodes, which covers a technician's day.
 */
interface HighsColumn {
  Primal: number;
}

interface HighsResult {
  Status: string;
  ObjectiveValue: number;
  Columns: Record<string, HighsColumn>;
}

export interface MipSolver {
  solve(lp: string, options?: Record<string, string | number | boolean>): HighsResult;
}

export interface ExactTspResult {
  tour: number[];
  length: number;
  /** Integer programmes solved before the answer was a single tour. */
  rounds: number;
}

export async function loadHighs(): Promise<MipSolver> {
  const highsModule = (await import('highs')) as unknown as { default: () => Promise<MipSolver> };
  return highsModule.default();
}

function nameEdge(i: number, j: number): string {
  return i < j ? `x_${i}_${j}` : `x_${j}_${i}`;
}

export function solveTspExactly(highs: MipSolver, n: number, cost: Float64Array, maxRounds = 200): ExactTspResult {
  if (n < 3) throw new Error('The exact TSP needs at least 3 nodes');
  const objective: string[] = [];
  const binaries: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Full precision, so the proven optimum is comparable with the heuristic's length.
      objective.push(`${cost[i * n + j]!.toPrecision(17)} ${nameEdge(i, j)}`);
      binaries.push(nameEdge(i, j));
    }
  }
  const degree: string[] = [];
  for (let i = 0; i < n; i++) {
    const terms: string[] = [];
    for (let j = 0; j < n; j++) if (j !== i) terms.push(nameEdge(i, j));
    degree.push(` deg_${i}: ${terms.join(' + ')} = 2`);
  }
  const cuts: string[] = [];
  for (let round = 1; round <= maxRounds; round++) {
    const lp = [
      'Minimize',
      ` obj: ${objective.join(' + ')}`,
      'Subject To',
      ...degree,
      ...cuts,
      'Binary',
      ` ${binaries.join(' ')}`,
      'End',
    ].join('\n');
    const result = highs.solve(lp, { mip_rel_gap: 0, mip_abs_gap: 0, output_flag: false });
    if (result.Status !== 'Optimal') throw new Error(`HiGHS stopped with status ${result.Status}`);
    const adjacency: number[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if ((result.Columns[nameEdge(i, j)]?.Primal ?? 0) > 0.5) {
          adjacency[i]!.push(j);
          adjacency[j]!.push(i);
        }
      }
    }
    const components = findComponents(adjacency);
    if (components.length === 1) {
      const tour = walkCycle(adjacency);
      let length = 0;
      for (let k = 0; k < n; k++) length += cost[tour[k]! * n + tour[(k + 1) % n]!]!;
      return { tour, length, rounds: round };
    }
    for (const component of components) {
      // Edges inside S at most |S| - 1: no closed cycle on a strict subset.
      const terms: string[] = [];
      for (let a = 0; a < component.length; a++) {
        for (let b = a + 1; b < component.length; b++) terms.push(nameEdge(component[a]!, component[b]!));
      }
      cuts.push(` sec_${cuts.length}: ${terms.join(' + ')} <= ${component.length - 1}`);
    }
  }
  throw new Error(`No single tour after ${maxRounds} rounds of subtour cuts`);
}

function findComponents(adjacency: number[][]): number[][] {
  const seen = new Uint8Array(adjacency.length);
  const components: number[][] = [];
  for (let s = 0; s < adjacency.length; s++) {
    if (seen[s]) continue;
    const component: number[] = [];
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const v = stack.pop()!;
      component.push(v);
      for (const w of adjacency[v]!) {
        if (!seen[w]) {
          seen[w] = 1;
          stack.push(w);
        }
      }
    }
    components.push(component);
  }
  return components;
}

function walkCycle(adjacency: number[][]): number[] {
  const tour = [0];
  let prev = -1;
  let current = 0;
  while (tour.length < adjacency.length) {
    const next = adjacency[current]!.find((w) => w !== prev)!;
    tour.push(next);
    prev = current;
    current = next;
  }
  return tour;
}
