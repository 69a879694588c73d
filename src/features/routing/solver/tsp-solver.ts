import type { Random } from './seeded-random';

/**
 * Symmetric TSP by chained Lin-Kernighan: nearest-neighbour construction, then a local search of
 * LK chains of 2-opt moves (neighbour lists, don't-look bits) plus Or-opt, restarted from
 * segment-local double-bridge kicks. The tour is an array with positions and an orientation flag,
 * so every reversal costs at most n/2 swaps.
 */
export interface TspSearchLimits {
  /** Returns true once the time budget is spent; checked between kicks. */
  isTimeUp: () => boolean;
  /** Hard cap on kicks, so runs without a clock still end (and stay deterministic). */
  maxKicks: number;
  /** Stop once this many kicks in a row found nothing shorter: the search has converged. */
  stallKicks: number;
}

export interface TspResult {
  /** Every node once, starting with node 0. */
  tour: number[];
  length: number;
}

const EPS = 1e-9;
const NEIGHBOUR_COUNT = 12;
const BREADTH = [5, 3, 1];
const MAX_DEPTH = 12;

export function solveTsp(n: number, cost: Float64Array, random: Random, limits: TspSearchLimits): TspResult {
  if (n <= 3) return { tour: Array.from({ length: n }, (_, i) => i), length: measureTour(range(n), n, cost) };
  const search = new ChainedLinKernighan(n, cost, random);
  return search.run(limits);
}

export function measureTour(tour: ArrayLike<number>, n: number, cost: Float64Array): number {
  let total = 0;
  for (let i = 0; i < tour.length; i++) {
    const a = tour[i] as number;
    const b = tour[(i + 1) % tour.length] as number;
    total += cost[a * n + b] as number;
  }
  return total;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

class ChainedLinKernighan {
  private readonly order: Int32Array;
  private readonly pos: Int32Array;
  private reversed = false;
  private readonly neighbours: Int32Array[];
  private readonly queue: number[] = [];
  private readonly queued: Uint8Array;
  /** Edges added by the current LK chain (up to two per node); they may not be removed in that chain. */
  private readonly addedFirst: Int32Array;
  private readonly addedSecond: Int32Array;
  private readonly addedA: number[] = [];
  private readonly addedB: number[] = [];
  private readonly touched: number[] = [];

  constructor(
    private readonly n: number,
    private readonly cost: Float64Array,
    private readonly random: Random,
  ) {
    this.order = new Int32Array(n);
    this.pos = new Int32Array(n);
    this.queued = new Uint8Array(n);
    this.addedFirst = new Int32Array(n).fill(-1);
    this.addedSecond = new Int32Array(n).fill(-1);
    this.neighbours = buildNeighbourLists(n, cost, Math.min(NEIGHBOUR_COUNT, n - 1));
  }

  run(limits: TspSearchLimits): TspResult {
    const { n } = this;
    this.buildNearestNeighbourTour(this.random.nextInt(n));
    for (let c = 0; c < n; c++) this.enqueue(c);
    this.optimiseLocally();
    let length = this.measure();
    const savedOrder = new Int32Array(n);
    const savedPos = new Int32Array(n);
    let lastImprovement = 0;
    for (let kick = 0; kick < limits.maxKicks && kick - lastImprovement < limits.stallKicks && !limits.isTimeUp(); kick++) {
      savedOrder.set(this.order);
      savedPos.set(this.pos);
      const savedReversed = this.reversed;
      const kickDelta = this.applyDoubleBridge();
      const lsDelta = this.optimiseLocally();
      const candidate = length + kickDelta + lsDelta;
      // Accepting ties lets the search drift across plateaus instead of cycling.
      if (candidate < length - EPS) lastImprovement = kick;
      if (candidate <= length + EPS) {
        length = candidate;
      } else {
        this.order.set(savedOrder);
        this.pos.set(savedPos);
        this.reversed = savedReversed;
      }
    }
    return this.exportTour();
  }

  private exportTour(): TspResult {
    const { n } = this;
    const tour: number[] = [];
    let c = 0;
    for (let i = 0; i < n; i++) {
      tour.push(c);
      c = this.succ(c);
    }
    return { tour, length: measureTour(tour, n, this.cost) };
  }

  private measure(): number {
    let total = 0;
    for (let c = 0; c < this.n; c++) total += this.d(c, this.succ(c));
    return total;
  }

  private d(a: number, b: number): number {
    return this.cost[a * this.n + b] as number;
  }

  private succ(c: number): number {
    const p = this.pos[c] as number;
    const { n } = this;
    if (this.reversed) return this.order[p === 0 ? n - 1 : p - 1] as number;
    return this.order[p === n - 1 ? 0 : p + 1] as number;
  }

  private pred(c: number): number {
    const p = this.pos[c] as number;
    const { n } = this;
    if (this.reversed) return this.order[p === n - 1 ? 0 : p + 1] as number;
    return this.order[p === 0 ? n - 1 : p - 1] as number;
  }

  private buildNearestNeighbourTour(start: number): void {
    const { n } = this;
    const used = new Uint8Array(n);
    let current = start;
    used[current] = 1;
    this.order[0] = current;
    for (let i = 1; i < n; i++) {
      let best = -1;
      for (const c of this.neighbours[current] as Int32Array) {
        if (!used[c]) {
          best = c;
          break;
        }
      }
      if (best < 0) {
        let bestCost = Infinity;
        for (let c = 0; c < n; c++) {
          if (!used[c] && this.d(current, c) < bestCost) {
            bestCost = this.d(current, c);
            best = c;
          }
        }
      }
      used[best] = 1;
      this.order[i] = best;
      current = best;
    }
    for (let i = 0; i < n; i++) this.pos[this.order[i] as number] = i;
    this.reversed = false;
  }

  /** Reverses the array positions i..j (cyclic, inclusive). */
  private reversePositions(i: number, j: number): void {
    const { n, order, pos } = this;
    let len = j - i;
    if (len < 0) len += n;
    len += 1;
    for (let k = 0; k < len >> 1; k++) {
      const a = order[i] as number;
      const b = order[j] as number;
      order[i] = b;
      pos[b] = i;
      order[j] = a;
      pos[a] = j;
      i = i === n - 1 ? 0 : i + 1;
      j = j === 0 ? n - 1 : j - 1;
    }
  }

  /** Reverses the tour path from a to b (following succ). Reversing the shorter side keeps it O(n/2). */
  private reversePath(a: number, b: number): void {
    const { n } = this;
    let i = this.pos[a] as number;
    let j = this.pos[b] as number;
    if (this.reversed) [i, j] = [j, i];
    let len = j - i;
    if (len < 0) len += n;
    len += 1;
    if (len * 2 > n) {
      // The complement reversed gives the mirror image of the same cycle, hence the flag flip.
      const ci = j === n - 1 ? 0 : j + 1;
      const cj = i === 0 ? n - 1 : i - 1;
      if (len < n) this.reversePositions(ci, cj);
      this.reversed = !this.reversed;
    } else {
      this.reversePositions(i, j);
    }
  }

  private enqueue(c: number): void {
    if (!this.queued[c]) {
      this.queued[c] = 1;
      this.queue.push(c);
    }
  }

  /** Runs LK and Or-opt from queued nodes until none improves; returns the (negative) length change. */
  private optimiseLocally(): number {
    let delta = 0;
    while (this.queue.length > 0) {
      // Taking a random queued node avoids sweeping the tour in one fixed direction.
      const k = this.random.nextInt(this.queue.length);
      const t1 = this.queue[k] as number;
      this.queue[k] = this.queue[this.queue.length - 1] as number;
      this.queue.pop();
      this.queued[t1] = 0;
      let gain = this.improveByLinKernighan(t1);
      if (gain <= 0) gain = this.improveByOrOpt(t1);
      if (gain > 0) {
        delta -= gain;
        for (const c of this.touched) this.enqueue(c);
        this.enqueue(t1);
      }
    }
    return delta;
  }

  private improveByLinKernighan(t1: number): number {
    for (let direction = 0; direction < 2; direction++) {
      this.reversed = !this.reversed;
      const t2 = this.succ(t1);
      this.touched.length = 0;
      this.touched.push(t2);
      const gain = this.extendChain(0, t1, t2, this.d(t1, t2));
      this.clearAdded();
      if (gain > 0) return gain;
    }
    return 0;
  }

  private isAdded(a: number, b: number): boolean {
    return this.addedFirst[a] === b || this.addedSecond[a] === b;
  }

  private markAdded(a: number, b: number): void {
    this.addedA.push(a);
    this.addedB.push(b);
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      if (this.addedFirst[x] === -1) this.addedFirst[x] = y;
      else this.addedSecond[x] = y;
    }
  }

  private unmarkLastAdded(): void {
    const a = this.addedA.pop()!;
    const b = this.addedB.pop()!;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      if (this.addedSecond[x] === y) this.addedSecond[x] = -1;
      else if (this.addedFirst[x] === y) this.addedFirst[x] = -1;
    }
  }

  private clearAdded(): void {
    while (this.addedA.length > 0) this.unmarkLastAdded();
  }

  /**
   * One LK step: the open path runs from t2 to t1 (t2 = succ(t1)). Add (t2, t3), remove (t4, t3) with
   * t4 = pred(t3), i.e. a 2-opt move that makes t4 the new succ(t1). Returns the gain once closing
   * the tour is profitable (first improvement), else 0 with the tour restored.
   */
  private extendChain(level: number, t1: number, t2: number, gain: number): number {
    const breadth = level < BREADTH.length ? (BREADTH[level] as number) : 1;
    const succT2 = this.succ(t2);
    const candT3: number[] = [];
    const candScore: number[] = [];
    for (const t3 of this.neighbours[t2] as Int32Array) {
      const g1 = gain - this.d(t2, t3);
      if (g1 <= EPS) break;
      if (t3 === succT2 || t3 === t1) continue;
      const t4 = this.pred(t3);
      if (this.isAdded(t4, t3)) continue;
      const score = this.d(t4, t3) - this.d(t2, t3);
      let k = candT3.length;
      candT3.push(t3);
      candScore.push(score);
      while (k > 0 && (candScore[k - 1] as number) < score) {
        candT3[k] = candT3[k - 1] as number;
        candScore[k] = candScore[k - 1] as number;
        k--;
      }
      candT3[k] = t3;
      candScore[k] = score;
    }
    const tries = Math.min(breadth, candT3.length);
    for (let c = 0; c < tries; c++) {
      const t3 = candT3[c] as number;
      const t4 = this.pred(t3);
      const newGain = gain - this.d(t2, t3) + this.d(t4, t3);
      this.reversePath(t2, t4);
      this.markAdded(t2, t3);
      this.touched.push(t3, t4);
      const closeGain = newGain - this.d(t4, t1);
      if (closeGain > EPS) return closeGain;
      if (level + 1 < MAX_DEPTH) {
        const deeper = this.extendChain(level + 1, t1, t4, newGain);
        if (deeper > 0) return deeper;
      }
      // Undo: after the move succ(t1) = t4 and succ(t2) = t3, so reversing t4..t2 restores the tour.
      this.reversePath(t4, t2);
      this.unmarkLastAdded();
      this.touched.length -= 2;
    }
    return 0;
  }

  /** Moves a segment of 1-3 nodes starting at s1 next to one of its neighbours, possibly reversed. */
  private improveByOrOpt(s1: number): number {
    const { n } = this;
    for (let direction = 0; direction < 2; direction++) {
      this.reversed = !this.reversed;
      let s2 = s1;
      for (let segLen = 1; segLen <= 3 && segLen < n - 2; segLen++) {
        if (segLen > 1) s2 = this.succ(s2);
        const p = this.pred(s1);
        const nx = this.succ(s2);
        if (nx === p) break;
        const removeGain = this.d(p, s1) + this.d(s2, nx) - this.d(p, nx);
        if (removeGain <= EPS) continue;
        for (let end = 0; end < 2; end++) {
          const anchor = end === 0 ? s1 : s2;
          for (const c of this.neighbours[anchor] as Int32Array) {
            if (this.d(anchor, c) >= removeGain) break;
            if (this.isInSegment(c, s1, segLen)) continue;
            // Try the two edges at c: (c, succ c) and (pred c, c).
            for (let side = 0; side < 2; side++) {
              const a = side === 0 ? c : this.pred(c);
              const b = this.succ(a);
              if (a === s2 || b === s1 || this.isInSegment(a, s1, segLen) || this.isInSegment(b, s1, segLen)) continue;
              const forward = this.d(a, s1) + this.d(s2, b);
              const backward = this.d(a, s2) + this.d(s1, b);
              const insertCost = Math.min(forward, backward) - this.d(a, b);
              const gain = removeGain - insertCost;
              if (gain > EPS) {
                this.moveSegment(s1, s2, a, backward < forward);
                this.touched.length = 0;
                this.touched.push(p, nx, a, b, s2);
                return gain;
              }
            }
          }
        }
      }
    }
    return 0;
  }

  private isInSegment(c: number, s1: number, segLen: number): boolean {
    let x = s1;
    for (let k = 0; k < segLen; k++) {
      if (x === c) return true;
      x = this.succ(x);
    }
    return false;
  }

  /** Moves s1..s2 between a and succ(a) by three reversals: S B -> B' S' -> B S' -> (B S). */
  private moveSegment(s1: number, s2: number, a: number, reverseSegment: boolean): void {
    const nx = this.succ(s2);
    this.reversePath(s1, a);
    this.reversePath(a, nx);
    if (!reverseSegment) this.reversePath(s2, s1);
  }

  /**
   * Double bridge on a short stretch: swaps two adjacent segments B and C (A B C D -> A C B D).
   * Keeping it local makes the repair by local search cheap. Returns the length change.
   */
  private applyDoubleBridge(): number {
    const { n, order, pos } = this;
    const maxLen = Math.max(1, Math.min(50, Math.floor(n / 3)));
    const lenB = 1 + this.random.nextInt(maxLen);
    const lenC = 1 + this.random.nextInt(maxLen);
    const start = this.random.nextInt(n);
    const at = (k: number): number => order[(start + k) % n] as number;
    const a = at(0);
    const b1 = at(1);
    const b2 = at(lenB);
    const c1 = at(lenB + 1);
    const c2 = at(lenB + lenC);
    const dNode = at(lenB + lenC + 1);
    const delta =
      this.d(a, c1) + this.d(c2, b1) + this.d(b2, dNode) - this.d(a, b1) - this.d(b2, c1) - this.d(c2, dNode);
    const segment: number[] = [];
    for (let k = lenB + 1; k <= lenB + lenC; k++) segment.push(at(k));
    for (let k = 1; k <= lenB; k++) segment.push(at(k));
    for (let k = 0; k < segment.length; k++) {
      const p = (start + 1 + k) % n;
      const c = segment[k] as number;
      order[p] = c;
      pos[c] = p;
    }
    for (const c of [a, b1, b2, c1, c2, dNode]) this.enqueue(c);
    return delta;
  }
}

function buildNeighbourLists(n: number, cost: Float64Array, k: number): Int32Array[] {
  const lists: Int32Array[] = [];
  const others: number[] = [];
  for (let a = 0; a < n; a++) {
    others.length = 0;
    for (let b = 0; b < n; b++) if (b !== a) others.push(b);
    others.sort((x, y) => (cost[a * n + x] as number) - (cost[a * n + y] as number) || x - y);
    lists.push(Int32Array.from(others.slice(0, k)));
  }
  return lists;
}
