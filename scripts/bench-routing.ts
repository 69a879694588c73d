/**
 * Route-solver benchmark: TSPLIB optima, Solomon best-knowns, Hamilton Fridays against an exact
 * solver, and multi-crew Hamilton Fridays (distance only against the longest day first, 0111).
 * Usage: tsx scripts/bench-routing.ts [--quick] [--only=tsplib,solomon,hamilton,crews]
 * [--days=N] [--seed=N] [--strict] [--cpu-clock]. BENCH_DIR overrides ../shared/bench.
 * --cpu-clock measures budgets and times in this process's CPU time, so a busy shared machine does
 * not eat the solver's budget.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { convertTsplibToProblem, measureSolomonRoutes, parseBestKnown } from '../src/features/routing/bench/bench-problems';
import { loadHighs, solveTspExactly } from '../src/features/routing/bench/exact-tsp';
import { DAY_START_MIN, generateHamiltonFriday } from '../src/features/routing/bench/hamilton-fridays';
import { convertSolomonToProblem, parseSolomon, parseSolomonSolution } from '../src/features/routing/bench/solomon-parser';
import { parseTsplib } from '../src/features/routing/bench/tsplib-parser';
import { createRandom } from '../src/features/routing/solver/seeded-random';
import { solveVrp } from '../src/features/routing/solver/solve-vrp';
import type { VrpObjective, VrpSolution } from '../src/features/routing/solver/vrp-model';

const args = process.argv.slice(2);
const readArg = (name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = args.includes('--quick');
const strict = args.includes('--strict');
const only = new Set((readArg('only') ?? 'tsplib,solomon,hamilton,crews').split(','));
const seed = Number(readArg('seed') ?? 1);
const benchDir = process.env.BENCH_DIR ?? path.resolve(process.cwd(), '../shared/bench');
const useCpuClock = args.includes('--cpu-clock');
const now = useCpuClock
  ? () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    }
  : () => performance.now();

const TSP_BUDGETS = quick ? [200] : [50, 200, 1000];
const SOLOMON_BUDGET = quick ? 2000 : 5000;
const HAMILTON_DAYS = Number(readArg('days') ?? (quick ? 10 : 40));
// The budget the route manager would give a day; the search usually converges well before it.
const HAMILTON_BUDGET = 200;

const failures: string[] = [];

function formatGap(gap: number): string {
  return `${gap >= 0 ? '' : '-'}${Math.abs(gap).toFixed(2)}%`;
}

function printTable(rows: (string | number)[][]): void {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  for (const row of rows) console.log(row.map((cell, c) => String(cell).padStart(widths[c]!)).join('  '));
}

function runTsplib(): void {
  const best = parseBestKnown(readFileSync(path.join(benchDir, 'tsplib/OPTIMA.md'), 'utf8'));
  let files = readdirSync(path.join(benchDir, 'tsplib')).filter((f) => f.endsWith('.tsp')).sort();
  if (quick) files = files.filter((f) => ['berlin52.tsp', 'gr96.tsp', 'kroA100.tsp', 'ch150.tsp', 'kroA200.tsp'].includes(f));
  const instances = files.map((f) => parseTsplib(readFileSync(path.join(benchDir, 'tsplib', f), 'utf8')));
  instances.sort((a, b) => a.points.length - b.points.length);
  console.log(`\n== TSPLIB (${instances.length} instances, seed ${seed}) ==`);
  const rows: (string | number)[][] = [['instance', 'n', ...TSP_BUDGETS.flatMap((b) => [`len@${b}`, `gap@${b}`, `ms@${b}`]), 'optimum']];
  const gaps = TSP_BUDGETS.map(() => [] as number[]);
  const hits = TSP_BUDGETS.map(() => 0);
  for (const instance of instances) {
    const optimum = best.tsplib.get(instance.name);
    if (optimum === undefined) throw new Error(`No optimum for ${instance.name} in OPTIMA.md`);
    const problem = convertTsplibToProblem(instance);
    const row: (string | number)[] = [instance.name, instance.points.length];
    TSP_BUDGETS.forEach((budget, b) => {
      const t0 = now();
      const solution = solveVrp(problem, { timeBudgetMs: budget, seed, now });
      const ms = now() - t0;
      const length = Math.round(solution.totalDistance);
      const gap = (length / optimum - 1) * 100;
      gaps[b]!.push(gap);
      if (length <= optimum) hits[b]!++;
      row.push(length, formatGap(gap), Math.round(ms));
    });
    row.push(optimum);
    rows.push(row);
  }
  printTable(rows);
  TSP_BUDGETS.forEach((budget, b) => {
    const mean = gaps[b]!.reduce((s, g) => s + g, 0) / gaps[b]!.length;
    console.log(`mean gap @${budget} ms: ${mean.toFixed(3)}%   optimum hit: ${hits[b]}/${instances.length}`);
    if (budget === 200 && mean > 0.5) failures.push(`TSPLIB mean gap at 200 ms ${mean.toFixed(3)}% > 0.5%`);
    if (budget === 1000 && hits[b] !== instances.length) failures.push(`TSPLIB optimum on ${hits[b]}/${instances.length} at 1000 ms`);
  });
}

function runSolomon(): void {
  const best = parseBestKnown(readFileSync(path.join(benchDir, 'tsplib/OPTIMA.md'), 'utf8'));
  const dir = path.join(benchDir, 'solomon');
  const files = readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  console.log(`\n== Solomon VRPTW at ${SOLOMON_BUDGET} ms (seed ${seed}) ==`);
  const rows: (string | number)[][] = [['instance', 'vehicles', 'distance', 'bk vehicles', 'bk distance', 'gap', 'ms']];
  const gaps: number[] = [];
  for (const file of files) {
    const instance = parseSolomon(readFileSync(path.join(dir, file), 'utf8'));
    const name = path.basename(file, '.txt').toUpperCase();
    const known = best.solomon.get(name);
    if (!known) throw new Error(`No best-known for ${name} in OPTIMA.md`);
    // Cross-check the published value against the .sol routes with our distance function.
    const solRoutes = parseSolomonSolution(readFileSync(path.join(dir, `${path.basename(file, '.txt')}.sol`), 'utf8'));
    const solDistance = measureSolomonRoutes(instance, solRoutes);
    if (Math.abs(solDistance - known.distance) > 0.01 || solRoutes.length !== known.vehicles) {
      console.warn(`warning: ${name}.sol measures ${solDistance.toFixed(3)} with ${solRoutes.length} routes`);
    }
    const t0 = now();
    const solution = solveVrp(convertSolomonToProblem(instance), { timeBudgetMs: SOLOMON_BUDGET, seed, now });
    const ms = now() - t0;
    const gap = (solution.totalDistance / known.distance - 1) * 100;
    const vehicles = solution.routes.length;
    gaps.push(gap);
    rows.push([name, vehicles, solution.totalDistance.toFixed(2), known.vehicles, known.distance.toFixed(2), formatGap(gap), Math.round(ms)]);
    if (solution.unassigned.length > 0) failures.push(`${name}: ${solution.unassigned.length} customers unassigned`);
    if (vehicles > known.vehicles) failures.push(`${name}: ${vehicles} vehicles > best-known ${known.vehicles}`);
    if (gap > 3) failures.push(`${name}: distance gap ${gap.toFixed(2)}% > 3%`);
  }
  printTable(rows);
  const mean = gaps.reduce((s, g) => s + g, 0) / Math.max(1, gaps.length);
  console.log(`mean gap @${SOLOMON_BUDGET} ms: ${mean.toFixed(3)}%   worst: ${formatGap(Math.max(...gaps))}`);
}

function calculatePercentile(sorted: number[], q: number): number {
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[at]!;
}

async function runHamilton(): Promise<void> {
  const highs = await loadHighs();
  const random = createRandom(seed * 7919);
  console.log(`\n== Hamilton Fridays: ${HAMILTON_DAYS} single-technician days vs HiGHS (budget ${HAMILTON_BUDGET} ms) ==`);
  const rows: (string | number)[][] = [['day', 'stops', 'km', 'optimal km', 'gap', 'ms', 'exact ms', 'cut rounds']];
  const times: number[] = [];
  let optimal = 0;
  for (let day = 0; day < HAMILTON_DAYS; day++) {
    const stops = 10 + random.nextInt(51);
    const friday = generateHamiltonFriday(seed * 100003 + day, stops);
    const t0 = now();
    const solution = solveVrp(friday.problem, { timeBudgetMs: HAMILTON_BUDGET, seed, now });
    const ms = now() - t0;
    times.push(ms);
    const n = stops + 1;
    const cost = new Float64Array(n * n);
    friday.problem.distance!.forEach((row, i) => Array.from(row).forEach((d, j) => (cost[i * n + j] = d)));
    const e0 = performance.now();
    const exact = solveTspExactly(highs, n, cost);
    const exactMs = performance.now() - e0;
    const gap = (solution.totalDistance / exact.length - 1) * 100;
    // Same matrix, so only floating-point noise separates equal tours.
    const isOptimal = solution.totalDistance <= exact.length * (1 + 1e-9) && solution.unassigned.length === 0;
    if (isOptimal) optimal++;
    rows.push([day + 1, stops, solution.totalDistance.toFixed(3), exact.length.toFixed(3), formatGap(gap), Math.round(ms), Math.round(exactMs), exact.rounds]);
  }
  printTable(rows);
  const sorted = [...times].sort((a, b) => a - b);
  const share = (optimal / HAMILTON_DAYS) * 100;
  const p50 = calculatePercentile(sorted, 0.5);
  const p95 = calculatePercentile(sorted, 0.95);
  console.log(`optimal: ${optimal}/${HAMILTON_DAYS} (${share.toFixed(1)}%)   solve time p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`);
  if (share < 95) failures.push(`Hamilton optimal on ${share.toFixed(1)}% of days < 95%`);
  if (p95 > 250) failures.push(`Hamilton p95 ${p95.toFixed(0)} ms > 250 ms`);
}

/** Longest working day in minutes (shift start to back at the depot). */
function measureLongestDay(solution: VrpSolution): number {
  return Math.max(0, ...solution.routes.map((r) => r.duration));
}

/**
 * Days as the route manager plans them: 2-3 crews on 08:00-18:00 shifts and the app's work limits,
 * solved for total distance only and for the longest day first. Reports the longest day and the
 * total kilometres of each.
 */
function runCrews(): void {
  const days = Number(readArg('days') ?? (quick ? 10 : 40));
  const random = createRandom(seed * 104729);
  console.log(`\n== Hamilton Fridays with crews: ${days} days, distance only vs longest day first ==`);
  const rows: (string | number)[][] = [['day', 'stops', 'crews', 'longest min (dist)', 'km (dist)', 'longest min (bal)', 'km (bal)', 'ms (bal)']];
  const sums = { longestDist: 0, longestBal: 0, kmDist: 0, kmBal: 0 };
  const times: number[] = [];
  for (let day = 0; day < days; day++) {
    const crews = 2 + random.nextInt(2);
    const stops = 6 * crews + random.nextInt(6 * crews);
    const friday = generateHamiltonFriday(seed * 100019 + day, stops, crews);
    const vehicles = friday.problem.vehicles.map(() => ({ shiftStartMin: DAY_START_MIN, shiftEndMin: DAY_START_MIN + 600 }));
    const solveFor = (objective: VrpObjective) =>
      solveVrp({ ...friday.problem, vehicles, objective }, { timeBudgetMs: 1000, maxIterations: 5000, stallIterations: 2000, seed, now });
    const dist = solveFor('distance');
    const t0 = now();
    const bal = solveFor('longest-day-then-distance');
    times.push(now() - t0);
    const [ld, lb] = [measureLongestDay(dist), measureLongestDay(bal)];
    sums.longestDist += ld;
    sums.longestBal += lb;
    sums.kmDist += dist.totalDistance;
    sums.kmBal += bal.totalDistance;
    if (bal.unassigned.length > dist.unassigned.length) failures.push(`crews day ${day + 1}: balancing left more stops unassigned`);
    rows.push([day + 1, stops, crews, ld.toFixed(0), dist.totalDistance.toFixed(1), lb.toFixed(0), bal.totalDistance.toFixed(1), Math.round(times[day]!)]);
  }
  printTable(rows);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `mean longest day ${(sums.longestDist / days).toFixed(1)} -> ${(sums.longestBal / days).toFixed(1)} min;` +
      ` total km ${sums.kmDist.toFixed(1)} -> ${sums.kmBal.toFixed(1)} (${formatGap((sums.kmBal / sums.kmDist - 1) * 100)});` +
      ` balanced solve p50 ${calculatePercentile(sorted, 0.5).toFixed(0)} ms, p95 ${calculatePercentile(sorted, 0.95).toFixed(0)} ms`,
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(`clock: ${useCpuClock ? 'process CPU time' : 'wall clock'}; bench dir ${benchDir}`);
  if (only.has('tsplib')) runTsplib();
  if (only.has('solomon')) runSolomon();
  if (only.has('hamilton')) await runHamilton();
  if (only.has('crews')) runCrews();
  console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length === 0) {
    console.log('all targets met');
  } else {
    console.log(`targets missed:\n- ${failures.join('\n- ')}`);
    if (strict) process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
