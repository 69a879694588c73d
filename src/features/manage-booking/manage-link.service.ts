import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { lockCustomerForBusiness } from '@/features/booking/customer.repository';
import { enqueueEmail, lockWaitingEmailsTo, rewriteEmails } from '@/features/email/outbox.service';
import { toLocale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { carryCurrentLink, type ManageLink, readManageToken } from './manage-link';
import { lockBookingVisits, raiseManageLinkGeneration, selectLinkRecipient, selectManageLinkGeneration, selectReplacedManageLinks } from './manage-booking.repository';
import { renderReplacedLinkEmail } from './replaced-link-email';

/**
 * Whose booking a "Manage your booking" token opens (docs/decisions/0032, 0050): its reference and
 * generation when the token is ours and carries the booking's current link generation; null otherwise (a
 * malformed or forged token, a booking that is gone, a link the office has replaced). Every
 * reader of a token goes through here, so a replaced link opens nothing anywhere.
 */
export async function openManageToken(db: DbExecutor, token: string): Promise<ManageLink | null> {
  const link = readManageToken(token);
  if (!link) return null;
  const current = await selectManageLinkGeneration(db, link.bookingRef);
  return current === link.generation ? link : null;
}

/**
 * The office replaces a booking's link (0050): every visit of the booking takes the next link
 * generation in one statement, with when and which admin, so every link printed before opens
 * nothing; the customer's emails still waiting in the outbox are rewritten to carry the new link
 * (0056), and the customer's email with the new link is queued, all in the same transaction, in the
 * booking's language. Each call replaces the link again.
 *
 * @throws AppError 404 unknown booking, 409 the customer's personal data was erased (0049)
 */
export async function replaceManageLink(bookingRef: string, staff: { staffUserId: number; username: string }, now = new Date()) {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const owner = await selectLinkRecipient(tx, bookingRef);
    if (!owner) throw new AppError('not_found', 'manageBooking.replace.errors.notFound');
    // The customer's row first, as an erasure takes it (0055): an erasure under way finishes before
    // this reads the address, so the email never carries erased details.
    if (!(await lockCustomerForBusiness(tx, owner.customerId, 'key share'))) {
      throw new AppError('conflict', 'manageBooking.replace.errors.erased', { reason: 'erased' });
    }
    const recipient = (await lockBookingVisits(tx, bookingRef)) > 0 ? await selectLinkRecipient(tx, bookingRef) : null;
    if (!recipient) throw new AppError('not_found', 'manageBooking.replace.errors.notFound');
    if (recipient.erasedAt) throw new AppError('conflict', 'manageBooking.replace.errors.erased', { reason: 'erased' });
    // The booking's visits are locked: the statement sees them all and cannot miss.
    const generation = (await raiseManageLinkGeneration(tx, bookingRef, { at: now, byId: staff.staffUserId }))!;
    const rewritten = await carryLinkIntoWaitingEmails(tx, recipient.customerEmail, { bookingRef, generation }, now);
    const locale = toLocale(recipient.locale);
    const email = renderReplacedLinkEmail({
      locale, branch: await getBranch(recipient.branchId, tx), customerFirstName: recipient.customerFirstName, link: { bookingRef, generation },
    });
    const { id: emailId } = await enqueueEmail(tx, {
      kind: 'manage-link-replaced', to: recipient.customerEmail, locale, ...email, relatedType: 'customer', relatedId: recipient.customerId,
    });
    return { bookingRef, replacedAt: now.toISOString(), emailId, to: recipient.customerEmail, rewritten };
  });
  const { rewritten, ...answer } = result;
  getLogger().info({ bookingRef, by: staff.username, emailId: answer.emailId, rewritten }, 'staff replaced a booking\'s manage-booking link');
  return answer;
}

/**
 * The customer's emails still waiting in the outbox (not sent yet, or failed and waiting for staff)
 * that print an earlier link of the booking are rewritten in place with `link` (0056): otherwise they
 * would go out after the replacement with a link that opens nothing. Only the emails to the
 * customer's address now: one to an address the office has corrected since keeps its dead link, so
 * the new link goes nowhere the replacement email does not. Sent and in-flight emails are left
 * alone. Returns how many were rewritten.
 */
async function carryLinkIntoWaitingEmails(tx: DbExecutor, address: string, link: ManageLink, now: Date): Promise<number> {
  let rewritten = 0;
  for (const email of await lockWaitingEmailsTo(tx, address)) {
    const content = { subject: carryCurrentLink(email.subject, link), html: carryCurrentLink(email.html, link), text: carryCurrentLink(email.text, link) };
    if (content.subject === email.subject && content.html === email.html && content.text === email.text) continue;
    rewritten += (await rewriteEmails(tx, [email.id], { locale: email.locale, ...content }, now)).length;
  }
  return rewritten;
}

export type ReplacedManageLink = { replacedAt: string; byName: string | null };

/** For the staff customer page: each booking of the customer whose link was replaced, the last time and by whom. */
export async function listReplacedManageLinks(customerId: number): Promise<Record<string, ReplacedManageLink>> {
  const rows = await selectReplacedManageLinks(await getDb(), customerId);
  return Object.fromEntries(rows.map((r) => [r.bookingRef, { replacedAt: r.replacedAt!.toISOString(), byName: r.byName }]));
}
