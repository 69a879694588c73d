/**
 * Where the visits of a rained-out Friday go (docs/decisions/0033), pure: the office picks the
 * target Friday; each booking's visits of the day (a treatment and its standing-water visit share
 * a Friday) move together, in booking order, to the first Friday from the target on that still has
 * room for all of them and keeps its plan's visits in order and far enough apart (0035). A booking
 * no Friday takes is named, with the reason, never dropped.
 */

/** A Friday a rain day may fill, with the stops it has left. */
export type FridayRoom = { date: string; free: number };

export type Placement<G> = { group: G; date: string };

/**
 * Why the first Friday in line (the office's target) did not take a booking placed on a later one:
 * no room left for all its stops ('full'), or its plan's spacing ('spacing'); null when it did.
 */
export type PassedFirst = 'full' | 'spacing' | null;

/**
 * Why a booking stays: no Friday had room ('full'), or the Fridays with room would break its plan's
 * spacing ('spacing', with what the first of them was blocked by).
 */
export type UnplacedReason<B> = { reason: 'full' } | { reason: 'spacing'; blockedBy: B };

export type RainDayAllocation<G, B = never> = {
  placed: (Placement<G> & { passedFirst: PassedFirst })[];
  /** Bookings no offered Friday took: they stay where they are and the office is told why. */
  unplaced: (G & UnplacedReason<B>)[];
};

/**
 * The Fridays a rain day fills, in order: the target, then the offered Fridays after it (the
 * rained-out day itself never). `offered` is the available-dates list, sorted.
 */
export function listFillOrder(target: string, offered: readonly string[], rainedOut: string): string[] {
  return [target, ...offered.filter((d) => d > target && d !== rainedOut)];
}

/**
 * First fit in booking order: a booking goes to the earliest Friday (in `fridays`' order) with room
 * for all its stops that `blockedBy` does not refuse (it returns why a Friday would break the
 * booking's plan, or null). A later, smaller booking may still take the last stop a bigger one
 * could not use, so no stop the target has is left empty while visits wait.
 */
export function allocateRainDay<G extends { stops: number }, B = never>(
  groups: readonly G[],
  fridays: readonly FridayRoom[],
  blockedBy?: (group: G, date: string) => B | null,
): RainDayAllocation<G, B> {
  const free = fridays.map((f) => Math.max(0, f.free));
  const placed: (Placement<G> & { passedFirst: PassedFirst })[] = [];
  const unplaced: (G & UnplacedReason<B>)[] = [];
  for (const group of groups) {
    // Set inside the search below (closures, so typed by assertion: TypeScript would narrow them to null).
    let blocked = null as { by: B } | null;
    let passedFirst = null as PassedFirst;
    const index = free.findIndex((room, i) => {
      if (room < group.stops) {
        if (i === 0) passedFirst = 'full';
        return false;
      }
      const block = blockedBy ? blockedBy(group, fridays[i]!.date) : null;
      if (block === null) return true;
      if (i === 0) passedFirst = 'spacing';
      blocked ??= { by: block };
      return false;
    });
    if (index === -1) {
      unplaced.push(blocked ? { ...group, reason: 'spacing', blockedBy: blocked.by } : { ...group, reason: 'full' });
      continue;
    }
    free[index]! -= group.stops;
    placed.push({ group, date: fridays[index]!.date, passedFirst });
  }
  return { placed, unplaced };
}

/** Per Friday (in `order`), how many visits and customers a set of placements brings. */
export function summariseByFriday<G extends { stops: number; customerId: number }>(placed: readonly Placement<G>[], order: readonly string[]) {
  return order
    .map((date) => {
      const here = placed.filter((p) => p.date === date).map((p) => p.group);
      return { date, visits: here.reduce((sum, g) => sum + g.stops, 0), customers: new Set(here.map((g) => g.customerId)).size, bookings: here };
    })
    .filter((day) => day.visits > 0);
}
