/**
 * Whether a booking may claim the "free re-treatment" guarantee now (docs/decisions/0047), pure:
 * the clock and the branch's time zone are arguments, so the customer's page, the request's
 * check under lock and the tests share one rule.
 *
 * The terms (legal.json, "Our guarantee"): if mosquitoes come back between scheduled visits, we
 * re-treat free; seasonal plans include free re-treatments for the whole season; after heavy rain,
 * seasonal customers can ask within 24 hours; a one-time treatment gets one free return, asked for
 * within 7 days (the terms and the visit report both say so).
 *
 * - Only after a treatment was carried out: a paid visit `completed` that is not a consultation.
 *   Before that (or for a consultation) there is nothing to offer and nothing to say.
 * - A cancelled booking has no guarantee left.
 * - One request at a time: while one is open the page says it is with the office; while a
 *   re-treatment is booked and not yet done, the page shows that visit instead. A request declined
 *   by the office or withdrawn by the customer (0051) is no longer open and uses nothing.
 * - One-time treatment (and its standing-water visit): one free return, asked for within
 *   `ONE_TIME_CLAIM_DAYS` after the Friday of the last paid visit carried out. A re-treatment done
 *   does not start a new window.
 * - Seasonal and tick-seasonal plans: any number, from the first visit carried out until
 *   `PROTECTION_DAYS` after the plan's last Friday (the last treatment protects that long);
 *   "after heavy rain" is a reason only they have.
 *   Whether it did rain, and within 24 hours, is the office's judgement when it answers.
 */
import { addCalendarDays, findToday, type IsoDate } from '@/features/scheduling/available-dates';
import { isFreeRetreatment, keepPaidVisits } from '@/features/scheduling/visit-kinds';

/** How long a barrier treatment protects, so how long after a seasonal plan's last visit its guarantee can be claimed. */
export const PROTECTION_DAYS = 21;
/** The terms' "contact us within 7 days" for a one-time treatment (legal.json, visitReport.json). */
export const ONE_TIME_CLAIM_DAYS = 7;

/** The same list as `RETREATMENT_REASONS` in db/schema/retreatments.ts (the tests hold them equal). */
export const RETREATMENT_REASONS = ['pests-back', 'heavy-rain'] as const;
export type RetreatmentReason = (typeof RETREATMENT_REASONS)[number];

export type GuaranteedPlan = 'onetime' | 'seasonal' | 'tick-seasonal';
const PLANS: readonly string[] = ['onetime', 'seasonal', 'tick-seasonal'] satisfies GuaranteedPlan[];
const SEASONAL_PLANS: readonly string[] = ['seasonal', 'tick-seasonal'] satisfies GuaranteedPlan[];
const NO_TREATMENT = 'consult';

export type EligibilityVisit = { serviceType: string; kind?: string | null; status: string; date: IsoDate; visitNumber?: number; id?: number };
export type EligibilityRequest = { id: number; status: string; createdAt: Date };

export type NotEligibleWhy =
  /** The booking was cancelled. */
  | 'cancelled'
  /** The window closed on `until`. */
  | 'window-over'
  /** A one-time treatment's one free return was given (or is booked and done). */
  | 'used'
  /** A free re-treatment is booked and still to come. */
  | 'booked';

export type RetreatmentEligibility =
  | { kind: 'eligible'; plan: GuaranteedPlan; reasons: RetreatmentReason[]; until: IsoDate }
  /** A request is with the office, made at `requestedAt`; the customer may withdraw it (0051). */
  | { kind: 'requested'; requestId: number; requestedAt: Date }
  | { kind: 'not-eligible'; why: NotEligibleWhy; until: IsoDate | null }
  /** Nothing to offer and nothing worth saying (no treatment carried out yet, a consultation). */
  | { kind: 'none' };

const byPlanOrder = (a: EligibilityVisit, b: EligibilityVisit) => (a.visitNumber ?? 0) - (b.visitNumber ?? 0) || (a.id ?? 0) - (b.id ?? 0);
const latest = (dates: IsoDate[]) => dates.reduce((max, d) => (d > max ? d : max));

/** The plan a booking's guarantee follows: its first paid visit's, when it is a treatment plan. */
export function findGuaranteedPlan(visits: readonly EligibilityVisit[]): GuaranteedPlan | null {
  const plan = keepPaidVisits(visits).filter((v) => PLANS.includes(v.serviceType)).sort(byPlanOrder)[0];
  return plan ? (plan.serviceType as GuaranteedPlan) : null;
}

/** The reasons a plan may give: heavy rain only for a seasonal plan. */
export function listRetreatmentReasons(plan: GuaranteedPlan): RetreatmentReason[] {
  return SEASONAL_PLANS.includes(plan) ? ['pests-back', 'heavy-rain'] : ['pests-back'];
}

export function decideRetreatment(input: {
  /** Every visit row of the booking, free re-treatments included. */
  visits: readonly EligibilityVisit[];
  /** The booking's re-treatment requests, any status. */
  requests: readonly EligibilityRequest[];
  now: Date;
  timezone: string;
}): RetreatmentEligibility {
  const paid = keepPaidVisits(input.visits);
  const plan = findGuaranteedPlan(input.visits);
  const done = paid.filter((v) => v.status === 'completed' && v.serviceType !== NO_TREATMENT);
  if (!plan || done.length === 0) return { kind: 'none' };
  // The cancellation calls off every visit not carried out (0017): any paid visit cancelled means the booking was.
  if (paid.some((v) => v.status === 'cancelled')) return { kind: 'not-eligible', why: 'cancelled', until: null };

  const open = input.requests.find((r) => r.status === 'open');
  if (open) return { kind: 'requested', requestId: open.id, requestedAt: open.createdAt };

  const retreatments = input.visits.filter((v) => isFreeRetreatment(v) && v.status !== 'cancelled');
  if (retreatments.some((v) => v.status !== 'completed')) return { kind: 'not-eligible', why: 'booked', until: null };

  const seasonal = SEASONAL_PLANS.includes(plan);
  const lastFriday = seasonal
    ? latest(paid.filter((v) => v.serviceType === plan).map((v) => v.date))
    : latest(done.map((v) => v.date));
  const until = addCalendarDays(lastFriday, seasonal ? PROTECTION_DAYS : ONE_TIME_CLAIM_DAYS);
  if (!seasonal && retreatments.length > 0) return { kind: 'not-eligible', why: 'used', until };
  if (findToday(input.now, input.timezone) > until) return { kind: 'not-eligible', why: 'window-over', until };
  return { kind: 'eligible', plan, reasons: listRetreatmentReasons(plan), until };
}
