import type { VrpProblem } from '../solver/vrp-model';

export interface SolomonCustomer {
  id: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
}

export interface SolomonInstance {
  name: string;
  vehicleCount: number;
  capacity: number;
  /** customers[0] is the depot. */
  customers: SolomonCustomer[];
}

/** Parses the classic Solomon VRPTW text format (name, VEHICLE block, CUSTOMER table). */
export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines.find((l) => l !== '') ?? 'unnamed';
  const vehicleHeader = lines.findIndex((l) => /^NUMBER\s+CAPACITY/i.test(l));
  if (vehicleHeader < 0) throw new Error('Solomon file has no VEHICLE NUMBER/CAPACITY block');
  const [vehicleCount, capacity] = (lines[vehicleHeader + 1] ?? '').split(/\s+/).map(Number);
  const tableHeader = lines.findIndex((l) => /^CUST\s+NO\./i.test(l));
  if (tableHeader < 0) throw new Error('Solomon file has no CUSTOMER table');
  const customers: SolomonCustomer[] = [];
  for (const line of lines.slice(tableHeader + 1)) {
    if (line === '') continue;
    const v = line.split(/\s+/).map(Number);
    if (v.length < 7 || v.some((x) => Number.isNaN(x))) break;
    customers.push({ id: v[0]!, x: v[1]!, y: v[2]!, demand: v[3]!, ready: v[4]!, due: v[5]!, service: v[6]! });
  }
  if (!vehicleCount || !capacity || customers.length < 2) throw new Error('Solomon file is incomplete');
  customers.forEach((c, i) => {
    if (c.id !== i) throw new Error(`Solomon customer ${c.id} out of order at row ${i}`);
  });
  return { name, vehicleCount, capacity, customers };
}

/** Real-valued Euclidean distances, unrounded, as the literature's Solomon distances are. */
export function buildSolomonMatrix(instance: SolomonInstance): number[][] {
  return instance.customers.map((a) => instance.customers.map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
}

/** Travel time equals distance; vehicles leave at the depot's ready time and return by its due time. */
export function convertSolomonToProblem(instance: SolomonInstance): VrpProblem {
  const [depot, ...stops] = instance.customers;
  const matrix = buildSolomonMatrix(instance);
  return {
    stops: stops.map((c) => ({ serviceMin: c.service, readyMin: c.ready, dueMin: c.due, demand: c.demand })),
    vehicles: Array.from({ length: instance.vehicleCount }, () => ({
      shiftStartMin: depot!.ready,
      shiftEndMin: depot!.due,
      capacity: instance.capacity,
    })),
    travelMin: matrix,
    distance: matrix,
    objective: 'vehicles-then-distance',
  };
}

/** Routes of a .sol file ("Route 1 : 5 3 7"), customer ids as in the instance. */
export function parseSolomonSolution(text: string): number[][] {
  const routes: number[][] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*Route\s+\d+\s*:\s*(.*)$/i.exec(line);
    if (m) routes.push((m[1] ?? '').trim().split(/\s+/).filter(Boolean).map(Number));
  }
  return routes;
}

export function isSolomonText(text: string): boolean {
  return /^\s*VEHICLE\s*$/m.test(text) && /^\s*CUSTOMER\s*$/m.test(text);
}
