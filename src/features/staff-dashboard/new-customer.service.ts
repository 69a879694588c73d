import 'server-only';
import { getDb } from '@/db/client';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { findCustomerContact, findCustomerIdByEmail, findCustomersByPhoneKey, insertCustomerIfNew } from '@/features/booking/customer.repository';
import { locate } from '@/features/booking/booking.service';
import { carryAddressUnsubscribe, findSeasonYear, lockAddressForCustomerEmail, recordPhoneConsent } from '@/features/marketing-email/consent.service';
import { isErasedCustomerEmail } from '@/features/privacy/erasure-rules';
import { checkServiceArea, formatPostalCode } from '@/features/service-area/postal-code';
import type { StaffSession } from '@/features/staff-auth/session.service';
import { AppError } from '@/lib/errors';
import { formatShortDate } from '@/lib/format';
import { toPhoneKey } from '@/lib/phone';
import type { Locale } from '@/i18n/routing';
import { getLogger } from '@/server/logger';
import type { NewCustomerInput, PhoneMatches } from './new-customer.schema';

/** The customer who already has the address: the office opens their page instead (409). */
async function refuseKnownEmail(email: string): Promise<void> {
  const db = await getDb();
  const id = await findCustomerIdByEmail(db, email);
  const known = id === null ? null : await findCustomerContact(db, id);
  if (!known) return;
  const name = `${known.firstName} ${known.lastName}`.trim();
  throw new AppError(
    'conflict',
    'staffCustomers.errors.emailTakenBy',
    { fields: { email: 'staffCustomers.errors.emailTaken' }, existingCustomer: { id: known.id, name } },
    { name },
  );
}

/**
 * The office adds a first-time caller (docs/decisions/0098): checked as a booking checks its
 * address (a malformed code is a field error, an unserved one the booking's refusal), never a
 * second record for an email already known in any case, located for the route planner, recorded
 * with the staff account that added it. Consent to promotional email is recorded only when the
 * clerk says the customer agreed on the call, in the words of the booking forms' box; an address
 * on the do-not-email list (0074) is not taken off it that way (409), and the new customer starts
 * unsubscribed, as the contact edit does.
 */
export async function createOfficeCustomer(input: NewCustomerInput, options: { staff: Pick<StaffSession, 'staffUserId' | 'displayName'>; now: Date; locale: Locale }) {
  const email = input.email.toLowerCase();
  if (isErasedCustomerEmail(email)) throw new AppError('validation', 'errors.validation', { fields: { email: 'staffCustomers.errors.emailInvalid' } });
  const branch = await getBranch();
  const area = checkServiceArea(input.postalCode, branch.settings.servedPrefixes);
  if (!area.valid) throw new AppError('validation', 'errors.validation', { fields: { postalCode: 'staffCustomers.errors.postalCodeInvalid' } });
  const postalCode = formatPostalCode(area.postalCode);
  if (!area.inServiceArea) {
    throw new AppError('validation', 'booking.errors.outsideArea', { fields: { postalCode: 'booking.errors.outsideAreaShort' } }, { postalCode });
  }
  // Before the geocoder: a known email needs no coordinates.
  await refuseKnownEmail(email);
  const coordinates = await locate(input.address, input.city, postalCode);
  const seasonYear = await findSeasonYear(options.now);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    // The address's lock first, the order an unsubscribe and the contact edit take it in.
    const standing = await lockAddressForCustomerEmail(tx, email);
    if (standing && input.marketingConsent) {
      throw new AppError(
        'conflict',
        'staffCustomers.errors.addressUnsubscribed',
        { fields: { marketingConsent: 'staffCustomers.errors.addressUnsubscribedShort' } },
        { date: formatShortDate(standing, options.locale) ?? '' },
      );
    }
    const row = await insertCustomerIfNew(tx, {
      branchId: DEFAULT_BRANCH_ID,
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      phone: input.phone,
      address: input.address,
      city: input.city,
      postalCode,
      propertySize: null,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
      locale: input.locale,
      createdById: options.staff.staffUserId,
    });
    // Added by someone else between the check above and this insert: theirs stands.
    if (!row.created) return null;
    await carryAddressUnsubscribe(tx, { customerId: row.id, standing, now: options.now, seasonYear });
    if (input.marketingConsent) {
      await recordPhoneConsent(tx, { customerId: row.id, locale: input.locale, businessName: branch.displayName, staffName: options.staff.displayName, now: options.now });
    }
    return row;
  });
  if (!created) {
    await refuseKnownEmail(email);
    throw new AppError('conflict', 'staffCustomers.errors.emailTaken', { fields: { email: 'staffCustomers.errors.emailTaken' } });
  }
  getLogger().info({ customerId: created.id, staffUserId: options.staff.staffUserId }, 'customer added by the office');
  return { id: created.id };
}

/** How many customers with the same phone the dialog names; the rest are counted. */
const PHONE_MATCHES_SHOWN = 3;

/**
 * The customers already on file with the phone the clerk is typing (docs/decisions/0105), however
 * either was written (`toPhoneKey`); erased customers never. Not a refusal: families share a
 * number, so the clerk is told before saving and decides. Nothing for a number not complete yet.
 */
export async function findPhoneMatches(phone: string): Promise<PhoneMatches> {
  const key = toPhoneKey(phone);
  if (key === null) return { matches: [], total: 0 };
  const { rows, total } = await findCustomersByPhoneKey(await getDb(), key, PHONE_MATCHES_SHOWN);
  return { matches: rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), city: r.city })), total };
}
