import 'server-only';
import { localePath } from '@/components/site/locale-paths';
import { getEnv } from '@/env';
import { createManageToken } from '@/features/manage-booking/manage-link';

/**
 * A receipt's page for the customer: under the booking's private "Manage your booking" link
 * (docs/decisions/0032), so whoever holds the link, and only they, opens the booking's receipts.
 */
export function receiptPagePath(locale: string, bookingRef: string, paymentId: number): string {
  return localePath(locale, `/manage-booking/${createManageToken(bookingRef)}/receipt/${paymentId}`);
}

/** The same page as the emails link it (the configured site address). */
export function buildReceiptPageUrl(locale: string, bookingRef: string, paymentId: number, siteUrl: string = getEnv().PUBLIC_SITE_URL): string {
  return new URL(receiptPagePath(locale, bookingRef, paymentId), siteUrl).toString();
}
