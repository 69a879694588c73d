/**
 * The built-in test gateway's card rules, modelled on Stripe's test mode so people who know
 * Stripe's test cards get the behaviour they expect. Pure: the clock is an argument.
 */

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002500003155',
  /**
   * Ours, not Stripe's (Stripe's cards settle at once): the payment stays `processing`, like a bank
   * debit, and settles a few seconds later, as paid or as declined (TEST_PROCESSING_SETTLE_MS).
   */
  processingThenSucceeds: '4000000000007775',
  processingThenDeclined: '4000000000008773',
  /** Stripe's: the payment succeeds, a refund of it fails (expired or cancelled card). */
  refundFails: '4000000000005126',
} as const;

/** How long a processing test payment takes to settle: long enough to see the processing screen. */
export const TEST_PROCESSING_SETTLE_MS = 5_000;

export type TestCardInput = { number: string; expiry: string; cvc: string };

export type TestCardField = 'number' | 'expiry' | 'cvc';

/** What confirming with a card does. Messages are keys in the `payments` namespace. */
export type TestCardOutcome =
  | { kind: 'succeeded' }
  | { kind: 'requires_action' }
  | { kind: 'processing'; settlesAs: 'succeeded' | 'declined' }
  | { kind: 'declined'; messageKey: 'payments.card.declined' }
  | { kind: 'invalid'; field: TestCardField; messageKey: string };

/** Luhn checksum: catches a mistyped digit before any "bank" is asked. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Accepts "MM/YY", "MM / YY", "MM/YYYY", and the digits alone ("1229", "122029") as someone typing
 * from the keyboard enters them, the way card fields add the slash themselves; returns the month
 * and four-digit year, or null.
 */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value) ?? /^\s*(\d{2})(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: match[2]!.length === 2 ? 2000 + rawYear : rawYear };
}

/**
 * Decides what a test card does. Checks run in the order a card form shows errors: number,
 * expiry, CVC; then the card's scripted behaviour.
 */
export function evaluateTestCard(card: TestCardInput, now: Date): TestCardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!isLuhnValid(digits)) return { kind: 'invalid', field: 'number', messageKey: 'payments.card.invalidNumber' };
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return { kind: 'invalid', field: 'expiry', messageKey: 'payments.card.invalidExpiry' };
  // A card is valid through the last day of its expiry month.
  const currentMonthIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (expiry.year * 12 + (expiry.month - 1) < currentMonthIndex) {
    return { kind: 'invalid', field: 'expiry', messageKey: 'payments.card.expired' };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { kind: 'invalid', field: 'cvc', messageKey: 'payments.card.invalidCvc' };
  switch (digits) {
    case TEST_CARDS.success:
    case TEST_CARDS.refundFails:
      return { kind: 'succeeded' };
    case TEST_CARDS.declined:
      return { kind: 'declined', messageKey: 'payments.card.declined' };
    case TEST_CARDS.requiresAction:
      return { kind: 'requires_action' };
    case TEST_CARDS.processingThenSucceeds:
      return { kind: 'processing', settlesAs: 'succeeded' };
    case TEST_CARDS.processingThenDeclined:
      return { kind: 'processing', settlesAs: 'declined' };
    default:
      return { kind: 'invalid', field: 'number', messageKey: 'payments.card.unknownTestCard' };
  }
}
