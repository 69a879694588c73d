import { dollarsToCents } from '@/lib/money';

/** Amounts a screen may send with a payment request (SPEC §7's variants). */
export interface ClientAmounts {
  confirmedAmountCents?: number;
  /** Dollars. */
  confirmedAmount?: number;
  /** Dollars. */
  quoteTotal?: number;
  /** Dollars. */
  amount?: number;
}

/**
 * True when every amount the client sent agrees with the server's price (DECISIONS §1). Cents
 * must equal the total with HST. Dollar figures may be either the total with HST (to the cent) or
 * the pre-tax whole-dollar `totalPrice` SPEC's screens keep in checkoutData; anything else is a
 * price the customer did not agree to.
 */
export function doesClientAmountMatch(client: ClientAmounts, price: { totalCents: number; subtotalCents: number }): boolean {
  if (client.confirmedAmountCents !== undefined && client.confirmedAmountCents !== price.totalCents) return false;
  for (const dollars of [client.confirmedAmount, client.quoteTotal, client.amount]) {
    if (dollars === undefined) continue;
    const cents = dollarsToCents(dollars);
    if (cents !== price.totalCents && cents !== price.subtotalCents) return false;
  }
  return true;
}

export const hasClientAmount = (client: ClientAmounts) =>
  [client.confirmedAmountCents, client.confirmedAmount, client.quoteTotal, client.amount].some((v) => v !== undefined);
