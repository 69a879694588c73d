/**
 * Solves one TSPLIB (.tsp) or Solomon file and prints one JSON line to stdout:
 * {"instance","length","vehicles","ms"}. Usage: tsx scripts/solve.ts FILE [--time-ms N] [--seed N]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { convertTsplibToProblem } from '../src/features/routing/bench/bench-problems';
import { convertSolomonToProblem, isSolomonText, parseSolomon } from '../src/features/routing/bench/solomon-parser';
import { isTsplibText, parseTsplib } from '../src/features/routing/bench/tsplib-parser';
import { solveVrp } from '../src/features/routing/solver/solve-vrp';
import type { VrpProblem } from '../src/features/routing/solver/vrp-model';

function readOption(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

function main(): void {
  const args = process.argv.slice(2);
  const optionValues = new Set(['--time-ms', '--seed'].map((o) => readOption(args, o)).filter(Boolean));
  const file = args.find((a) => !a.startsWith('--') && !optionValues.has(a));
  if (!file) {
    console.error('usage: tsx scripts/solve.ts FILE [--time-ms N] [--seed N]');
    process.exitCode = 2;
    return;
  }
  const timeMs = Number(readOption(args, '--time-ms') ?? 1000);
  const seed = Number(readOption(args, '--seed') ?? 1);
  if (!Number.isFinite(timeMs) || timeMs <= 0) throw new Error('--time-ms must be a positive number');
  const text = readFileSync(file, 'utf8');
  let instance: string;
  let problem: VrpProblem;
  let isSolomon = false;
  if (isTsplibText(text)) {
    const tsp = parseTsplib(text);
    instance = tsp.name;
    problem = convertTsplibToProblem(tsp);
  } else if (isSolomonText(text)) {
    const vrptw = parseSolomon(text);
    instance = vrptw.name;
    problem = convertSolomonToProblem(vrptw);
    isSolomon = true;
  } else {
    throw new Error(`${path.basename(file)} is neither a TSPLIB nor a Solomon file`);
  }
  const t0 = performance.now();
  const solution = solveVrp(problem, { timeBudgetMs: timeMs, seed });
  const ms = Math.round(performance.now() - t0);
  if (solution.unassigned.length > 0) console.error(`warning: ${solution.unassigned.length} stops unassigned`);
  // TSPLIB lengths are integers by definition; Solomon distances are reported to 2 decimals.
  const length = isSolomon ? Math.round(solution.totalDistance * 100) / 100 : Math.round(solution.totalDistance);
  process.stdout.write(`${JSON.stringify({ instance, length, vehicles: solution.routes.length, ms })}\n`);
}

main();
