import { describe, expect, it } from 'vitest';
import { findFollowUpRefusal, findImpliedConsentLastDay, findNextFollowUpAt, type FollowUpCustomer, type FollowUpQuote } from './quote-follow-up';

const TZ = 'America/Toronto';
const at = (iso: string) => new Date(iso);

describe('findImpliedConsentLastDay: six months from the inquiry, counted in Toronto calendar days', () => {
  it.each([
    ['2026-05-10T16:00:00Z', '2026-11-10'],
    // 31 August has no 31 February: the last day of February.
    ['2026-08-31T16:00:00Z', '2027-02-28'],
    ['2027-08-31T16:00:00Z', '2028-02-29'],
    // 02:30 UTC on 1 June is still 31 May in Toronto.
    ['2026-06-01T02:30:00Z', '2026-11-30'],
  ])('asked at %s: last day %s', (createdAt, lastDay) => {
    expect(findImpliedConsentLastDay(at(createdAt), TZ)).toBe(lastDay);
  });
});

describe('findNextFollowUpAt: 24 hours after the last email about the quote', () => {
  it.each([
    ['2026-11-01T10:00:00Z', null, '2026-11-02T10:00:00.000Z'],
    ['2026-11-01T10:00:00Z', '2026-11-20T15:30:00Z', '2026-11-21T15:30:00.000Z'],
    // A follow-up recorded before the quote's own time (clock skew) does not move the rule back.
    ['2026-11-01T10:00:00Z', '2026-11-01T09:00:00Z', '2026-11-02T10:00:00.000Z'],
  ])('asked %s, last follow-up %s: from %s', (createdAt, lastSentAt, expected) => {
    expect(findNextFollowUpAt(at(createdAt), lastSentAt ? at(lastSentAt) : null).toISOString()).toBe(expected);
  });
});

describe('findFollowUpRefusal', () => {
  const NOW = at('2026-11-25T15:00:00Z');
  const quote: FollowUpQuote = { state: 'sent', carriedOut: false, createdAt: at('2026-10-01T14:00:00Z'), email: 'ana@example.com', customQuote: false, outsideServiceArea: null };
  const none = { consentAt: null, unsubscribedAt: null, erasedAt: null };
  const VINELAND = { postalCode: 'L0R 2C4', area: 'Vineland' };
  const check = (changes: { quote?: Partial<FollowUpQuote>; customer?: FollowUpCustomer; addressUnsubscribedAt?: string; lastSentAt?: string | null; now?: string } = {}) => findFollowUpRefusal({
    quote: { ...quote, ...changes.quote },
    customer: changes.customer === undefined ? null : changes.customer,
    addressUnsubscribedAt: changes.addressUnsubscribedAt ? at(changes.addressUnsubscribedAt) : null,
    lastSentAt: changes.lastSentAt ? at(changes.lastSentAt) : null,
    now: changes.now ? at(changes.now) : NOW,
    timezone: TZ,
  });

  it('lets a quote asked for within six months go, with or without a customer record', () => {
    expect(check()).toBeNull();
    expect(check({ customer: none })).toBeNull();
    expect(check({ quote: { state: 'pending' } })).toBeNull();
  });

  it('lets a quote whose booking was cancelled before any visit go again, under the same rules (0073)', () => {
    expect(check({ quote: { state: 'booking-cancelled' } })).toBeNull();
    expect(check({ quote: { state: 'booking-cancelled' }, addressUnsubscribedAt: '2026-10-05T12:00:00Z' })?.reason).toBe('unsubscribed');
    expect(check({ quote: { state: 'booking-cancelled', createdAt: at('2026-04-01T12:00:00Z') } })?.reason).toBe('consent_lapsed');
    expect(check({ quote: { state: 'booking-cancelled' }, lastSentAt: '2026-11-25T14:00:00Z' })?.reason).toBe('too_soon');
    // A booked quote's flag says nothing: only a cancelled booking's carried-out visit refuses.
    expect(check({ quote: { state: 'sent', carriedOut: true } })).toBeNull();
  });

  it.each([
    ['an erased customer', { customer: { ...none, erasedAt: at('2026-11-01T00:00:00Z') }, quote: { state: 'booked' } }, 'erased'],
    ['a booked quote', { quote: { state: 'booked' } }, 'booked'],
    ['a quote whose cancelled booking had a visit carried out first (0073)', { quote: { state: 'booking-cancelled', carriedOut: true } }, 'carried_out'],
    ['no address to write to', { quote: { email: '  ' } }, 'no_email'],
    ['a quote whose link books a code no longer served (0104)', { quote: { outsideServiceArea: VINELAND } }, 'outside_area'],
    ['a custom (acreage) quote', { quote: { customQuote: true } }, 'custom_quote'],
  ] as const)('refuses %s', (_what, changes, reason) => {
    expect(check(changes)?.reason).toBe(reason);
  });

  it('refuses a code no longer served with the code and community, ahead of the rules that pass with time, but not a booked quote (0104)', () => {
    expect(check({ quote: { outsideServiceArea: VINELAND } })).toEqual({ reason: 'outside_area', ...VINELAND });
    expect(check({ quote: { outsideServiceArea: { postalCode: 'K1A 0B1', area: null } } })).toEqual({ reason: 'outside_area', postalCode: 'K1A 0B1', area: null });
    // Only booking it is refused: a cancelled booking with no visit carried out is an open lead like any other.
    expect(check({ quote: { state: 'booking-cancelled', outsideServiceArea: VINELAND } })?.reason).toBe('outside_area');
    expect(check({ quote: { state: 'booked', outsideServiceArea: VINELAND } })?.reason).toBe('booked');
    expect(check({ quote: { outsideServiceArea: VINELAND }, lastSentAt: '2026-11-25T14:00:00Z', customer: { ...none, unsubscribedAt: at('2026-06-01T12:00:00Z') } })?.reason).toBe('outside_area');
  });

  it('refuses a customer who unsubscribed and did not agree again since, whenever it was', () => {
    const since = at('2026-06-01T12:00:00Z');
    expect(check({ customer: { ...none, unsubscribedAt: since } })).toEqual({ reason: 'unsubscribed', since });
    expect(check({ customer: { consentAt: at('2026-05-01T12:00:00Z'), unsubscribedAt: since, erasedAt: null } })?.reason).toBe('unsubscribed');
    // Ticking the box again on a later booking is a new consent (0043).
    expect(check({ customer: { consentAt: at('2026-07-01T12:00:00Z'), unsubscribedAt: since, erasedAt: null } })).toBeNull();
  });

  it('refuses an address that unsubscribed from a quote email\'s link, with or without a customer record, unless consent came after it (0066)', () => {
    const since = at('2026-10-05T12:00:00Z');
    expect(check({ addressUnsubscribedAt: '2026-10-05T12:00:00Z' })).toEqual({ reason: 'unsubscribed', since });
    expect(check({ customer: { consentAt: at('2026-04-01T12:00:00Z'), unsubscribedAt: null, erasedAt: null }, addressUnsubscribedAt: '2026-10-05T12:00:00Z' }))
      .toEqual({ reason: 'unsubscribed', since });
    // Ticking the box on a booking after it is a new express consent, as for a customer's own unsubscribe.
    expect(check({ customer: { consentAt: at('2026-10-20T12:00:00Z'), unsubscribedAt: null, erasedAt: null }, addressUnsubscribedAt: '2026-10-05T12:00:00Z' })).toBeNull();
    // Both standing: the office is told the first.
    const first = at('2026-06-01T12:00:00Z');
    expect(check({ customer: { ...none, unsubscribedAt: first }, addressUnsubscribedAt: '2026-10-05T12:00:00Z' })).toEqual({ reason: 'unsubscribed', since: first });
  });

  it('allows the last day of the six months and refuses the day after, unless the customer agreed to our emails', () => {
    const asked = { quote: { createdAt: at('2026-05-25T14:00:00Z') } };
    // 25 November in Toronto until 05:00 UTC on the 26th.
    expect(check({ ...asked, now: '2026-11-26T04:59:00Z' })).toBeNull();
    expect(check({ ...asked, now: '2026-11-26T05:00:00Z' })).toEqual({ reason: 'consent_lapsed', lastDay: '2026-11-25' });
    const subscribed = { consentAt: at('2026-04-01T12:00:00Z'), unsubscribedAt: null, erasedAt: null };
    expect(check({ ...asked, customer: subscribed, now: '2027-05-01T12:00:00Z' })).toBeNull();
  });

  it('refuses within 24 hours of the quote email or of the last follow-up, and says from when', () => {
    expect(check({ quote: { createdAt: at('2026-11-25T09:00:00Z') } })).toEqual({ reason: 'too_soon', nextAt: at('2026-11-26T09:00:00Z') });
    expect(check({ lastSentAt: '2026-11-24T15:00:01Z' })).toEqual({ reason: 'too_soon', nextAt: at('2026-11-25T15:00:01Z') });
    expect(check({ lastSentAt: '2026-11-24T15:00:00Z' })).toBeNull();
  });

  it('gives the first reason in order: erased, booked, carried out, address, custom, unsubscribed, six months, 24 hours', () => {
    const everything = {
      quote: { state: 'booked' as const, email: null, customQuote: true, createdAt: at('2025-01-01T12:00:00Z') },
      customer: { consentAt: null, unsubscribedAt: at('2025-02-01T00:00:00Z'), erasedAt: null },
      lastSentAt: '2026-11-25T14:00:00Z',
    };
    expect(check(everything)?.reason).toBe('booked');
    expect(check({ ...everything, quote: { ...everything.quote, state: 'booking-cancelled' as const, carriedOut: true } })?.reason).toBe('carried_out');
    expect(check({ ...everything, quote: { ...everything.quote, state: 'sent' as const } })?.reason).toBe('no_email');
    expect(check({ ...everything, quote: { ...everything.quote, state: 'sent' as const, email: 'a@example.com' } })?.reason).toBe('custom_quote');
    expect(check({ ...everything, quote: { ...everything.quote, state: 'sent' as const, email: 'a@example.com', customQuote: false } })?.reason).toBe('unsubscribed');
    expect(check({ ...everything, customer: null, quote: { ...everything.quote, state: 'sent' as const, email: 'a@example.com', customQuote: false } })?.reason).toBe('consent_lapsed');
  });
});
