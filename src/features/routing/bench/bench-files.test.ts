import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBestKnown, measureSolomonRoutes } from './bench-problems';
import { convertSolomonToProblem, isSolomonText, parseSolomon, parseSolomonSolution } from './solomon-parser';
import { buildTsplibMatrix, isTsplibText, parseTsplib } from './tsplib-parser';

const benchDir = process.env.BENCH_DIR ?? path.resolve(process.cwd(), '../shared/bench');
const read = (file: string): string => readFileSync(path.join(benchDir, file), 'utf8');

describe.skipIf(!existsSync(benchDir))('benchmark files', () => {
  it('parses every TSPLIB file with the dimension and type it declares', () => {
    const best = parseBestKnown(read('tsplib/OPTIMA.md'));
    const files = readdirSync(path.join(benchDir, 'tsplib')).filter((f) => f.endsWith('.tsp'));
    expect(files).toHaveLength(14);
    for (const file of files) {
      const text = read(`tsplib/${file}`);
      expect(isTsplibText(text)).toBe(true);
      expect(isSolomonText(text)).toBe(false);
      const instance = parseTsplib(text);
      expect(best.tsplib.has(instance.name)).toBe(true);
      expect(instance.points.length).toBe(Number(/DIMENSION\s*:\s*(\d+)/.exec(text)?.[1]));
    }
  });

  it('reads berlin52 coordinates and distances', () => {
    const instance = parseTsplib(read('tsplib/berlin52.tsp'));
    expect(instance.edgeWeightType).toBe('EUC_2D');
    expect(instance.points[0]).toEqual({ x: 565, y: 575 });
    expect(instance.points[51]).toEqual({ x: 1740, y: 245 });
    const matrix = buildTsplibMatrix(instance);
    expect(matrix[0 * 52 + 1]).toBe(666);
    expect(matrix[1 * 52 + 0]).toBe(666);
  });

  it('reads gr96 as GEO', () => {
    const instance = parseTsplib(read('tsplib/gr96.tsp'));
    expect(instance.edgeWeightType).toBe('GEO');
    expect(buildTsplibMatrix(instance)[1]).toBe(1690);
  });

  it('reads the optima and best-knowns tables', () => {
    const best = parseBestKnown(read('tsplib/OPTIMA.md'));
    expect(best.tsplib.size).toBe(14);
    expect(best.tsplib.get('berlin52')).toBe(7542);
    expect(best.tsplib.get('kroA200')).toBe(29368);
    expect(best.solomon.get('RC101')).toEqual({ vehicles: 14, distance: 1696.94 });
  });

  it('parses C101 into a 100-customer problem with windows, demands and 25 vehicles', () => {
    const text = read('solomon/C101.txt');
    expect(isSolomonText(text)).toBe(true);
    expect(isTsplibText(text)).toBe(false);
    const instance = parseSolomon(text);
    expect(instance).toMatchObject({ name: 'C101', vehicleCount: 25, capacity: 200 });
    expect(instance.customers).toHaveLength(101);
    expect(instance.customers[0]).toMatchObject({ x: 40, y: 50, ready: 0, due: 1236, service: 0 });
    expect(instance.customers[1]).toEqual({ id: 1, x: 45, y: 68, demand: 10, ready: 912, due: 967, service: 90 });
    const problem = convertSolomonToProblem(instance);
    expect(problem.stops).toHaveLength(100);
    expect(problem.vehicles).toHaveLength(25);
    expect(problem.objective).toBe('vehicles-then-distance');
    expect(problem.travelMin[0]![1]).toBeCloseTo(Math.hypot(5, 18), 12);
  });

  it.each([
    ['C101', 10, 828.94],
    ['R101', 19, 1650.8],
    ['RC101', 14, 1696.94],
  ])('the %s .sol routes measure as published with unrounded distances', (name, vehicles, distance) => {
    const instance = parseSolomon(read(`solomon/${name}.txt`));
    const routes = parseSolomonSolution(read(`solomon/${name}.sol`));
    expect(routes).toHaveLength(vehicles);
    expect(routes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(Math.abs(measureSolomonRoutes(instance, routes) - distance)).toBeLessThan(0.01);
  });
});
