/**
 * Express consent to promotional email (CASL, docs/decisions/0043), pure: what a customer's three
 * columns say, and who may receive a promotional email. Service email never reads any of this.
 *
 * A customer is subscribed when they gave consent and did not withdraw it since: an unsubscribe
 * older than a later consent (they ticked the box again on a new booking) no longer counts. The
 * database asks the same question in `marketing.repository.ts` (`isSubscribedSql`).
 */

/** The customer columns this feature reads, as the repository returns them. */
export type ConsentState = {
  consentAt: Date | null;
  consentText: string | null;
  unsubscribedAt: Date | null;
};

/**
 * What an unsubscribe link reads of its customer: the consent columns, and when the customer's
 * personal data was erased (docs/decisions/0049), null while it was not.
 */
export type UnsubscribeSubject = ConsentState & { erasedAt: Date | null };

export type ConsentStatus =
  | { status: 'given'; since: Date; text: string | null }
  | { status: 'unsubscribed'; since: Date }
  | { status: 'none' };

/** Whether promotional email may go to this customer now. */
export function isSubscribed(state: Pick<ConsentState, 'consentAt' | 'unsubscribedAt'>): boolean {
  if (!state.consentAt) return false;
  return !state.unsubscribedAt || state.unsubscribedAt.getTime() < state.consentAt.getTime();
}

/**
 * Since when an unsubscribe recorded at `unsubscribedAt` still stands against consent given at
 * `consentAt`: its date, unless consent was given again after it (the rule above); null when there
 * is none or it no longer counts. An email address's unsubscribe (a quote email's link, 0066) is
 * weighed so against the consent of the customers with that address.
 */
export function findStandingUnsubscribe(unsubscribedAt: Date | null, consentAt: Date | null): Date | null {
  if (!unsubscribedAt) return null;
  return isSubscribed({ consentAt, unsubscribedAt }) ? null : unsubscribedAt;
}

/**
 * An address's entry on the do-not-email list (docs/decisions/0066, 0074): when it unsubscribed, and
 * when the office recorded that the person gave consent again (null when it never did).
 */
export type AddressEntry = { unsubscribedAt: Date; consentAt: Date | null };

/**
 * Since when an address's entry stands: its date, unless express consent came after it, either
 * given again to the office (recorded on the entry) or the booking box of a customer with the
 * address who is subscribed now. A customer who unsubscribed since (or was marked so when the
 * office gave them the address, 0074) no longer vouches for it: their consent was not given for
 * this address, or was withdrawn. Null when there is no entry or it no longer stands. The database
 * asks the same question in `marketing.repository.ts` (`addressEntryStandsSql`).
 */
export function findStandingAddressUnsubscribe(entry: AddressEntry | null, owners: readonly Pick<ConsentState, 'consentAt' | 'unsubscribedAt'>[]): Date | null {
  if (!entry) return null;
  return findStandingUnsubscribe(entry.unsubscribedAt, findLatest([entry.consentAt, ...owners.filter(isSubscribed).map((o) => o.consentAt)]));
}

/** The latest of some dates (a customer's consents, say); null when there is none. */
export function findLatest(dates: readonly (Date | null)[]): Date | null {
  return dates.reduce<Date | null>((latest, date) => (date && (!latest || date.getTime() > latest.getTime()) ? date : latest), null);
}

/** What the staff customer page says: agreed on a date, unsubscribed on a date, or nothing. */
export function readConsentStatus(state: ConsentState): ConsentStatus {
  if (isSubscribed(state)) return { status: 'given', since: state.consentAt!, text: state.consentText };
  if (state.unsubscribedAt) return { status: 'unsubscribed', since: state.unsubscribedAt };
  return { status: 'none' };
}

/**
 * Since when the customer of an unsubscribe link is unsubscribed, as the link's page and answer tell
 * it; null while they are not (the page offers its button). An erasure withdrew the consent with
 * the rest of the person's data and the row is never written again, so an erased customer is told
 * they are unsubscribed since that day: what any unsubscribed customer is told, and nothing of the
 * erasure (docs/decisions/0056).
 */
export function findUnsubscribedSince(subject: UnsubscribeSubject): Date | null {
  if (subject.erasedAt) return subject.erasedAt;
  const status = readConsentStatus(subject);
  return status.status === 'unsubscribed' ? status.since : null;
}

/**
 * What a booking does to the columns. Ticked: consent is recorded (time and the exact words) unless
 * the customer is already subscribed, whose first consent stays the proof. Not ticked: nothing, so a
 * later booking without the box never removes an earlier consent. Null means "leave the row alone".
 */
export function planConsentChange(
  state: Pick<ConsentState, 'consentAt' | 'unsubscribedAt'>,
  booking: { ticked: boolean; now: Date; text: string },
): { consentAt: Date; consentText: string } | null {
  if (!booking.ticked || isSubscribed(state)) return null;
  return { consentAt: booking.now, consentText: booking.text };
}
