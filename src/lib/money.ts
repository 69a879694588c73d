/**
 * Integer-cents money helpers. Framework-free; used by the pricing engine on the server and by the
 * browser preview, so every rounding rule lives here exactly once.
 *
 * Rates (tax rates, multipliers, percentages) are turned into integer parts-per-million and all
 * products are computed with BigInt, so `applyRateHalfUp(9900, 0.13)` is exactly 1287 and no
 * binary-float error (0.13 * 100 = 13.000000000000002) can flip a half-cent.
 */

/** Fixed-point scale for rates: 6 decimal places is enough for any tax rate (e.g. QC 0.14975). */
const RATE_SCALE = 1_000_000n;

/** A whole number of cents. Plain `number` at runtime; the alias documents intent. */
export type Cents = number;

function requireSafeCents(cents: number, name = 'cents'): bigint {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`${name} must be a safe integer number of cents, got ${cents}`);
  }
  return BigInt(cents);
}

/** Rate → integer parts per million. Rounds away float noise: 0.13 * 1e6 = 130000.00000000001. */
function toRatePpm(rate: number): bigint {
  if (!Number.isFinite(rate)) throw new RangeError(`rate must be finite, got ${rate}`);
  return BigInt(Math.round(rate * 1_000_000));
}

/**
 * Integer division rounded half-up (half away from zero, so refunds mirror charges).
 * `denominator` must be positive.
 */
function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/**
 * Converts a dollar amount to integer cents, rounding to the nearest cent
 * (`412.45` → `41245`, even though `412.45 * 100` is `41244.999…` in binary floating point).
 */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`dollars must be finite, got ${dollars}`);
  // Decimal-string round trip avoids 1.005 * 100 = 100.49999999999999.
  const magnitude = Math.abs(dollars);
  const shifted = Number(`${magnitude}e2`); // NaN when magnitude already prints in e-notation
  const cents = Math.round(Number.isNaN(shifted) ? magnitude * 100 : shifted);
  return dollars < 0 ? -cents : cents;
}

/** Converts integer cents to a dollar number for display or legacy `totalPrice` fields. */
export function centsToDollars(cents: Cents): number {
  requireSafeCents(cents);
  return cents / 100;
}

/**
 * `cents × rate`, rounded half-up to the cent. This is the HST rule: 13% of 9900 is 1287,
 * 13% of 36500 is 4745, 13% of 50 (6.5) is 7.
 *
 * @param cents - an integer amount in cents
 * @param rate - a decimal rate such as `0.13`; precision beyond 6 decimal places is ignored
 */
export function applyRateHalfUp(cents: Cents, rate: number): Cents {
  const product = requireSafeCents(cents) * toRatePpm(rate);
  return Number(divideRoundHalfUp(product, RATE_SCALE));
}

/**
 * A tax-included amount split into its pre-tax part and its tax, for money whose split was not
 * recorded (an older payment, a share of what was paid): the pre-tax part is `cents ÷ (1 + rate)`
 * rounded half-up to the cent, the tax is the rest, so the two always add up to `cents`.
 * `splitTaxIncluded(11187, 0.13)` → `{ preTaxCents: 9900, taxCents: 1287 }`. It gives back exactly
 * the split `applyRateHalfUp` made: the tax's rounding (at most half a cent) shrinks below half a
 * cent when divided by `1 + rate`.
 */
export function splitTaxIncluded(cents: Cents, rate: number): { preTaxCents: Cents; taxCents: Cents } {
  const preTaxCents = Number(divideRoundHalfUp(requireSafeCents(cents) * RATE_SCALE, RATE_SCALE + toRatePpm(rate)));
  return { preTaxCents, taxCents: cents - preTaxCents };
}

/** Rounds an amount in cents to whole dollars, half-up (`40150` → `40200`, `40149` → `40100`). */
export function roundToWholeDollars(cents: Cents): Cents {
  return Number(divideRoundHalfUp(requireSafeCents(cents), 100n) * 100n);
}

/**
 * `cents × factor`, rounded half-up to whole dollars and returned in cents. Used for the
 * premium-area multiplier (`36500 × 1.1` → `40200`) and whole-dollar percentage discounts,
 * in one exact step so there is no double rounding.
 */
export function scaleToWholeDollars(cents: Cents, factor: number): Cents {
  const product = requireSafeCents(cents) * toRatePpm(factor);
  return Number(divideRoundHalfUp(product, RATE_SCALE * 100n) * 100n);
}

/**
 * Formats cents as a localised CAD amount to the cent, e.g. `formatMoney(11187, 'en')` →
 * `"$111.87"`, `formatMoney(11187, 'fr')` → `"111,87 $"`. Uses the narrow "$" symbol in every
 * locale: every price on the site is CAD, and "CA$" in es/de would look foreign to a Hamilton
 * customer.
 *
 * @param locale - a BCP 47 tag (`en`, `fr`, `es`, `de`, or region variants)
 * @param currency - ISO 4217 code; CAD unless a branch says otherwise
 */
export function formatMoney(cents: Cents, locale: string, currency = 'CAD'): string {
  requireSafeCents(cents);
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(cents / 100);
  // Intl writes most locales' minus as a hyphen ('-$60.00'); every negative amount on the site
  // (discounts, bundle savings, refunds) shows the one true minus sign instead, where Intl puts it.
  return parts.map((part) => (part.type === 'minusSign' ? MINUS_SIGN : part.value)).join('');
}

/** U+2212, the minus sign every negative amount is shown with (never a hyphen). */
export const MINUS_SIGN = '\u2212';

/**
 * An amount taken off a price, shown negative: `formatDeduction(7900, 'en-CA')` → `"−$79.00"`.
 * Pass the deduction as a positive number of cents (a discount's `discountCents`).
 */
export function formatDeduction(cents: Cents, locale: string, currency = 'CAD'): string {
  return formatMoney(-Math.abs(cents), locale, currency);
}

/**
 * SPEC §9's quote-page formatter: rounds down to whole dollars and prefixes a dollar sign
 * (`41285` → `"$412"`). Negative amounts keep their sign in front, as the minus sign (`-7900` → `"−$79"`).
 * Display only: it deliberately drops cents, so never use it for amounts being charged.
 */
export function formatWholeDollars(cents: Cents): string {
  requireSafeCents(cents);
  const dollars = Math.floor(Math.abs(cents) / 100);
  return `${cents < 0 && dollars > 0 ? MINUS_SIGN : ''}$${dollars}`;
}
