import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getEnv } from '@/env';
import { getBranch, DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { type BookingReceivedEmailInput, renderBookingReceivedEmail } from '@/features/email/booking-received-email';
import { enqueueEmail } from '@/features/email/outbox.service';
import { recordMarketingConsent } from '@/features/marketing-email/consent.service';
import { isErasedCustomerEmail } from '@/features/privacy/erasure-rules';
import { EXTRA_CODES, type ExtraCode } from '@/features/pricing/price-table';
import { priceBooking } from '@/features/pricing/pricing.service';
import { geocodeAddress } from '@/features/routing/geocoding/geocode';
import { checkBookableDate, scheduleRulesOf } from '@/features/scheduling/available-dates';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { reserveFridayStops } from '@/features/scheduling/capacity.service';
import { isClosedDayRefusal } from '@/features/scheduling/day-closure';
import { REQUEST_ONLY_SERVICE_TYPE } from '@/features/scheduling/stop-statuses';
import { findFsaCentroid } from '@/features/service-area/fsa-centroids';
import { checkServiceArea, formatPostalCode } from '@/features/service-area/postal-code';
import { buildPricingAddress } from '@/features/service-area/pricing-address';
import { getTranslator } from '@/i18n/messages';
import { isLocale, type Locale } from '@/i18n/routing';
import { AppError, isAppError } from '@/lib/errors';
import { formatLongDate } from '@/lib/format';
import { centsToDollars, formatMoney } from '@/lib/money';
import { getLogger } from '@/server/logger';
import { consumeRateLimit, refundRateLimit } from '@/server/rate-limit';
import { type BookingMatch, type NewAppointment, findExistingQuoteId, findHeldBookingRef, findPaidBooking, insertAppointments, listBookingRows, markExpiredHolds } from './appointment.repository';
import { newBookingRef } from './booking-ref';
import type { BookingInput, CustomerRequest } from './booking.schema';
import type { CreatedBooking } from './booking.types';
import { findCustomerContact, findCustomerIdByEmail, insertCustomerIfNew, lockCustomerForBusiness, type NewCustomer } from './customer.repository';

/** DECISIONS §2 plan ids. */
const PLAN_IDS: Record<string, number | null> = { onetime: 1, seasonal: 2, 'tick-seasonal': 3, consult: null };

/** Per email: a real customer books a handful of times, not dozens (the route also limits per IP). */
export const BOOKING_EMAIL_LIMIT = { points: 5, durationSec: 60 * 60 };
const BOOKING_EMAIL_LIMIT_NAME = 'booking-email';

export type BookingSource = 'api' | 'booking-section' | 'book-page' | 'quote' | 'checkout-new' | 'order' | 'staff';

export type CreateBookingOptions = {
  now: Date; locale: Locale; source: BookingSource; branchId?: number;
  /**
   * When the unpaid hold ends, given the first Friday; without it, `branches.hold_minutes` from now.
   * A booking the office makes for a customer who pays from the email later (0091) holds longer.
   */
  holdUntil?: (firstDate: string) => Date;
  /**
   * Whether the booking counts against the public per-email limit (`BOOKING_EMAIL_LIMIT`; default
   * true). The office booking for a customer on the phone is a signed-in staff action (0097): it
   * neither spends the customer's visitor budget nor is refused by it.
   */
  visitorLimit?: boolean;
};

/**
 * POST /api/customers: a known email returns the existing id and changes nothing (DECISIONS §5);
 * a new one is created with the given details.
 */
export async function findOrCreateCustomer(input: CustomerRequest, options: { locale: Locale; branchId?: number }): Promise<{ id: number }> {
  const db = await getDb();
  const email = input.email.toLowerCase();
  refuseErasedPlaceholder(email);
  // A known email is answered before any geocoding: its coordinates would never be stored.
  const known = await findCustomerIdByEmail(db, email);
  if (known !== null) return { id: known };
  const postalCode = input.postalCode ? normalisePostal(input.postalCode) : null;
  // Coordinates for the route planner, as for a customer created by a booking.
  const coordinates = input.address || postalCode ? await locate(input.address ?? '', input.city ?? '', postalCode ?? '') : null;
  const { id } = await insertCustomerIfNew(db, {
    branchId: options.branchId ?? DEFAULT_BRANCH_ID,
    firstName: input.firstName,
    lastName: input.lastName,
    email,
    phone: input.phone,
    address: input.address ?? null,
    city: input.city ?? null,
    postalCode,
    propertySize: toAcres(input.propertySize),
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    locale: isLocale(input.locale) ? input.locale : options.locale,
  });
  return { id };
}

/** An erased customer's placeholder address (0049) is nobody's: refused as the invalid email it is. */
function refuseErasedPlaceholder(email: string): void {
  if (isErasedCustomerEmail(email)) throw new AppError('validation', 'errors.validation', { fields: { email: 'booking.validation.invalidEmail' } });
}

function toAcres(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) && n > 0 && n < 100_000 ? n : null;
}

function normalisePostal(value: string): string {
  const check = checkServiceArea(value, []);
  return check.valid ? formatPostalCode(check.postalCode) : value.trim().toUpperCase();
}

/**
 * Visit rows of one booking (see docs/decisions/0011-booking-visits-and-holds.md):
 * - the plan's visits (`visitDates`: 1, 5 or 3 Fridays 21 days apart);
 * - on a one-time booking with the targeted-insect (standing-water) add-on, one `standingwater`
 *   add-on visit on the same Friday, as SPEC's booking page does. It is part of the same booking
 *   and payment: the price snapshot on it is the booking's, never a second charge.
 */
export function planVisits(input: Pick<BookingInput, 'serviceType' | 'includeTargetedInsects'>, visitDates: string[]) {
  const visits: { date: string; serviceType: string; visitNumber: number; addOn: boolean }[] = visitDates.map((date, index) => ({
    date,
    serviceType: input.serviceType,
    visitNumber: index + 1,
    addOn: false,
  }));
  if (input.serviceType === 'onetime' && input.includeTargetedInsects) {
    visits.push({ date: visitDates[0]!, serviceType: 'standingwater', visitNumber: visits.length + 1, addOn: true });
  }
  return visits;
}

/**
 * Creates a booking from any of SPEC's entry points, in one transaction: finds or creates the
 * customer, re-prices on the server, re-checks the date, reserves every visit's Friday stop, writes
 * the visits with an unpaid hold and queues the booking-received email. A full day, a changed price
 * or any failure leaves nothing behind.
 *
 * Idempotent for the same order: when this customer already has an unpaid booking that still
 * holds its Fridays and is exactly this order (a double click, a retried request), that booking is
 * returned (`replayed: true`) and nothing new is reserved, written or emailed.
 * A replay does not count against the per-email limit, and is answered even when that budget is spent.
 *
 * An order this customer has already paid for (same plan, first Friday and property, whatever the
 * options) is refused with 409 `conflict`, `reason: 'already_paid'` and the paid booking's first
 * appointment id, so the page can offer that payment's confirmation; it costs no budget either.
 *
 * @throws AppError 'validation' (bad date, address outside the area, custom-size lot, unknown
 *   customer), 'price_changed' (with `currentTotalCents`, `currentPrice`), 'day_full' (with
 *   `fullDates`; for a closed Friday `reason: 'closed'` and the next open Friday, `nextDate`, 0072),
 *   'conflict' (already paid), 'rate_limited'
 */
export async function createBooking(input: BookingInput, options: CreateBookingOptions): Promise<CreatedBooking & { replayed: boolean }> {
  const { now } = options;
  const branchId = options.branchId ?? DEFAULT_BRANCH_ID;
  const branch = await getBranch(branchId);
  const db = await getDb();
  const locale: Locale = isLocale(input.locale) ? input.locale : options.locale;

  // Who is booking: the contact details (resolved by email), or a customer id from an earlier
  // POST /api/customers together with that customer's email. An id alone is never enough: ids are
  // guessable, and booking against someone else's record would email them and use their details.
  let contact = input.contact;
  let existingCustomerId: number | null = null;
  let fallbackAddress: { address: string | null; city: string | null; postalCode: string | null } = { address: null, city: null, postalCode: null };
  if (!contact && input.customerId !== null) {
    const known = await findCustomerContact(db, input.customerId);
    // The same answer for "no such id" and "not your email", so ids cannot be probed.
    if (!known || !input.email || known.email.toLowerCase() !== input.email) {
      throw new AppError('validation', 'booking.errors.customerNotFound', { fields: { customerId: 'booking.errors.customerNotFound' } });
    }
    existingCustomerId = known.id;
    contact = { firstName: known.firstName, lastName: known.lastName, email: known.email, phone: known.phone };
    fallbackAddress = { address: known.address, city: known.city, postalCode: known.postalCode };
  }
  if (!contact) {
    throw new AppError('validation', 'errors.validation', {
      fields: { email: 'booking.validation.invalidEmail', firstName: 'booking.validation.firstNameRequired' },
    });
  }
  refuseErasedPlaceholder(contact.email);
  // A replay of a booking still held (below) books nothing, so it gives its point back; and one that
  // arrives when the budget is spent is still answered. Anything else over the limit is refused
  // before the geocoder or the database is written to.
  const emailKey = contact.email.toLowerCase();
  const visitorLimit = options.visitorLimit !== false;
  const overLimit = !visitorLimit ? null : await consumeRateLimit(BOOKING_EMAIL_LIMIT_NAME, emailKey, BOOKING_EMAIL_LIMIT).then(
    () => null,
    (error: unknown) => {
      if (isAppError(error) && error.code === 'rate_limited') return error;
      throw error;
    },
  );

  const address = input.address ?? fallbackAddress.address;
  const city = input.city ?? fallbackAddress.city ?? 'Hamilton';
  const rawPostal = input.postalCode ?? fallbackAddress.postalCode;
  if (!address) throw new AppError('validation', 'errors.validation', { fields: { address: 'booking.validation.addressRequired' } });
  const area = checkServiceArea(rawPostal ?? '', branch.settings.servedPrefixes);
  if (!area.valid) throw new AppError('validation', 'errors.validation', { fields: { postalCode: 'booking.validation.invalidPostalCode' } });
  const postalCode = formatPostalCode(area.postalCode);
  if (!area.inServiceArea) {
    throw new AppError('validation', 'booking.errors.outsideArea', { fields: { postalCode: 'booking.errors.outsideAreaShort' } }, { postalCode });
  }

  // The price is the engine's, never the browser's (DECISIONS §1).
  let subtotalCents = 0;
  let taxCents = 0;
  let totalCents = 0;
  let visitsCount = 1;
  if (input.serviceType !== 'consult') {
    const extras = input.extras.filter((e): e is ExtraCode => (EXTRA_CODES as readonly string[]).includes(e));
    const { result } = await priceBooking(
      {
        serviceType: input.serviceType,
        propertySize: input.propertySize,
        includeTick: input.includeTick,
        includeTargetedInsects: input.includeTargetedInsects,
        extras,
        address: buildPricingAddress(address, city),
        discountCode: input.discountCode ?? undefined,
      },
      { now, branchId },
    );
    if (result.customQuote) {
      throw new AppError('validation', 'booking.errors.customQuote', { fields: { propertySize: 'booking.errors.customQuote' } });
    }
    ({ subtotalCents, taxCents, totalCents } = result);
    visitsCount = result.visits;
    if (input.confirmedTotalCents !== null && input.confirmedTotalCents !== totalCents) {
      throw new AppError('price_changed', 'booking.errors.priceChanged', {
        currentTotalCents: totalCents, currentPrice: centsToDollars(totalCents), currentSubtotalCents: subtotalCents, currentTaxCents: taxCents,
      }, {
        price: formatMoney(totalCents, locale),
      });
    }
  }

  // Friday, lead time and season; capacity is checked under lock by reserveFridayStops below.
  const check = checkBookableDate(input.date, {
    ...scheduleRulesOf(branch),
    capacityPerFriday: Number.MAX_SAFE_INTEGER,
    visitsFor: () => visitsCount,
    serviceType: input.serviceType,
    now,
    bookedStops: new Map(),
  });
  if (!check.ok) {
    throw new AppError('validation', `booking.errors.date.${check.reason}`, { fields: { date: `booking.errors.date.${check.reason}` }, reason: check.reason });
  }
  const visits = planVisits(input, check.visitDates);
  const sameOrder = (customerId: number, quoteId: number | null): BookingMatch => ({
    branchId, customerId, serviceType: input.serviceType, date: visits[0]!.date, time: input.time,
    propertySize: input.propertySize, includeTick: input.includeTick, includeTargetedInsects: input.includeTargetedInsects,
    extras: input.extras, discountCode: input.discountCode, quoteId, address, city, postalCode, totalCents,
  });

  // Already booked and paid (Back to the calculator after paying, a second tab, a link kept from
  // before): the customer is told so instead of being booked and charged a second time
  // (docs/decisions/0025). Read-only and before any geocoding; nothing is written.
  const knownCustomerId = existingCustomerId ?? (await findCustomerIdByEmail(db, emailKey));
  const paid = knownCustomerId === null ? null : await findPaidBooking(db, {
    branchId, customerId: knownCustomerId, serviceType: input.serviceType, date: visits[0]!.date, address, postalCode,
  });
  if (paid) {
    if (visitorLimit) await refundRateLimit(BOOKING_EMAIL_LIMIT_NAME, emailKey);
    getLogger().info({ bookingRef: paid.bookingRef, source: options.source }, 'booking request for an order already paid: refused');
    throw new AppError(
      'conflict',
      visitsCount > 1 ? 'booking.errors.alreadyPaidPlan' : 'booking.errors.alreadyPaid',
      { reason: 'already_paid', appointmentId: paid.appointmentId },
      {
        service: getTranslator(options.locale, 'booking')(`services.${input.serviceType}`),
        date: formatLongDate(visits[0]!.date, options.locale),
        email: contact.email.toLowerCase(),
        phone: branch.phone,
      },
    );
  }

  if (overLimit) {
    // Read-only: no lock is needed to find a booking that is already written and held.
    const heldRef = knownCustomerId === null ? null : await findHeldBookingRef(db, sameOrder(knownCustomerId, await findExistingQuoteId(db, input.quoteId)), now);
    if (heldRef === null) throw overLimit;
    await refundRateLimit(BOOKING_EMAIL_LIMIT_NAME, emailKey);
    return answerReplay(db, heldRef, options.source);
  }

  // Coordinates for the route planner, looked up outside the transaction (it may call a network geocoder).
  const coordinates = await locate(address, city, postalCode);

  const holdExpiresAt = input.serviceType === 'consult' ? null
    : options.holdUntil ? options.holdUntil(visits[0]!.date) : new Date(now.getTime() + branch.settings.holdMinutes * 60_000);
  const bookingRef = newBookingRef();

  const created = await db.transaction(async (tx) => {
    const customer = await attachBookingCustomer(tx, existingCustomerId, {
      branchId,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email.toLowerCase(),
      phone: contact.phone,
      address,
      city,
      postalCode,
      propertySize: input.propertySize,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
      locale,
    });

    // Ticked "Email me seasonal reminders and offers": recorded with the booking, never removed by
    // one without it (0043). A booking never depends on it.
    await recordMarketingConsent(tx, { customerId: customer.id, ticked: input.marketingConsent === true, locale, businessName: branch.displayName, now });

    const quoteId = await findExistingQuoteId(tx, input.quoteId);

    // The same order again from a known customer: the row lock (taken above) makes a concurrent twin
    // wait for this one, and then it finds the booking this one wrote instead of holding the Fridays twice.
    if (!customer.created) {
      const heldRef = await findHeldBookingRef(tx, sameOrder(customer.id, quoteId), now);
      if (heldRef) return { customerId: customer.id, replayedRef: heldRef, inserted: [] };
    }

    // Every appointment row takes one stop on its Friday (the capacity rule), add-on visits included.
    // A consultation request takes none until staff confirm it (REQUEST_ONLY_SERVICE_TYPE).
    const stopsByDate = new Map<string, number>();
    if (input.serviceType !== REQUEST_ONLY_SERVICE_TYPE) {
      for (const v of visits) stopsByDate.set(v.date, (stopsByDate.get(v.date) ?? 0) + 1);
    }
    for (const stops of new Set(stopsByDate.values())) {
      await reserveFridayStops(tx, { branchId, dates: [...stopsByDate].filter(([, s]) => s === stops).map(([d]) => d), stopsPerDate: stops, now });
    }

    const rows: NewAppointment[] = visits.map((v) => ({
      branchId,
      customerId: customer.id,
      planId: v.addOn ? null : PLAN_IDS[input.serviceType] ?? null,
      bookingRef,
      visitNumber: v.visitNumber,
      serviceType: v.serviceType,
      date: v.date,
      time: input.time,
      address,
      city,
      postalCode,
      phone: contact.phone,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
      propertySize: input.propertySize,
      includeTick: input.includeTick,
      includeTargetedInsects: input.includeTargetedInsects,
      extras: input.extras,
      discountCode: input.discountCode,
      quoteId,
      notes: input.notes,
      status: input.status,
      holdExpiresAt,
      // The booking's price snapshot sits on every visit row: a payment is for the whole booking
      // (bookingRef), whichever visit id the checkout carries. Never sum these across visits.
      subtotalCents,
      taxCents,
      totalCents,
      locale,
    }));
    const inserted = await insertAppointments(tx, rows);

    await queueBookingReceivedEmail(tx, {
      to: contact.email,
      email: {
        locale, branch, siteUrl: getEnv().PUBLIC_SITE_URL, customerFirstName: contact.firstName, bookingRef, appointmentId: inserted[0]!.id,
        serviceType: input.serviceType, dates: visits.filter((v) => !v.addOn).map((v) => v.date), time: input.time, address: { address, city, postalCode }, totalCents,
        heldUntil: options.holdUntil && holdExpiresAt ? holdExpiresAt : null,
      },
    });
    return { customerId: customer.id, replayedRef: null, inserted };
  }).catch(async (error: unknown) => {
    throw await offerNextOpenFriday(error, { date: input.date, serviceType: input.serviceType, includeTargetedInsects: input.includeTargetedInsects, branchId, now, locale: options.locale });
  });

  if (created.replayedRef !== null) {
    if (visitorLimit) await refundRateLimit(BOOKING_EMAIL_LIMIT_NAME, emailKey);
    return answerReplay(db, created.replayedRef, options.source);
  }

  getLogger().info({ bookingRef, source: options.source, visits: created.inserted.length }, 'booking created');
  return { ...describeBooking(bookingRef, created.inserted, { subtotalCents, taxCents, totalCents, holdExpiresAt }), replayed: false };
}

/**
 * A refusal for a Friday closed to bookings (a rain day, 0071, read under the day's lock) names the
 * next Friday this order can take (0072): the first the availability rule offers after the refused
 * one, else the first it offers at all, as `nextDate` and in the message. The booking form may have
 * offered the closed Friday from its own list (the server's could not be read, or was read before
 * the rain day), so the customer hears why and where to go instead. Anything else is returned as is.
 */
async function offerNextOpenFriday(
  error: unknown,
  order: { date: string; serviceType: string; includeTargetedInsects: boolean; branchId: number; now: Date; locale: Locale },
): Promise<unknown> {
  if (!isAppError(error) || error.code !== 'day_full' || !isClosedDayRefusal(error.details)) return error;
  const offered = await getAvailableDates({ serviceType: order.serviceType, includeTargetedInsects: order.includeTargetedInsects, now: order.now, branchId: order.branchId });
  const nextDate = offered.find((d) => d > order.date) ?? offered[0];
  if (!nextDate) return error;
  return new AppError('day_full', 'scheduling.dayClosedNext', { ...error.details, nextDate }, { date: formatLongDate(nextDate, order.locale) });
}

/**
 * The booking's customer, its row locked for the rest of the transaction (docs/decisions/0055):
 * the one named by the request or found by its email, locked `FOR NO KEY UPDATE`
 * (`lockCustomerForBusiness`), or, when there is none or the office's erasure or the retention
 * sweep anonymised it (0049) after the booking looked it up, a fresh record from the booking's own
 * details, so the visit never lands on an erased record and nothing the customer gave is lost. A row
 * created here is this transaction's alone until it commits.
 */
async function attachBookingCustomer(tx: DbExecutor, knownId: number | null, details: NewCustomer): Promise<{ id: number; created: boolean }> {
  let candidate = knownId ?? (await findCustomerIdByEmail(tx, details.email));
  // A second round only when a concurrent booking created the same email first and that row was
  // erased before this one could lock it; a third would mean something is wrong.
  for (let round = 0; round < 3; round += 1) {
    if (candidate !== null) {
      if (await lockCustomerForBusiness(tx, candidate, 'no key update')) return { id: candidate, created: false };
      getLogger().info({ erasedCustomerId: candidate }, 'booking for a customer erased meanwhile: a new customer record is made from the booking');
    }
    const row = await insertCustomerIfNew(tx, details);
    if (row.created) return row;
    candidate = row.id;
  }
  throw new Error('booking customer: no live record after three attempts');
}

/** POST /api/appointments' answer for a booking: its visits in order and its totals (SPEC's `totalPrice` is the pre-tax dollars). */
function describeBooking(
  bookingRef: string,
  visits: { id: number; customerId: number; date: string; serviceType: string }[],
  totals: { subtotalCents: number; taxCents: number; totalCents: number; holdExpiresAt: Date | null },
): CreatedBooking {
  const first = visits[0]!;
  return {
    id: first.id,
    appointmentId: first.id,
    customerId: first.customerId,
    bookingRef,
    appointments: visits.map((a) => ({ id: a.id, customerId: a.customerId, date: a.date, serviceType: a.serviceType })),
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    totalPrice: totals.subtotalCents / 100,
    holdExpiresAt: totals.holdExpiresAt?.toISOString() ?? null,
  };
}

/** The answer to a repeated identical request: the booking it already made, as POST /api/appointments answers it. */
async function answerReplay(db: DbExecutor, bookingRef: string, source: BookingSource): Promise<CreatedBooking & { replayed: true }> {
  const rows = await listBookingRows(db, bookingRef);
  const first = rows[0]!;
  getLogger().info({ bookingRef, source }, 'booking request repeated: the existing booking is returned');
  const totals = { subtotalCents: first.subtotalCents ?? 0, taxCents: first.taxCents ?? 0, totalCents: first.totalCents ?? 0, holdExpiresAt: first.holdExpiresAt };
  return { ...describeBooking(bookingRef, rows, totals), replayed: true };
}

/** Coordinates for the route planner: the geocoder's, else the postal area's centre; null when neither is known. */
export async function locate(address: string, city: string, postalCode: string): Promise<{ latitude: number; longitude: number } | null> {
  try {
    const found = await geocodeAddress({ address, city, postalCode });
    if (found) return { latitude: found.latitude, longitude: found.longitude };
  } catch (err) {
    // A geocoder outage must never lose a booking: the FSA centre is good enough to plan a route.
    getLogger().warn({ err }, 'geocoding failed; using the FSA centroid');
  }
  const centroid = findFsaCentroid(postalCode);
  return centroid ? { latitude: centroid.latitude, longitude: centroid.longitude } : null;
}

/** Queues "we received your booking" (`renderBookingReceivedEmail`) in the caller's transaction (the booking's, or the office's resend, 0091). */
export async function queueBookingReceivedEmail(tx: DbExecutor, data: { to: string; email: BookingReceivedEmailInput }): Promise<void> {
  await enqueueEmail(tx, {
    kind: 'booking-received',
    to: data.to,
    locale: data.email.locale,
    ...renderBookingReceivedEmail(data.email),
    relatedType: 'appointment',
    relatedId: data.email.appointmentId,
  });
}

/** Worker: unpaid bookings past their hold release their Friday stops. Returns the expired ids. */
export async function expireUnpaidHolds(now: Date): Promise<number[]> {
  const ids = await markExpiredHolds(await getDb(), now);
  if (ids.length > 0) getLogger().info({ count: ids.length }, 'expired unpaid booking holds');
  return ids;
}
