import type { CompiledProblem } from './compiled-problem';
import type { Random } from './seeded-random';

/**
 * Search over multi-vehicle routes with shifts, time windows and capacities.
 *
 * - Feasibility of a change is checked in O(length of the inserted part) from per-position service
 *   starts (forward) and latest feasible starts (backward), the classic VRPTW bookkeeping.
 * - Local search: relocate / exchange of segments of up to 3 stops between routes (covers relocate
 *   and swap), 2-opt* tail exchange, and intra-route Or-opt and 2-opt.
 * - Route minimisation (when vehicles count first): remove a route and re-insert its stops with an
 *   ejection pool (after Nagata and Braysy 2009), ejecting at most a few stops at a time.
 * - Distance minimisation: ruin and recreate with string removals and blink insertion (after
 *   Christiaens and Vanden Berghe's SISR) under simulated annealing, local search on new bests.
 */
export interface SearchClock {
  /** Fraction of the budget used, 0..1 (may exceed 1). */
  progress(): number;
  isTimeUp(): boolean;
  /** Records one unit of search work (a ruin-and-recreate iteration, a few ejection steps). */
  tick(): void;
}

export interface SearchLimits {
  /** Ruin-and-recreate stops after this many iterations in a row without a new best. */
  stallIterations: number;
}

interface Route {
  vehicle: number;
  nodes: number[];
  /** Service start at nodes[k]. */
  start: Float64Array;
  /** Latest service start at nodes[k] that keeps the rest of the route feasible. */
  latest: Float64Array;
  /** cum[k + 1] = cost from the depot to nodes[k]; cum[L + 1] = route cost. */
  cum: Float64Array;
  load: number;
  cost: number;
}

/** A vehicle's day: minutes from shift start to back at the depot, minutes driving, and cost. */
interface WorkingDay {
  minutes: number;
  driving: number;
  cost: number;
}

export interface SearchSolution {
  /** One entry per vehicle, in vehicle order; nodes are locations (stop index + 1). */
  routes: number[][];
  unassigned: number[];
}

const EPS = 1e-7;
const UNASSIGNED_PENALTY = 1e7;
const ROUTE_PENALTY = 1e5;
const MAX_SEGMENT = 3;
const MAX_EJECTIONS = 3;
/** Balancing: minutes of extra driving (all routes together) allowed per minute off the longest day. */
const DRIVING_PER_MINUTE_SAVED = 1;
/** Balancing: a move must take at least this many minutes off the longest day. */
const MIN_MINUTES_SAVED = 1;
/** Balancing: ruin-and-recreate iterations for the distance tie-break, and its stall limit. */
const TIE_BREAK_ITERATIONS = 1000;
const TIE_BREAK_STALL_ITERATIONS = 300;

export class VrptwSearch {
  private routes: Route[];
  private unassigned: number[] = [];
  private readonly routeOf: Int32Array;
  /** Customers sorted by cost from each location, for string removal. */
  private readonly adjacency: Int32Array[];
  private readonly customers: number[];
  private readonly scratch: number[] = [];
  private readonly ejection = {
    suffixDemand: [] as number[],
    route: -1,
    v: -1,
    capacity: 0,
    end: 0,
    penalty: new Float64Array(0) as Float64Array,
    keep: [] as number[],
    ejected: [] as number[],
    bestScore: Infinity,
    bestRoute: -1,
    bestKeep: [] as number[],
    bestEjected: [] as number[],
  };
  /** False once vehicles are being minimised: no stop may open an unused vehicle. */
  private allowNewRoutes = true;

  constructor(
    private readonly p: CompiledProblem,
    private readonly random: Random,
    private clock: SearchClock,
    private limits: SearchLimits = { stallIterations: Number.MAX_SAFE_INTEGER },
  ) {
    this.routes = Array.from(p.vehicleStart, (_, v) => this.createRoute(v, []));
    this.routeOf = new Int32Array(p.n).fill(-1);
    this.customers = Array.from({ length: p.stopCount }, (_, i) => i + 1);
    this.adjacency = Array.from({ length: p.n }, (_, a) =>
      Int32Array.from(
        this.customers.filter((c) => c !== a).sort((x, y) => this.c(a, x) - this.c(a, y) || x - y),
      ),
    );
  }

  /** Construct, then spend the budget: route minimisation first when vehicles count. */
  solve(): SearchSolution {
    this.construct();
    this.improveByLocalSearch();
    if (this.p.minimizeVehicles) {
      this.minimizeRoutes(0.6);
      this.allowNewRoutes = false;
    }
    this.improveByRuinAndRecreate();
    if (this.p.balanceDays) this.balanceLongestDay();
    return this.exportSolution();
  }

  exportSolution(): SearchSolution {
    return { routes: this.routes.map((r) => [...r.nodes]), unassigned: [...this.unassigned].sort((a, b) => a - b) };
  }

  // ---------------------------------------------------------------- bookkeeping

  private t(a: number, b: number): number {
    return this.p.travel[a * this.p.n + b]!;
  }

  private c(a: number, b: number): number {
    return this.p.cost[a * this.p.n + b]!;
  }

  private createRoute(vehicle: number, nodes: number[]): Route {
    const size = this.p.n + 2;
    const route: Route = {
      vehicle,
      nodes,
      start: new Float64Array(size),
      latest: new Float64Array(size),
      cum: new Float64Array(size),
      load: 0,
      cost: 0,
    };
    this.refreshRoute(route);
    return route;
  }

  private refreshRoute(route: Route, index?: number): void {
    const { p } = this;
    const { nodes } = route;
    const L = nodes.length;
    route.cum[0] = 0;
    let time = p.vehicleStart[route.vehicle]!;
    let prev = p.vehicleOrigin[route.vehicle]!;
    let load = 0;
    for (let k = 0; k < L; k++) {
      const node = nodes[k]!;
      const s = Math.max(time + this.t(prev, node), p.ready[node]!);
      route.start[k] = s;
      time = s + p.service[node]!;
      route.cum[k + 1] = route.cum[k]! + this.c(prev, node);
      load += p.demand[node]!;
      prev = node;
      if (index !== undefined) this.routeOf[node] = index;
    }
    route.cum[L + 1] = route.cum[L]! + this.c(prev, 0);
    route.cost = route.cum[L + 1]!;
    route.load = load;
    let latest = p.vehicleEnd[route.vehicle]!;
    let next = 0;
    for (let k = L - 1; k >= 0; k--) {
      const node = nodes[k]!;
      latest = Math.min(p.due[node]!, latest - this.t(node, next) - p.service[node]!);
      route.latest[k] = latest;
      next = node;
    }
  }

  private refreshAll(): void {
    this.routeOf.fill(-1);
    this.routes.forEach((r, i) => this.refreshRoute(r, i));
  }

  private departureBefore(route: Route, k: number): number {
    if (k === 0) return this.p.vehicleStart[route.vehicle]!;
    const node = route.nodes[k - 1]!;
    return route.start[k - 1]! + this.p.service[node]!;
  }

  /**
   * Cost change of replacing positions [i, j) of the route with seq[0..len), or NaN when that
   * breaks a window, the shift end or the capacity.
   */
  private evaluateReplace(route: Route, i: number, j: number, seq: readonly number[], len: number): number {
    const { p } = this;
    const { nodes } = route;
    const L = nodes.length;
    const prev = i === 0 ? p.vehicleOrigin[route.vehicle]! : nodes[i - 1]!;
    const next = j === L ? 0 : nodes[j]!;
    let time = this.departureBefore(route, i);
    let last = prev;
    let added = 0;
    let demand = 0;
    for (let k = 0; k < len; k++) {
      const x = seq[k]!;
      const s = Math.max(time + this.t(last, x), p.ready[x]!);
      if (s > p.due[x]! + EPS) return NaN;
      time = s + p.service[x]!;
      added += this.c(last, x);
      demand += p.demand[x]!;
      last = x;
    }
    added += this.c(last, next);
    const arrival = time + this.t(last, next);
    if (j === L) {
      if (arrival > p.vehicleEnd[route.vehicle]! + EPS) return NaN;
    } else if (Math.max(arrival, p.ready[next]!) > route.latest[j]! + EPS) {
      return NaN;
    }
    if (p.hasCapacities) {
      let removedDemand = 0;
      for (let k = i; k < j; k++) removedDemand += p.demand[nodes[k]!]!;
      if (route.load - removedDemand + demand > p.vehicleCapacity[route.vehicle]! + EPS) return NaN;
    }
    // cum is offset by one: the path cost from position i - 1 to position j.
    const removed = route.cum[j + 1]! - route.cum[i]!;
    return added - removed;
  }

  /** Cost change of making the route exactly seq (intra-route moves), or NaN if infeasible. */
  private evaluateWhole(route: Route, seq: readonly number[]): number {
    const { p } = this;
    let time = p.vehicleStart[route.vehicle]!;
    let last = p.vehicleOrigin[route.vehicle]!;
    let total = 0;
    for (const x of seq) {
      const s = Math.max(time + this.t(last, x), p.ready[x]!);
      if (s > p.due[x]! + EPS) return NaN;
      time = s + p.service[x]!;
      total += this.c(last, x);
      last = x;
    }
    if (time + this.t(last, 0) > p.vehicleEnd[route.vehicle]! + EPS) return NaN;
    return total + this.c(last, 0) - route.cost;
  }

  private countUsedRoutes(): number {
    let used = 0;
    for (const r of this.routes) if (r.nodes.length > 0) used++;
    return used;
  }

  private measureObjective(): number {
    let total = this.unassigned.length * UNASSIGNED_PENALTY;
    for (const r of this.routes) {
      total += r.cost;
      if (this.p.minimizeVehicles && r.nodes.length > 0) total += ROUTE_PENALTY;
    }
    return total;
  }

  /** Routes a stop may go into: all used ones, plus one unused vehicle per distinct shift profile. */
  private listCandidateRoutes(): number[] {
    const result: number[] = [];
    const seenProfiles = new Set<string>();
    this.routes.forEach((r, i) => {
      if (r.nodes.length > 0) {
        result.push(i);
      } else if (this.allowNewRoutes) {
        const { p } = this;
        const key = `${p.vehicleStart[r.vehicle]}|${p.vehicleEnd[r.vehicle]}|${p.vehicleCapacity[r.vehicle]}|${p.vehicleOrigin[r.vehicle]}`;
        if (!seenProfiles.has(key)) {
          seenProfiles.add(key);
          result.push(i);
        }
      }
    });
    return result;
  }

  // ---------------------------------------------------------------- construction and insertion

  private construct(): void {
    // Farthest first: the awkward stops shape the routes, the easy ones fill the gaps.
    const order = [...this.customers].sort((a, b) => this.c(0, b) - this.c(0, a) || a - b);
    this.unassigned = [];
    this.insertAll(order, 0);
    this.refreshAll();
  }

  /** Cheapest feasible insertion of each node in turn; the ones that fit nowhere stay unassigned. */
  private insertAll(order: readonly number[], blinkRate: number): void {
    const seq = this.scratch;
    for (const u of order) {
      let bestDelta = Infinity;
      let bestRoute = -1;
      let bestPos = -1;
      seq[0] = u;
      for (const ri of this.listCandidateRoutes()) {
        const route = this.routes[ri]!;
        if (this.p.hasCapacities && route.load + this.p.demand[u]! > this.p.vehicleCapacity[route.vehicle]! + EPS) {
          continue;
        }
        for (let k = 0; k <= route.nodes.length; k++) {
          if (blinkRate > 0 && this.random.next() < blinkRate) continue;
          const delta = this.evaluateReplace(route, k, k, seq, 1);
          if (delta < bestDelta) {
            bestDelta = delta;
            bestRoute = ri;
            bestPos = k;
          }
        }
      }
      if (bestRoute < 0) {
        this.unassigned.push(u);
        this.routeOf[u] = -1;
      } else {
        const route = this.routes[bestRoute]!;
        route.nodes.splice(bestPos, 0, u);
        this.refreshRoute(route, bestRoute);
      }
    }
  }

  // ---------------------------------------------------------------- local search

  /** Until no move improves; with untilTimeUp (the default) also until the clock says stop. */
  improveByLocalSearch(untilTimeUp = true): void {
    let improved = true;
    while (improved && !(untilTimeUp && this.clock.isTimeUp())) {
      improved = false;
      const order = this.routes.map((_, i) => i).filter((i) => this.routes[i]!.nodes.length > 0);
      for (const a of order) {
        for (let b = 0; b < this.routes.length; b++) {
          if (a === b) continue;
          const rb = this.routes[b]!;
          if (rb.nodes.length === 0 && (!this.allowNewRoutes || this.p.minimizeVehicles)) continue;
          if (this.routes[a]!.nodes.length === 0) break;
          if (this.improveBetweenRoutes(a, b)) improved = true;
        }
      }
      for (let a = 0; a < this.routes.length; a++) {
        if (this.routes[a]!.nodes.length > 1 && this.improveWithinRoute(a)) improved = true;
      }
    }
  }

  /** Segment exchange (lengths 0..3 each way, so relocate and swap too) and 2-opt*; first improvement. */
  private improveBetweenRoutes(ai: number, bi: number): boolean {
    const ra = this.routes[ai]!;
    const rb = this.routes[bi]!;
    const segA: number[] = [];
    const segB: number[] = [];
    let found = false;
    for (let i = 0; i < ra.nodes.length && !found; i++) {
      for (let j = 0; j <= rb.nodes.length && !found; j++) {
        for (let la = 1; la <= MAX_SEGMENT && i + la <= ra.nodes.length && !found; la++) {
          for (let lb = 0; lb <= MAX_SEGMENT && j + lb <= rb.nodes.length; lb++) {
            for (let reverse = 0; reverse < (la > 1 ? 2 : 1); reverse++) {
              segA.length = 0;
              segB.length = 0;
              for (let k = 0; k < la; k++) segA.push(ra.nodes[reverse ? i + la - 1 - k : i + k]!);
              for (let k = 0; k < lb; k++) segB.push(rb.nodes[j + k]!);
              const dA = this.evaluateReplace(ra, i, i + la, segB, lb);
              if (Number.isNaN(dA)) continue;
              const dB = this.evaluateReplace(rb, j, j + lb, segA, la);
              if (Number.isNaN(dB) || dA + dB >= -EPS) continue;
              ra.nodes.splice(i, la, ...segB);
              rb.nodes.splice(j, lb, ...segA);
              found = true;
              break;
            }
            if (found) break;
          }
        }
      }
    }
    if (!found && rb.nodes.length > 0) found = this.improveByTwoOptStar(ra, rb);
    if (found) {
      this.refreshRoute(ra, ai);
      this.refreshRoute(rb, bi);
    }
    return found;
  }

  /** Swap tails: a[0..i) + b[j..) and b[0..j) + a[i..). */
  private improveByTwoOptStar(ra: Route, rb: Route): boolean {
    const La = ra.nodes.length;
    const Lb = rb.nodes.length;
    for (let i = 0; i <= La; i++) {
      for (let j = 0; j <= Lb; j++) {
        if ((i === 0 && j === 0) || (i === La && j === Lb)) continue;
        // Cheap distance pre-check before simulating the tails.
        const prevA = i === 0 ? this.p.vehicleOrigin[ra.vehicle]! : ra.nodes[i - 1]!;
        const prevB = j === 0 ? this.p.vehicleOrigin[rb.vehicle]! : rb.nodes[j - 1]!;
        const nextA = i === La ? 0 : ra.nodes[i]!;
        const nextB = j === Lb ? 0 : rb.nodes[j]!;
        const change = this.c(prevA, nextB) + this.c(prevB, nextA) - this.c(prevA, nextA) - this.c(prevB, nextB);
        if (change >= -EPS) continue;
        const tailB = rb.nodes.slice(j);
        const tailA = ra.nodes.slice(i);
        const dA = this.evaluateReplace(ra, i, La, tailB, tailB.length);
        if (Number.isNaN(dA)) continue;
        const dB = this.evaluateReplace(rb, j, Lb, tailA, tailA.length);
        if (Number.isNaN(dB) || dA + dB >= -EPS) continue;
        ra.nodes.splice(i, La - i, ...tailB);
        rb.nodes.splice(j, Lb - j, ...tailA);
        return true;
      }
    }
    return false;
  }

  /** Or-opt (segments of 1-3, either orientation) and 2-opt inside one route; first improvement. */
  private improveWithinRoute(ri: number): boolean {
    const route = this.routes[ri]!;
    const nodes = route.nodes;
    const L = nodes.length;
    const origin = this.p.vehicleOrigin[route.vehicle]!;
    const candidate: number[] = [];
    for (let i = 0; i < L; i++) {
      for (let j = i + 1; j < L; j++) {
        const a = i === 0 ? origin : nodes[i - 1]!;
        const b = j + 1 === L ? 0 : nodes[j + 1]!;
        const change = this.c(a, nodes[j]!) + this.c(nodes[i]!, b) - this.c(a, nodes[i]!) - this.c(nodes[j]!, b);
        if (change >= -EPS && !this.p.hasTimeWindows) continue;
        if (change >= -EPS && j - i > 1) continue;
        candidate.length = 0;
        for (let k = 0; k < i; k++) candidate.push(nodes[k]!);
        for (let k = j; k >= i; k--) candidate.push(nodes[k]!);
        for (let k = j + 1; k < L; k++) candidate.push(nodes[k]!);
        if (this.evaluateWhole(route, candidate) < -EPS) return this.replaceRoute(ri, candidate);
      }
    }
    for (let len = 1; len <= MAX_SEGMENT; len++) {
      for (let i = 0; i + len <= L; i++) {
        const rest = nodes.slice(0, i).concat(nodes.slice(i + len));
        const seg = nodes.slice(i, i + len);
        for (let reverse = 0; reverse < (len > 1 ? 2 : 1); reverse++) {
          const moving = reverse ? [...seg].reverse() : seg;
          for (let k = 0; k <= rest.length; k++) {
            if (k === i && reverse === 0) continue;
            candidate.length = 0;
            for (let x = 0; x < k; x++) candidate.push(rest[x]!);
            for (const x of moving) candidate.push(x);
            for (let x = k; x < rest.length; x++) candidate.push(rest[x]!);
            if (this.evaluateWhole(route, candidate) < -EPS) return this.replaceRoute(ri, candidate);
          }
        }
      }
    }
    return false;
  }

  private replaceRoute(ri: number, nodes: readonly number[]): true {
    const route = this.routes[ri]!;
    route.nodes = [...nodes];
    this.refreshRoute(route, ri);
    return true;
  }

  // ---------------------------------------------------------------- route minimisation

  /** Removes routes one at a time while the pool of their stops can be re-inserted. */
  private minimizeRoutes(budgetShare: number): void {
    const totalDemand = this.customers.reduce((sum, c) => sum + this.p.demand[c]!, 0);
    const maxCapacity = Math.max(...this.p.vehicleCapacity);
    const lowerBound = Number.isFinite(maxCapacity) ? Math.max(1, Math.ceil(totalDemand / maxCapacity - EPS)) : 1;
    this.allowNewRoutes = false;
    while (this.clock.progress() < budgetShare && this.countUsedRoutes() > lowerBound && this.unassigned.length === 0) {
      const saved = this.routes.map((r) => [...r.nodes]);
      if (!this.removeOneRoute(budgetShare)) {
        this.routes.forEach((r, i) => (r.nodes = saved[i]!));
        this.unassigned = [];
        this.refreshAll();
        if (this.clock.progress() >= budgetShare) break;
      } else {
        this.improveByLocalSearch();
      }
    }
    this.allowNewRoutes = true;
  }

  private removeOneRoute(budgetShare: number): boolean {
    const used = this.routes.map((r, i) => (r.nodes.length > 0 ? i : -1)).filter((i) => i >= 0);
    // Short routes are the easiest to dissolve; pick among the shorter half at random.
    used.sort((a, b) => this.routes[a]!.nodes.length - this.routes[b]!.nodes.length);
    const victim = used[this.random.nextInt(Math.max(1, Math.ceil(used.length / 2)))]!;
    const pool = [...this.routes[victim]!.nodes];
    this.routes[victim]!.nodes = [];
    this.refreshAll();
    const penalty = new Float64Array(this.p.n).fill(1);
    const maxSteps = 400 * this.p.n;
    for (let step = 0; step < maxSteps && pool.length > 0; step++) {
      if ((step & 15) === 0) {
        this.clock.tick();
        if (this.clock.progress() >= budgetShare) return false;
      }
      const v = pool.pop()!;
      if (this.insertCheapest(v)) continue;
      penalty[v] = penalty[v]! + 1;
      const ejected = this.insertByEjection(v, penalty);
      if (ejected === null) {
        pool.unshift(v);
        continue;
      }
      for (const e of ejected) pool.push(e);
      this.perturbRandomly(50);
    }
    return pool.length === 0;
  }

  private insertCheapest(u: number): boolean {
    const before = this.unassigned.length;
    this.insertAll([u], 0);
    if (this.unassigned.length > before) {
      this.unassigned.pop();
      return false;
    }
    return true;
  }

  /**
   * Inserts v into the route and position where the ejected stops have the smallest summed
   * penalty (stops ejected often cost more, which stops cycling), ejecting up to MAX_EJECTIONS.
   */
  private insertByEjection(v: number, penalty: Float64Array): number[] | null {
    const { p } = this;
    const e = this.ejection;
    e.penalty = penalty;
    e.bestScore = Infinity;
    e.bestRoute = -1;
    for (let ri = 0; ri < this.routes.length; ri++) {
      const route = this.routes[ri]!;
      if (route.nodes.length === 0) continue;
      const capacity = p.vehicleCapacity[route.vehicle]!;
      const end = p.vehicleEnd[route.vehicle]!;
      const suffix = e.suffixDemand;
      suffix.length = route.nodes.length + 1;
      suffix[route.nodes.length] = 0;
      for (let k = route.nodes.length - 1; k >= 0; k--) suffix[k] = suffix[k + 1]! + p.demand[route.nodes[k]!]!;
      e.route = ri;
      e.v = v;
      e.capacity = capacity;
      e.end = end;
      this.searchEjections(0, p.vehicleStart[route.vehicle]!, p.vehicleOrigin[route.vehicle]!, 0, 0, false);
    }
    if (e.bestRoute < 0) return null;
    const route = this.routes[e.bestRoute]!;
    route.nodes = [...e.bestKeep];
    this.refreshRoute(route, e.bestRoute);
    for (const x of e.bestEjected) this.routeOf[x] = -1;
    return [...e.bestEjected];
  }

  /**
   * Depth-first over the route: place v once somewhere, keep or eject each stop; pruned by windows
   * and by the best penalty so far. Placing v inside the search shares every prefix between the
   * insertion positions.
   */
  private searchEjections(idx: number, time: number, last: number, load: number, score: number, placed: boolean): void {
    const e = this.ejection;
    const { p } = this;
    if (score >= e.bestScore) return;
    const route = this.routes[e.route]!;
    const { nodes } = route;
    const L = nodes.length;
    if (placed) {
      if (idx === L) {
        if (time + this.t(last, 0) > e.end + EPS || load > e.capacity + EPS) return;
        this.recordEjection(score, idx);
        return;
      }
      // The rest is the route's own tail: keeping all of it is checked in O(1), and when it fits,
      // ejecting more could only cost more.
      const x = nodes[idx]!;
      const s = Math.max(time + this.t(last, x), p.ready[x]!);
      if (s <= route.latest[idx]! + EPS && load + e.suffixDemand[idx]! <= e.capacity + EPS) {
        this.recordEjection(score, idx);
        return;
      }
    } else {
      const v = e.v;
      const sv = Math.max(time + this.t(last, v), p.ready[v]!);
      if (sv <= p.due[v]! + EPS) {
        e.keep.push(v);
        this.searchEjections(idx, sv + p.service[v]!, v, load + p.demand[v]!, score, true);
        e.keep.pop();
      }
      if (idx === L) return;
    }
    const x = nodes[idx]!;
    const s = Math.max(time + this.t(last, x), p.ready[x]!);
    if (s <= p.due[x]! + EPS) {
      e.keep.push(x);
      this.searchEjections(idx + 1, s + p.service[x]!, x, load + p.demand[x]!, score, placed);
      e.keep.pop();
    }
    if (e.ejected.length < MAX_EJECTIONS) {
      e.ejected.push(x);
      this.searchEjections(idx + 1, time, last, load, score + e.penalty[x]!, placed);
      e.ejected.pop();
    }
  }

  /** Keeps the current keep/eject decisions (plus the untouched tail from idx) if they beat the best. */
  private recordEjection(score: number, idx: number): void {
    const e = this.ejection;
    // Random tie-breaking between equal penalties diversifies the pool order.
    const value = score + this.random.next() * 1e-3;
    if (value >= e.bestScore) return;
    const nodes = this.routes[e.route]!.nodes;
    e.bestScore = value;
    e.bestRoute = e.route;
    e.bestKeep = [...e.keep];
    for (let k = idx; k < nodes.length; k++) e.bestKeep.push(nodes[k]!);
    e.bestEjected = [...e.ejected];
  }

  /** A few random feasible relocations and swaps, so the ejection search sees new neighbourhoods. */
  private perturbRandomly(moves: number): void {
    const used = this.routes.map((r, i) => (r.nodes.length > 0 ? i : -1)).filter((i) => i >= 0);
    if (used.length < 2) return;
    const one: number[] = [0];
    const other: number[] = [0];
    for (let attempt = 0; attempt < moves * 4 && moves > 0; attempt++) {
      const ai = used[this.random.nextInt(used.length)]!;
      const bi = used[this.random.nextInt(used.length)]!;
      if (ai === bi) continue;
      const ra = this.routes[ai]!;
      const rb = this.routes[bi]!;
      if (ra.nodes.length === 0 || rb.nodes.length === 0) continue;
      const i = this.random.nextInt(ra.nodes.length);
      const swap = this.random.next() < 0.5;
      const j = this.random.nextInt(rb.nodes.length + (swap ? 0 : 1));
      one[0] = ra.nodes[i]!;
      if (swap) {
        other[0] = rb.nodes[j]!;
        if (Number.isNaN(this.evaluateReplace(ra, i, i + 1, other, 1))) continue;
        if (Number.isNaN(this.evaluateReplace(rb, j, j + 1, one, 1))) continue;
        ra.nodes[i] = other[0];
        rb.nodes[j] = one[0];
      } else {
        if (ra.nodes.length === 1) continue;
        if (Number.isNaN(this.evaluateReplace(ra, i, i + 1, other, 0))) continue;
        if (Number.isNaN(this.evaluateReplace(rb, j, j, one, 1))) continue;
        ra.nodes.splice(i, 1);
        rb.nodes.splice(j, 0, one[0]);
      }
      this.refreshRoute(ra, ai);
      this.refreshRoute(rb, bi);
      moves--;
    }
  }

  // ---------------------------------------------------------------- balancing working days

  /**
   * Min-max phase after the distance search: moves segments of up to MAX_SEGMENT stops off the
   * longest working day to another vehicle, or exchanges them with up to MAX_SEGMENT of its stops,
   * taking the move that leaves the shorter of the two days' maximum (best improvement, fewer
   * kilometres on a tie). A move must save at least MIN_MINUTES_SAVED and may add at most
   * DRIVING_PER_MINUTE_SAVED minutes of driving per minute saved, so a slightly shorter longest day
   * never costs a long detour. No clock and no random draw: every accepted move lowers the sorted
   * list of working days, and the rounds are capped. The tie-break after it counts its own
   * iterations and draws from the seeded generator, so the plan is the same on every run.
   */
  private balanceLongestDay(): void {
    const maxRounds = 4 * this.p.n;
    for (let round = 0; round < maxRounds; round++) {
      // The routes are feasible, so every day measures.
      const days = this.routes.map((r) => this.measureDay(r, r.nodes)!);
      let longest = 0;
      for (let i = 1; i < days.length; i++) if (days[i]!.minutes > days[longest]!.minutes + EPS) longest = i;
      if (!this.moveOffLongestDay(longest, days)) break;
    }
    this.shortenDrivingWithinLongestDay();
  }

  private moveOffLongestDay(ai: number, days: readonly WorkingDay[]): boolean {
    const ra = this.routes[ai]!;
    const dayA = days[ai]!;
    let best: { bi: number; a: number[]; b: number[]; peak: number; cost: number } | null = null;
    for (let bi = 0; bi < this.routes.length; bi++) {
      if (bi === ai) continue;
      const rb = this.routes[bi]!;
      const dayB = days[bi]!;
      for (let i = 0; i < ra.nodes.length; i++) {
        for (let la = 1; la <= MAX_SEGMENT && i + la <= ra.nodes.length; la++) {
          const segA = ra.nodes.slice(i, i + la);
          for (let lb = 0; lb <= MAX_SEGMENT; lb++) {
            for (let j = 0; j + lb <= rb.nodes.length; j++) {
              const segB = rb.nodes.slice(j, j + lb);
              const nodesA = [...ra.nodes.slice(0, i), ...segB, ...ra.nodes.slice(i + la)];
              const newA = this.measureDay(ra, nodesA);
              if (!newA || newA.minutes > dayA.minutes - MIN_MINUTES_SAVED + EPS) continue;
              const nodesB = [...rb.nodes.slice(0, j), ...segA, ...rb.nodes.slice(j + lb)];
              const newB = this.measureDay(rb, nodesB);
              if (!newB) continue;
              const peak = Math.max(newA.minutes, newB.minutes);
              const saved = dayA.minutes - peak;
              if (saved < MIN_MINUTES_SAVED - EPS) continue;
              const extraDriving = newA.driving + newB.driving - dayA.driving - dayB.driving;
              if (extraDriving > DRIVING_PER_MINUTE_SAVED * saved + EPS) continue;
              const cost = newA.cost + newB.cost - dayA.cost - dayB.cost;
              if (best && (peak > best.peak + EPS || (peak > best.peak - EPS && cost >= best.cost - EPS))) continue;
              best = { bi, a: nodesA, b: nodesB, peak, cost };
            }
          }
        }
      }
    }
    if (!best) return false;
    ra.nodes = best.a;
    this.routes[best.bi]!.nodes = best.b;
    this.refreshAll();
    return true;
  }

  /**
   * The tie-break: distance local search with every shift cut to the longest day just reached, so
   * kilometres come off without any day growing past it. Bounded by the search itself (each move
   * lowers the distance), not by the clock, which the distance search may have used up.
   */
  private shortenDrivingWithinLongestDay(): void {
    const { p } = this;
    const longest = Math.max(...this.routes.map((r) => this.measureDay(r, r.nodes)!.minutes));
    const shiftEnds = Float64Array.from(p.vehicleEnd);
    for (let v = 0; v < shiftEnds.length; v++) p.vehicleEnd[v] = Math.min(shiftEnds[v]!, p.vehicleStart[v]! + longest);
    this.refreshAll();
    this.improveByLocalSearch(false);
    // A short ruin-and-recreate of its own, counted in iterations: the same routes on every run.
    const [clock, limits] = [this.clock, this.limits];
    let work = 0;
    this.clock = { progress: () => work / TIE_BREAK_ITERATIONS, isTimeUp: () => work >= TIE_BREAK_ITERATIONS, tick: () => void work++ };
    this.limits = { stallIterations: TIE_BREAK_STALL_ITERATIONS };
    this.improveByRuinAndRecreate();
    [this.clock, this.limits] = [clock, limits];
    p.vehicleEnd.set(shiftEnds);
    this.refreshAll();
  }

  /**
   * The vehicle's working day over nodes: minutes from its shift start to back at the depot,
   * minutes driving, and cost; null when a window, the shift end or the capacity is broken.
   */
  private measureDay(route: Route, nodes: readonly number[]): WorkingDay | null {
    const { p } = this;
    const v = route.vehicle;
    let time = p.vehicleStart[v]!;
    let last = p.vehicleOrigin[v]!;
    let driving = 0;
    let cost = 0;
    let load = 0;
    for (const x of nodes) {
      const s = Math.max(time + this.t(last, x), p.ready[x]!);
      if (s > p.due[x]! + EPS) return null;
      driving += this.t(last, x);
      cost += this.c(last, x);
      load += p.demand[x]!;
      time = s + p.service[x]!;
      last = x;
    }
    driving += this.t(last, 0);
    cost += this.c(last, 0);
    time += this.t(last, 0);
    if (time > p.vehicleEnd[v]! + EPS || load > p.vehicleCapacity[v]! + EPS) return null;
    return { minutes: time - p.vehicleStart[v]!, driving, cost };
  }

  // ---------------------------------------------------------------- ruin and recreate

  private improveByRuinAndRecreate(): void {
    const perStop = this.routes.reduce((s, r) => s + r.cost, 0) / Math.max(1, this.customers.length);
    let currentRoutes = this.routes.map((r) => [...r.nodes]);
    let currentUnassigned = [...this.unassigned];
    let current = this.measureObjective();
    let bestRoutes = currentRoutes;
    let bestUnassigned = currentUnassigned;
    let best = this.measureObjective();
    const startProgress = this.clock.progress();
    // Temperatures relative to the average cost per stop keep the schedule unit-free.
    const t0 = 0.3 * perStop;
    const tEnd = 0.003 * perStop;
    let sinceBest = 0;
    while (sinceBest < this.limits.stallIterations && !this.clock.isTimeUp()) {
      this.clock.tick();
      sinceBest++;
      const share = Math.min(1, (this.clock.progress() - startProgress) / Math.max(1e-9, 1 - startProgress));
      const temperature = t0 * Math.pow(tEnd / t0, share);
      const removed = this.ruinByStrings();
      const order = this.sortForRecreate([...removed, ...this.unassigned]);
      this.unassigned = [];
      this.insertAll(order, 0.01);
      let candidate = this.measureObjective();
      if (candidate < best - EPS) {
        this.improveByLocalSearch();
        candidate = this.measureObjective();
      }
      if (candidate < current - temperature * Math.log(this.random.next())) {
        current = candidate;
        currentRoutes = this.routes.map((r) => [...r.nodes]);
        currentUnassigned = [...this.unassigned];
        if (candidate < best - EPS) {
          best = candidate;
          sinceBest = 0;
          bestRoutes = currentRoutes;
          bestUnassigned = currentUnassigned;
        }
      } else {
        this.routes.forEach((r, i) => (r.nodes = [...currentRoutes[i]!]));
        this.unassigned = [...currentUnassigned];
        this.refreshAll();
      }
    }
    this.routes.forEach((r, i) => (r.nodes = [...bestRoutes[i]!]));
    this.unassigned = [...bestUnassigned];
    this.refreshAll();
  }


  /** SISR ruin: remove strings (or strings with a kept gap) from routes near a random seed stop. */
  private ruinByStrings(): number[] {
    const assigned = this.customers.filter((c) => this.routeOf[c]! >= 0);
    if (assigned.length === 0) return [];
    const usedRoutes = this.countUsedRoutes();
    const avgRemoved = Math.min(10, Math.max(2, Math.floor(assigned.length / 4)));
    const maxString = Math.min(10, assigned.length / usedRoutes);
    const maxStrings = (4 * avgRemoved) / (1 + maxString) - 1;
    const stringCount = Math.floor(this.random.next() * maxStrings) + 1;
    const seed = assigned[this.random.nextInt(assigned.length)]!;
    const ruined = new Set<number>();
    const removed: number[] = [];
    const visit = (c: number): void => {
      const ri = this.routeOf[c]!;
      if (ri < 0 || ruined.has(ri)) return;
      const route = this.routes[ri]!;
      const L = route.nodes.length;
      const pos = route.nodes.indexOf(c);
      const length = Math.floor(this.random.next() * Math.min(L, maxString)) + 1;
      let from: number;
      let kept = 0;
      if (this.random.next() < 0.5 || length >= L) {
        from = Math.max(0, Math.min(pos - this.random.nextInt(length), L - length));
      } else {
        kept = 1 + this.random.nextInt(Math.min(3, L - length));
        const span = length + kept;
        from = Math.max(0, Math.min(pos - this.random.nextInt(span), L - span));
      }
      const span = length + kept;
      const keepAt = from + this.random.nextInt(length + 1);
      const out: number[] = [];
      const stay: number[] = [];
      for (let k = from; k < from + span; k++) {
        const inKeptGap = kept > 0 && k >= keepAt && k < keepAt + kept;
        (inKeptGap ? stay : out).push(route.nodes[k]!);
      }
      route.nodes.splice(from, span, ...stay);
      for (const x of out) this.routeOf[x] = -1;
      removed.push(...out);
      this.refreshRoute(route, ri);
      ruined.add(ri);
    };
    visit(seed);
    const near = this.adjacency[seed]!;
    for (let k = 0; k < near.length && ruined.size < stringCount; k++) visit(near[k]!);
    return removed;
  }

  private sortForRecreate(nodes: number[]): number[] {
    const r = this.random.next() * 11;
    const { p } = this;
    if (r < 4) {
      for (let i = nodes.length - 1; i > 0; i--) {
        const j = this.random.nextInt(i + 1);
        [nodes[i], nodes[j]] = [nodes[j]!, nodes[i]!];
      }
    } else if (r < 8) {
      nodes.sort((a, b) => p.demand[b]! - p.demand[a]! || this.c(0, b) - this.c(0, a));
    } else if (r < 10) {
      nodes.sort((a, b) => this.c(0, b) - this.c(0, a));
    } else {
      nodes.sort((a, b) => this.c(0, a) - this.c(0, b));
    }
    return nodes;
  }
}
