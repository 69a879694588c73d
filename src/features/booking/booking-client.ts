/**
 * Browser side of a booking: the calls SPEC §4's booking flows make, their error mapping, and the
 * checkoutData handed to /checkout. No React here so the flows are testable and shared.
 */
import { recordFunnelStep, trackEvent } from '@/features/analytics/analytics';
import { formatPostalCode } from '@/features/service-area/postal-code';
import { NO_PHONE } from './booking.schema';
import type { CreatedBooking } from './booking.types';

export type BookingApiError =
  /** `closed`: the Friday is closed to bookings (a rain day), with the next open one when the server named it (0072). */
  | { kind: 'day_full'; message: string; fullDates: string[]; closed: boolean; nextDate: string | null }
  | { kind: 'price_changed'; message: string; currentTotalCents: number }
  | { kind: 'validation'; message: string; fields: Record<string, string> }
  | { kind: 'rate_limited'; message: string }
  | { kind: 'failed'; message: string };

type Result<T> = { ok: true; data: T } | { ok: false; error: BookingApiError };

async function readError(res: Response | null): Promise<BookingApiError> {
  if (!res) return { kind: 'failed', message: '' };
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const message = typeof body?.message === 'string' ? body.message : '';
  if (res.status === 409 && body?.code === 'day_full') {
    return {
      kind: 'day_full',
      message,
      fullDates: Array.isArray(body.fullDates) ? (body.fullDates as string[]) : [],
      closed: body.reason === 'closed',
      nextDate: typeof body.nextDate === 'string' ? body.nextDate : null,
    };
  }
  if (res.status === 409 && body?.code === 'price_changed' && typeof body.currentTotalCents === 'number') {
    return { kind: 'price_changed', message, currentTotalCents: body.currentTotalCents };
  }
  if (res.status === 400) return { kind: 'validation', message, fields: (body?.fields as Record<string, string>) ?? {} };
  if (res.status === 429) return { kind: 'rate_limited', message };
  return { kind: 'failed', message };
}

async function postJson(url: string, body: unknown): Promise<Response | null> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(body),
  }).catch(() => null);
}

export async function createAppointment(body: Record<string, unknown>): Promise<Result<CreatedBooking>> {
  const res = await postJson('/api/appointments', body);
  if (res?.ok) {
    const data = (await res.json().catch(() => null)) as CreatedBooking | null;
    // SPEC §7 reads appointments[0].id, appointmentId or id.
    const id = data?.appointments?.[0]?.id ?? data?.appointmentId ?? data?.id;
    if (data && typeof id === 'number') return { ok: true, data: { ...data, id, appointmentId: id } };
    return { ok: false, error: { kind: 'failed', message: 'no-id' } };
  }
  return { ok: false, error: await readError(res) };
}

/** The property size that has no online price: the office quotes it (DECISIONS §1, "over 2 acres"). */
export const CUSTOM_QUOTE_SIZE = '999';

export type CustomQuoteRequest = {
  name: string; email: string; phone: string; address: string; city: string; postalCode: string;
  serviceType: string; includeTick: boolean; includeStandingWater: boolean;
  /** The form's "Special Requests": they go with the request to the office (0084). */
  specialRequests?: string;
};

/**
 * /request-service's "More than 2 acres (custom quote)": the request goes to the office as the
 * calculator's acreage request does (POST /api/send-quote, size 999), never to a checkout that would
 * charge a price the site does not have (0079). The customer's special requests go with it (0084).
 */
export async function sendCustomQuoteRequest(request: CustomQuoteRequest): Promise<Result<{ quoteId: number | null }>> {
  const res = await postJson('/api/send-quote', {
    name: request.name.trim(), email: request.email.trim(), phone: request.phone.trim(), website: '',
    quoteDetails: {
      serviceType: request.serviceType, propertySize: Number(CUSTOM_QUOTE_SIZE),
      includeTick: request.serviceType !== 'tick-seasonal' && request.includeTick, includeStandingWater: request.includeStandingWater,
      address: request.address.trim(), city: request.city.trim(), postalCode: request.postalCode.trim(),
    },
    notes: request.specialRequests?.trim() ?? '',
  });
  if (res?.ok) {
    const data = (await res.json().catch(() => null)) as { quoteId?: number | null } | null;
    return { ok: true, data: { quoteId: data?.quoteId ?? null } };
  }
  return { ok: false, error: await readError(res) };
}

/**
 * The line the calculator and the booking form show under their Friday list when it starts later
 * than the season's first bookable Friday (0092), by why (0099): earlier Fridays full, closed to
 * bookings (a rain day, said as closed, not full), or some of each. Its key in their namespaces.
 */
export type EarlierFridaysNote = 'earlierFull' | 'earlierClosed' | 'earlierFullOrClosed';

/** The note for the available-dates answer's `earlierFull` and `earlierClosed`; null when neither. */
export function pickEarlierFridaysNote(answer: { earlierFull?: unknown; earlierClosed?: unknown }): EarlierFridaysNote | null {
  const full = answer.earlierFull === true;
  const closed = answer.earlierClosed === true;
  if (full && closed) return 'earlierFullOrClosed';
  if (closed) return 'earlierClosed';
  return full ? 'earlierFull' : null;
}

/**
 * Bookable Fridays for a plan; with the one-time standing-water add-on, only Fridays with room for
 * its second stop. `earlier`: why earlier Fridays of the season, from today on, are not in the
 * list, as the note to show (`pickEarlierFridaysNote`), or null.
 */
export async function fetchFridayOffer(serviceType: string, includeTargetedInsects = false): Promise<{ dates: string[]; earlier: EarlierFridaysNote | null } | null> {
  const query = new URLSearchParams({ serviceType, ...(includeTargetedInsects ? { includeTargetedInsects: 'true' } : {}) });
  const res = await fetch(`/api/appointments/available-dates?${query.toString()}`, { credentials: 'include' }).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json().catch(() => null)) as { dates?: unknown; earlierFull?: unknown; earlierClosed?: unknown } | null;
  if (!Array.isArray(body?.dates)) return null;
  return { dates: body.dates.filter((d): d is string => typeof d === 'string'), earlier: pickEarlierFridaysNote(body) };
}

/** The Fridays of `fetchFridayOffer` alone. */
export async function fetchAvailableDates(serviceType: string, includeTargetedInsects = false): Promise<string[] | null> {
  return (await fetchFridayOffer(serviceType, includeTargetedInsects))?.dates ?? null;
}

export type ServiceAreaAnswer = { status: 'in' } | { status: 'out'; postalCode: string } | { status: 'invalid' } | { status: 'unknown' };

export async function checkPostalCode(postalCode: string): Promise<ServiceAreaAnswer> {
  const code = postalCode.replace(/\s+/g, '').toUpperCase();
  const res = await fetch(`/api/service-area/check/${encodeURIComponent(code)}`, { credentials: 'include' }).catch(() => null);
  if (res?.status === 400) return { status: 'invalid' };
  if (!res?.ok) return { status: 'unknown' };
  const body = (await res.json().catch(() => null)) as { inServiceArea?: boolean; postalCode?: string } | null;
  if (body?.inServiceArea === true) return { status: 'in' };
  // Written as Canada Post writes it ('K1A 0B1'), as the home page's check and the booking API say it.
  if (body?.inServiceArea === false) return { status: 'out', postalCode: formatPostalCode(body.postalCode ?? code) };
  return { status: 'unknown' };
}

/** Why a postal code may not be booked, as a message key of the whole catalogue and its values. */
export type PostalCodeRefusal = { key: string; values?: Record<string, string> };

/**
 * The service-area check /book-quote runs before it books a quote on the first open Friday (0087):
 * a code is required (no stand-in), well formed, and in the area. When the check cannot be asked
 * (offline), the booking goes ahead and the server refuses a code outside the area itself.
 */
export async function checkOrderPostalCode(postalCode: string): Promise<{ ok: true; postalCode: string } | { ok: false; refusal: PostalCodeRefusal }> {
  const code = postalCode.trim();
  if (!code) return { ok: false, refusal: { key: 'booking.validation.zipCodeRequired' } };
  const area = await checkPostalCode(code);
  if (area.status === 'invalid') return { ok: false, refusal: { key: 'booking.validation.invalidPostalCode' } };
  if (area.status === 'out') return { ok: false, refusal: { key: 'booking.errors.outsideArea', values: { postalCode: area.postalCode } } };
  return { ok: true, postalCode: code };
}

/** SPEC §3 checkoutData, plus the server's figures so /checkout can show them before it re-prices. */
export type CheckoutData = {
  appointmentId: number;
  customerId: number;
  bookingRef: string;
  serviceType: string;
  propertySize: number;
  includeTick: boolean;
  includeTargetedInsects: boolean;
  includeStandingWater: boolean;
  totalPrice: number;
  confirmedQuoteTotal: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  discountCode: string | null;
  quoteId: number | null;
  date: string;
  freshCalculation: true;
};

export function storeCheckoutData(data: CheckoutData): void {
  try {
    window.sessionStorage.setItem('checkoutData', JSON.stringify(data));
  } catch {
    // Storage blocked: /checkout still finds the booking from ?appointmentId=&ref=.
  }
}

/**
 * /checkout for a booking. The appointment id and the booking's reference ride along, so a reload,
 * a new tab or a copied link pays the same booking without session storage; the server takes the
 * id only with its reference (docs/decisions/0025).
 */
export function checkoutPath(appointmentId: number, bookingRef: string): string {
  return `/checkout?${new URLSearchParams({ appointmentId: String(appointmentId), ref: bookingRef }).toString()}`;
}

/** Form field names the server's 400 `fields` map onto (it speaks SPEC's canonical names). */
export function mapServerField(field: string, variant: 'zipCode' | 'postalCode'): string {
  if (field === 'postalCode' || field === 'zipCode') return variant;
  if (field === 'notes') return 'specialInstructions';
  return field;
}

export type OrderRequest = {
  name?: string;
  /** The parts the customer typed (a quote's, 0070): they win over splitting `name` while it reads as them. */
  firstName?: string;
  lastName?: string;
  email?: string;
  address?: string;
  phone?: string;
  city?: string;
  postalCode?: string;
  serviceType: string;
  propertySize: number | string;
  includeTick?: boolean;
  includeTargetedInsects?: boolean;
  extras?: string[];
  discountCode?: string | null;
  quoteId?: number | null;
  notes?: string;
};

export type OrderOutcome =
  | { ok: true; appointment: CreatedBooking; path: string }
  | { ok: false; reason: 'missing'; missing: string[] }
  | { ok: false; reason: 'no-dates' }
  | { ok: false; reason: 'api'; error: BookingApiError };

/**
 * SPEC §4 order-creation path (e.g. a quote email's direct link): take the first available date,
 * book it with the customer's details (the customer record is made in the booking's transaction,
 * so a refused order leaves none behind, 0079), store the amount and go to /checkout.
 * `prepare` is `prepareOrderCustomer` from the schema module (SPEC §5's defaults).
 */
export async function runOrderFlow(
  order: OrderRequest,
  prepare: (input: OrderRequest) => { ok: true; customer: Record<string, string> } | { ok: false; missing: string[] },
  locale: string,
): Promise<OrderOutcome> {
  const prepared = prepare(order);
  if (!prepared.ok) return { ok: false, reason: 'missing', missing: prepared.missing };
  const c = prepared.customer;
  recordFunnelStep({
    planType: order.serviceType, propertySize: order.propertySize, city: c.city, postalCode: c.postalCode,
    customerInfo: { email: c.email, name: [c.firstName, c.lastName].filter(Boolean).join(' '), address: c.address, city: c.city, postalCode: c.postalCode },
    conversionStage: 'booking_initiated',
  });
  const dates = await fetchAvailableDates(order.serviceType, order.includeTargetedInsects ?? false);
  const date = dates?.[0];
  if (!date) return { ok: false, reason: 'no-dates' };
  const created = await createAppointment({
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    // SPEC's stand-in for "no phone" is not a number the booking takes; without one the booking uses it itself.
    ...(c.phone && c.phone !== NO_PHONE ? { phone: c.phone } : {}),
    serviceType: order.serviceType,
    date,
    time: '09:00',
    notes: order.notes ?? 'Online order',
    propertySize: order.propertySize,
    includeTick: order.includeTick ?? false,
    includeTargetedInsects: order.includeTargetedInsects ?? false,
    ...(order.extras?.length ? { extras: order.extras } : {}),
    address: prepared.customer.address,
    city: prepared.customer.city,
    postalCode: prepared.customer.postalCode,
    discountCode: order.discountCode ?? undefined,
    quoteId: order.quoteId ?? undefined,
    locale,
  });
  if (!created.ok) return { ok: false, reason: 'api', error: created.error };
  const booked = created.data;
  trackEvent('Schedule', { totalCents: booked.totalCents, contentName: order.serviceType });
  recordFunnelStep({ planType: order.serviceType, propertySize: order.propertySize, city: c.city, postalCode: c.postalCode, conversionStage: 'appointment_created' });
  try {
    // SPEC §3's alternate order flow keys.
    window.sessionStorage.setItem('checkoutDetails', JSON.stringify({
      amount: booked.totalCents / 100, customerId: booked.customerId, serviceType: order.serviceType,
      includeTick: order.includeTick ?? false, includeTargetedInsects: order.includeTargetedInsects ?? false,
    }));
    window.sessionStorage.setItem('appointmentDate', date);
  } catch {
    // Storage blocked: the query string still carries the appointment and its reference.
  }
  return { ok: true, appointment: booked, path: checkoutPath(booked.id, booked.bookingRef) };
}

/** The quote as /book-quote needs it, read defensively from GET /api/quotes/by-token/{token}. */
export type QuoteSummary = {
  id: number | null;
  serviceType: string;
  propertySize: number;
  includeTick: boolean;
  includeTargetedInsects: boolean;
  totalCents: number | null;
  totalPrice: number | null;
  name: string;
  /** The quote's first and last name: as the customer typed them, or its full name split at the first space for an older quote (0070). */
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  /**
   * Where `postalCode` comes from (0087): the quote, the quote's street as typed, or the customer's
   * record; null when nothing gave one, and /book-quote asks for it.
   */
  postalCodeFrom: 'quote' | 'address' | 'customer' | null;
  /** `postalCode` is one the branch no longer serves (0096): the code as Canada Post writes it and the community, if named. */
  outsideServiceArea: { postalCode: string; area: string | null } | null;
  discountCode: string | null;
  extras: string[];
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

function readOutsideServiceArea(value: unknown): QuoteSummary['outsideServiceArea'] {
  if (!value || typeof value !== 'object') return null;
  const { postalCode, area } = value as Record<string, unknown>;
  return typeof postalCode === 'string' && postalCode ? { postalCode, area: typeof area === 'string' ? area : null } : null;
}

export function readQuoteSummary(body: unknown): QuoteSummary | null {
  if (!body || typeof body !== 'object') return null;
  const raw = ('quote' in body && body.quote && typeof body.quote === 'object' ? body.quote : body) as Record<string, unknown>;
  const serviceType = str(raw.serviceType);
  if (!serviceType) return null;
  const customer = (raw.customer && typeof raw.customer === 'object' ? raw.customer : {}) as Record<string, unknown>;
  const firstName = str(raw.firstName) || str(customer.firstName);
  const lastName = str(raw.lastName) || str(customer.lastName);
  const name = str(raw.customerName) || str(raw.name) || [firstName, lastName].filter(Boolean).join(' ');
  return {
    id: num(raw.id),
    serviceType,
    propertySize: num(raw.propertySize) ?? 0.5,
    includeTick: raw.includeTick === true,
    includeTargetedInsects: raw.includeTargetedInsects === true || raw.includeStandingWater === true,
    totalCents: num(raw.totalCents),
    totalPrice: num(raw.totalPrice),
    name,
    firstName,
    lastName,
    email: str(raw.customerEmail) || str(raw.email) || str(customer.email),
    phone: str(raw.phone) || str(raw.customerPhone) || str(customer.phone),
    address: str(raw.address),
    city: str(raw.city),
    postalCode: str(raw.postalCode),
    postalCodeFrom: raw.postalCodeFrom === 'address' || raw.postalCodeFrom === 'customer' ? raw.postalCodeFrom : str(raw.postalCode) ? 'quote' : null,
    outsideServiceArea: readOutsideServiceArea(raw.outsideServiceArea),
    discountCode: str(raw.discountCode) || null,
    extras: Array.isArray(raw.extras) ? raw.extras.filter((e): e is string => typeof e === 'string') : [],
  };
}

