import { describe, expect, it } from 'vitest';
import { findStandingAddressUnsubscribe, findUnsubscribedSince, isSubscribed, planConsentChange, readConsentStatus } from './consent';

const at = (iso: string) => new Date(iso);
const now = at('2026-11-24T15:00:00Z');

describe('who may receive promotional email', () => {
  it.each([
    { name: 'never asked', consentAt: null, unsubscribedAt: null, subscribed: false },
    { name: 'agreed', consentAt: at('2026-06-01T12:00:00Z'), unsubscribedAt: null, subscribed: true },
    { name: 'agreed, then unsubscribed', consentAt: at('2026-06-01T12:00:00Z'), unsubscribedAt: at('2026-07-01T12:00:00Z'), subscribed: false },
    { name: 'unsubscribed, then agreed again on a new booking', consentAt: at('2026-08-01T12:00:00Z'), unsubscribedAt: at('2026-07-01T12:00:00Z'), subscribed: true },
    { name: 'unsubscribed without ever agreeing', consentAt: null, unsubscribedAt: at('2026-07-01T12:00:00Z'), subscribed: false },
  ])('$name: $subscribed', ({ consentAt, unsubscribedAt, subscribed }) => {
    expect(isSubscribed({ consentAt, unsubscribedAt })).toBe(subscribed);
  });
});

describe('what the staff customer page says', () => {
  it('agreed on a date, with the words', () => {
    expect(readConsentStatus({ consentAt: at('2026-06-01T12:00:00Z'), consentText: 'Email me…', unsubscribedAt: null }))
      .toEqual({ status: 'given', since: at('2026-06-01T12:00:00Z'), text: 'Email me…' });
  });
  it('unsubscribed on a date, even though consent was given before', () => {
    expect(readConsentStatus({ consentAt: at('2026-06-01T12:00:00Z'), consentText: 'Email me…', unsubscribedAt: at('2026-07-01T12:00:00Z') }))
      .toEqual({ status: 'unsubscribed', since: at('2026-07-01T12:00:00Z') });
  });
  it('nothing when the box was never ticked', () => {
    expect(readConsentStatus({ consentAt: null, consentText: null, unsubscribedAt: null })).toEqual({ status: 'none' });
  });
});

describe('what an unsubscribe link tells its visitor', () => {
  const erasedAt = at('2026-09-15T14:00:00Z');
  it.each([
    { name: 'subscribed: the button', consentAt: at('2026-06-01T12:00:00Z'), unsubscribedAt: null, erasedAt: null, since: null },
    { name: 'never asked: the button', consentAt: null, unsubscribedAt: null, erasedAt: null, since: null },
    { name: 'unsubscribed: since then', consentAt: at('2026-06-01T12:00:00Z'), unsubscribedAt: at('2026-07-01T12:00:00Z'), erasedAt: null, since: at('2026-07-01T12:00:00Z') },
    { name: 'agreed again after unsubscribing: the button', consentAt: at('2026-08-01T12:00:00Z'), unsubscribedAt: at('2026-07-01T12:00:00Z'), erasedAt: null, since: null },
    // The erasure cleared the three columns: the link tells an unsubscribe from that day, never the button.
    { name: 'erased: since the erasure', consentAt: null, unsubscribedAt: null, erasedAt, since: erasedAt },
  ])('$name', ({ consentAt, unsubscribedAt, erasedAt: erased, since }) => {
    expect(findUnsubscribedSince({ consentAt, consentText: null, unsubscribedAt, erasedAt: erased })).toEqual(since);
  });
});

describe('what a booking does to consent', () => {
  const text = 'Email me seasonal reminders and offers from Escarpment Mosquito & Tick. I can unsubscribe at any time.';
  it('ticked by a customer who never agreed: records the time and the words', () => {
    expect(planConsentChange({ consentAt: null, unsubscribedAt: null }, { ticked: true, now, text })).toEqual({ consentAt: now, consentText: text });
  });
  it('not ticked: never removes an earlier consent (nothing to write)', () => {
    expect(planConsentChange({ consentAt: at('2026-06-01T12:00:00Z'), unsubscribedAt: null }, { ticked: false, now, text })).toBeNull();
    expect(planConsentChange({ consentAt: null, unsubscribedAt: null }, { ticked: false, now, text })).toBeNull();
  });
  it('ticked again while subscribed: the first consent stays the proof', () => {
    expect(planConsentChange({ consentAt: at('2026-06-01T12:00:00Z'), unsubscribedAt: null }, { ticked: true, now, text })).toBeNull();
  });
  it('ticked after unsubscribing: a new consent, newer than the unsubscribe', () => {
    const change = planConsentChange({ consentAt: at('2026-06-01T12:00:00Z'), unsubscribedAt: at('2026-07-01T12:00:00Z') }, { ticked: true, now, text });
    expect(change).toEqual({ consentAt: now, consentText: text });
    expect(isSubscribed({ consentAt: change!.consentAt, unsubscribedAt: at('2026-07-01T12:00:00Z') })).toBe(true);
  });
});

describe('whether an address on the do-not-email list still stands (0066, 0074)', () => {
  const entry = { unsubscribedAt: at('2026-08-01T12:00:00Z'), consentAt: null };
  it.each([
    { name: 'no entry', entry: null, owners: [], standing: null },
    { name: 'an entry, nobody with the address', entry, owners: [], standing: entry.unsubscribedAt },
    { name: 'a customer who agreed before it', entry, owners: [{ consentAt: at('2026-06-01T12:00:00Z'), unsubscribedAt: null }], standing: entry.unsubscribedAt },
    { name: 'a customer who ticked the box after it', entry, owners: [{ consentAt: at('2026-09-01T12:00:00Z'), unsubscribedAt: null }], standing: null },
    // The office gave this customer the address after they had agreed for another one: marked unsubscribed then, they no longer outrank it.
    {
      name: 'a customer who agreed after it but is unsubscribed now', entry,
      owners: [{ consentAt: at('2026-09-01T12:00:00Z'), unsubscribedAt: at('2026-11-20T12:00:00Z') }], standing: entry.unsubscribedAt,
    },
    { name: 'consent given again to the office after it', entry: { ...entry, consentAt: at('2026-10-01T12:00:00Z') }, owners: [], standing: null },
    {
      name: 'unsubscribed again after the office\'s consent', entry: { unsubscribedAt: at('2026-11-01T12:00:00Z'), consentAt: at('2026-10-01T12:00:00Z') },
      owners: [], standing: at('2026-11-01T12:00:00Z'),
    },
  ])('$name', ({ entry: e, owners, standing }) => {
    expect(findStandingAddressUnsubscribe(e, owners)).toEqual(standing);
  });
});
