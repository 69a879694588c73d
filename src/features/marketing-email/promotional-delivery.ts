import 'server-only';
import type { DbExecutor } from '@/db/client';
import { isSubscribed } from './consent';
import { PROMOTIONAL_EMAIL_KINDS } from './list-unsubscribe';
import { findConsentState, selectStandingEntry } from './marketing.repository';
import { normaliseEmailAddress } from './unsubscribe-token';

/**
 * Whether a promotional email the outbox is about to send must not go (docs/decisions/0074): its
 * address is on the do-not-email list and no later consent outranks it, or the customer it was
 * written for (a season opener) is no longer subscribed or was erased. An unsubscribe withdraws the
 * promotional emails waiting for its address in its own transaction; this catches the one a
 * delivery worker had already claimed, and one queued while the unsubscribe was committing. Other
 * emails (bookings, receipts, replies, the quote a person asked for) always go: false for them.
 */
export async function isPromotionalEmailRefused(
  db: DbExecutor,
  email: { kind: string; toAddress: string; relatedType: string | null; relatedId: number | null },
): Promise<boolean> {
  if (!PROMOTIONAL_EMAIL_KINDS.includes(email.kind)) return false;
  if (await selectStandingEntry(db, normaliseEmailAddress(email.toAddress))) return true;
  if (email.relatedType === 'customer' && email.relatedId) {
    const customer = await findConsentState(db, email.relatedId);
    return !customer || customer.erasedAt !== null || !isSubscribed(customer);
  }
  return false;
}
