import 'server-only';
import { buildOneClickUnsubscribeUrl } from './unsubscribe-token';

/** Outbox kinds that are promotional (CASL "commercial electronic messages" sent on consent). */
export const PROMOTIONAL_EMAIL_KINDS: readonly string[] = ['season-opener'];

/**
 * The headers a promotional email carries when it is sent (RFC 2369 List-Unsubscribe and RFC 8058
 * one-click): mail clients then show their own "Unsubscribe" button, which POSTs to our address.
 * Worked out at delivery from the outbox row (its kind and the customer it is related to), so the
 * outbox needs no column for them; null for every other email.
 */
export function buildPromotionalHeaders(
  email: { kind: string; relatedType: string | null; relatedId: number | null },
  siteUrl?: string,
): Record<string, string> | null {
  if (!PROMOTIONAL_EMAIL_KINDS.includes(email.kind) || email.relatedType !== 'customer' || !email.relatedId) return null;
  return {
    'List-Unsubscribe': `<${buildOneClickUnsubscribeUrl(email.relatedId, siteUrl)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
