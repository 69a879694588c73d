/**
 * What a visit row is (docs/decisions/0047), pure and client-safe. A booking's rows are the visits
 * it paid for ('scheduled': the plan's visits and their add-on visits) and, later, the free
 * re-treatments the office books under the guarantee ('retreatment'). A re-treatment takes a
 * Friday stop, a route position, a reminder and a visit report like any visit, but it is no part
 * of what was sold: prices, refunds, the plan's visit count and its spacing read only the paid
 * visits (`keepPaidVisits`).
 */

/** The same list as `APPOINTMENT_KINDS` in db/schema/appointments.ts (visit-kinds.test.ts holds them equal). */
export const VISIT_KINDS = ['scheduled', 'retreatment'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

export const RETREATMENT_KIND = 'retreatment' satisfies VisitKind;

/** A row read without its kind (older callers, test rows) is a paid visit. */
export const isFreeRetreatment = (visit: { kind?: string | null }): boolean => visit.kind === RETREATMENT_KIND;

/** The visits the booking paid for: what every price, refund and "visit N of M" counts. */
export function keepPaidVisits<T extends { kind?: string | null }>(visits: readonly T[]): T[] {
  return visits.filter((v) => !isFreeRetreatment(v));
}

/**
 * The key a visit's service is named by in the message files' `services` maps: its service type,
 * or 'retreatment' ("Free re-treatment") for a free re-treatment, whatever plan it re-treats.
 */
export function serviceLabelKey(visit: { serviceType: string; kind?: string | null }): string {
  return isFreeRetreatment(visit) ? RETREATMENT_KIND : visit.serviceType;
}
