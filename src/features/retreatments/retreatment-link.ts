import 'server-only';
import { buildManageBookingUrl, type ManageLink } from '@/features/manage-booking/manage-link';

/**
 * The id of the "Free re-treatment" section of the customer's Manage your booking page, where the
 * request is made (0047). A link with it as its fragment opens the page there (the site's hash
 * scrolling, SPEC §2).
 */
export const RETREATMENT_SECTION_ID = 'free-retreatment';

/**
 * The customer's own re-treatment request: their booking's private link (0032, the booking's
 * current generation, 0050) opened at the re-treatment section (docs/decisions/0065). The token
 * is the booking's; nothing in the fragment reaches the server.
 */
export function buildRetreatmentRequestUrl(locale: string, link: ManageLink, siteUrl?: string): string {
  return `${buildManageBookingUrl(locale, link, siteUrl)}#${RETREATMENT_SECTION_ID}`;
}
