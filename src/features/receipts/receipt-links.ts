import 'server-only';
import { localePath } from '@/components/site/locale-paths';
import { getEnv } from '@/env';
import { createManageToken, type ManageLink } from '@/features/manage-booking/manage-link';

/**
 * A receipt's page for the customer: under the booking's private "Manage your booking" link
 * (docs/decisions/0032) of the booking's current link generation (0050), so whoever holds the
 * link, and only they, opens the booking's receipts, until the office replaces it.
 */
export function receiptPagePath(locale: string, link: ManageLink, paymentId: number): string {
  return localePath(locale, `/manage-booking/${createManageToken(link)}/receipt/${paymentId}`);
}

/** The same page as the emails link it (the configured site address). */
export function buildReceiptPageUrl(locale: string, link: ManageLink, paymentId: number, siteUrl: string = getEnv().PUBLIC_SITE_URL): string {
  return new URL(receiptPagePath(locale, link, paymentId), siteUrl).toString();
}
